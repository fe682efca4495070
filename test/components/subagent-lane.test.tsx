// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageList } from '../../src/components/message-list'
import { SubagentLaneView } from '../../src/components/subagent-lane'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, event, resultEnd, resultStart, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

afterEach(cleanup)

const SOURCE = 'session-42/researcher'
const events = loadFixtures().find((fixture) => fixture.name === 'subagent-events-interleaved-and-exposed')!.events as {
  type: string
  source?: string
}[]
// The fixture up to the child's second text delta: the researcher is still answering.
const whileChildStreams = events.slice(
  0,
  events.findIndex(
    (value, index) =>
      value.source === SOURCE &&
      value.type === 'TEXT_BLOCK_DELTA' &&
      events.slice(0, index).some((earlier) => earlier.source === SOURCE && earlier.type === 'TEXT_BLOCK_DELTA'),
  ) + 1,
)

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

const lane = () => screen.getByRole('region', { name: 'Subagent: researcher' })
const cardOf = (tool: string) => screen.getAllByRole('article').find((article) => article.getAttribute('data-tool') === tool)!

describe('SubagentLaneView', () => {
  it('sits inside the card of the agent_spawn call that spawned it, not the parallel web_search', () => {
    renderList(storeFromEvents(events, { endOfStream: true }))
    expect(cardOf('agent_spawn').contains(lane())).toBe(true)
    expect(cardOf('web_search').contains(lane())).toBe(false)
    expect(within(lane()).getByText('The three most cited papers are:', { exact: false })).toBeTruthy()
  })

  it('is marked Replying… while the subagent streams', () => {
    renderList(storeFromEvents(whileChildStreams))
    expect(lane().getAttribute('data-status')).toBe('streaming')
    expect(within(lane()).getByRole('button', { name: /Replying…/ })).toBeTruthy()
    expect(within(lane()).getByText(/MemGPT-2/)).toBeTruthy()
  })

  it('is marked Finished once the subagent ended', () => {
    renderList(storeFromEvents(events, { endOfStream: true }))
    expect(lane().getAttribute('data-status')).toBe('completed')
    expect(within(lane()).getByRole('button', { name: /Finished/ })).toBeTruthy()
  })

  it('is marked incomplete when the stream is cut before the subagent ended', () => {
    renderList(storeFromEvents(whileChildStreams, { endOfStream: true }))
    expect(lane().getAttribute('data-status')).toBe('incomplete')
  })

  it("shows the subagent's own usage", () => {
    renderList(storeFromEvents(events, { endOfStream: true }))
    expect(within(lane()).getByText('840 in · 71 out')).toBeTruthy()
  })

  it('collapses and expands from its header', () => {
    renderList(storeFromEvents(events, { endOfStream: true }))
    const header = within(lane()).getByRole('button', { name: /researcher/ })
    expect(header.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(header)
    expect(header.getAttribute('aria-expanded')).toBe('false')
    expect(document.getElementById(header.getAttribute('aria-controls')!)?.hidden).toBe(true)
  })

  it('shows a confirmation the subagent waits for, inside its lane', () => {
    const call = {
      type: 'tool_use',
      id: 'r1',
      name: 'bash',
      input: { command: 'curl example.org' },
      content: 'curl example.org',
      metadata: {},
      state: 'pending',
    }
    const spawn = [
      start('R0'),
      toolStart('s1', 'agent_spawn'),
      toolDelta('s1', '{"agent_id":"researcher"}'),
      toolEnd('s1', 'agent_spawn'),
      resultStart('s1'),
    ]
    renderList(
      storeFromEvents([
        ...spawn,
        event('AGENT_START', { name: 'researcher', role: 'assistant', source: SOURCE }),
        event('REQUIRE_USER_CONFIRM', { replyId: 'X1', source: SOURCE, toolCalls: [call] }),
      ]),
    )
    const note = within(lane()).getByRole('note')
    expect(within(note).getByText('This subagent is waiting for a confirmation')).toBeTruthy()
    expect(within(note).getByText('curl example.org')).toBeTruthy()
  })

  it('shows each run of a subagent called again under the call that spawned that run', () => {
    // One subagent (one source, so one scope) spawned by s1, then by s2 in the same turn, then by s3 in the next turn.
    const spawn = (id: string, replyId: string) => [
      toolStart(id, 'agent_spawn', replyId),
      toolDelta(id, '{"agent_id":"researcher"}', replyId),
      toolEnd(id, 'agent_spawn', replyId),
      resultStart(id),
    ]
    const child = (replyId: string, words: string) => [
      event('AGENT_START', { name: 'researcher', role: 'assistant', source: SOURCE, replyId }),
      event('TEXT_BLOCK_START', { replyId, blockId: 'text', source: SOURCE }),
      event('TEXT_BLOCK_DELTA', { replyId, blockId: 'text', delta: words, source: SOURCE }),
      event('TEXT_BLOCK_END', { replyId, blockId: 'text', source: SOURCE }),
      event('AGENT_END', { replyId, source: SOURCE }),
    ]
    const store = storeFromEvents(
      [
        start('R0'),
        ...spawn('s1', 'M1'),
        ...child('C1', 'First findings.'),
        resultEnd('s1'),
        ...spawn('s2', 'M2'),
        ...child('C2', 'Second findings.'),
        resultEnd('s2'),
        end('R0'),
        start('R1'),
        ...spawn('s3', 'M3'),
        // cut before its AGENT_END
        ...child('C3', 'Third findings.').slice(0, -1),
      ],
      { endOfStream: true },
    )
    renderList(store)
    const cards = screen.getAllByRole('article').filter((article) => article.getAttribute('data-tool') === 'agent_spawn')
    const lanes = cards.map((card) => within(card).getAllByRole('region', { name: 'Subagent: researcher' }))
    expect(lanes.map((found) => found.length)).toEqual([1, 1, 1])
    expect(lanes.map(([found]) => found!.textContent)).toEqual([
      expect.stringContaining('First findings.'),
      expect.stringContaining('Second findings.'),
      expect.stringContaining('Third findings.'),
    ])
    expect(lanes.map(([found]) => (found!.textContent?.match(/findings\./g) ?? []).length)).toEqual([1, 1, 1])
    // the last run was cut with the stream, the earlier ones finished
    expect(lanes.map(([found]) => found!.getAttribute('data-status'))).toEqual(['completed', 'completed', 'incomplete'])
    expect(Object.keys(store.getState().agent.scopes)).toEqual(['', SOURCE])
  })

  it('spreads extra props onto its region', () => {
    render(
      <AgentProvider store={storeFromEvents(events, { endOfStream: true })}>
        <SubagentLaneView scopeKey={SOURCE} data-testid="lane" />
      </AgentProvider>,
    )
    expect(screen.getByTestId('lane')).toBe(lane())
  })

  it('forwards its ref to the region', () => {
    const ref = createRef<HTMLElement>()
    render(
      <AgentProvider store={storeFromEvents(events, { endOfStream: true })}>
        <SubagentLaneView scopeKey={SOURCE} ref={ref} defaultOpen={false} />
      </AgentProvider>,
    )
    expect(ref.current).toBe(lane())
    expect(within(lane()).getByRole('button').getAttribute('aria-expanded')).toBe('false')
  })

  it('has no axe violations', async () => {
    renderList(storeFromEvents(events, { endOfStream: true }))
    // The lane only: the tool cards around it are checked in tool-call-card.test.tsx.
    const results = await axe.run(lane(), JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
