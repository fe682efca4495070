// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef, Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageList } from '../../src/components/message-list'
import { ToolCallCard } from '../../src/components/tool-call-card'
import { applyEvents } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { selectToolCall } from '../../src/store/selectors'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, event, resultEnd, resultStart, resultText, start, text, textStart, toolDelta, toolEnd, toolStart } from '../fixtures/script'

afterEach(cleanup)

const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture.events]))
const fixture = (name: string) => fixtures.get(name)!
// The events of a fixture up to and including the first one of `type`.
function fixtureUntil(name: string, type: string): unknown[] {
  const events = fixture(name)
  return events.slice(0, events.findIndex((value) => (value as { type: string }).type === type) + 1)
}

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

const card = () => screen.getByRole('article')
const argumentsText = () => screen.getByRole('group', { name: /^Arguments: /, hidden: true }).querySelector('pre, .as-json') as HTMLElement
const output = () => screen.getByRole('group', { name: /^Output: /, hidden: true })

describe('ToolCallCard', () => {
  it('shows the raw argument text while the arguments stream', () => {
    renderList(storeFromEvents([start(), toolStart('c1', 'get_weather'), toolDelta('c1', '{"city":"Par')]))
    expect(argumentsText().textContent).toBe('{"city":"Par')
    expect(argumentsText().getAttribute('data-status')).toBe('streaming')
    expect(within(card()).getByText('Preparing')).toBeTruthy()
  })

  it('pretty-prints the arguments once TOOL_CALL_END arrives, and is queued until the tool starts', () => {
    const store = storeFromEvents([start(), toolStart('c1', 'get_weather'), toolDelta('c1', '{"city":"Par')])
    renderList(store)
    act(() =>
      store.setState({ agent: applyEvents(store.getState().agent, [toolDelta('c1', 'is"}'), toolEnd('c1', 'get_weather')], { endOfStream: false }) }),
    )
    // keys and values first, the raw JSON on request
    expect([...argumentsText().querySelectorAll('.as-kv-row')].map((row) => row.textContent)).toEqual(['cityParis'])
    fireEvent.click(within(card()).getByRole('button', { name: 'Raw JSON' }))
    expect(argumentsText().textContent).toBe('{\n  "city": "Paris"\n}')
    expect(within(card()).getByText('Queued')).toBeTruthy()
    expect(within(card()).getByRole('button', { name: /get_weather/ }).textContent).toBe('◌get_weatherParis')
  })

  it('streams the output text as TOOL_RESULT_TEXT_DELTAs arrive, marked busy and running', () => {
    const events = [
      start(),
      toolStart('c1', 'get_weather'),
      toolDelta('c1', '{}'),
      toolEnd('c1', 'get_weather'),
      resultStart('c1'),
      resultText('c1', 'Paris: '),
      resultText('c1', '18°C'),
    ]
    renderList(storeFromEvents(events))
    const streamed = output()
    expect(streamed.textContent).toBe('Paris: 18°C')
    expect(streamed.getAttribute('aria-busy')).toBe('true')
    expect(card().getAttribute('data-status')).toBe('running')
  })

  it('shows an image the tool returned while it is still running', () => {
    const { container } = renderList(storeFromEvents(fixtureUntil('tool-result-data-delta-image', 'TOOL_RESULT_DATA_DELTA')))
    expect(output().textContent).toContain('Rendered bar chart')
    expect(container.querySelector('.as-tool img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    expect(screen.getByRole('img', { name: 'revenue-2025.png' })).toBeTruthy()
    expect(card().getAttribute('data-status')).toBe('running')
  })

  it('ends as Done with its duration after a successful result', () => {
    renderList(storeFromEvents(fixture('tool-call-streamed-args-text-result'), { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('success')
    expect(within(card()).getByText('Done')).toBeTruthy()
    expect(within(card()).getByText(/^\d+\.\d s$/)).toBeTruthy()
  })

  it('says a call quicker than a tenth of a second took "<0.1 s", not "0.0 s"', () => {
    const at = (time: string) => ({ createdAt: `2026-05-14T09:12:03.${time}Z` })
    const events = [
      start(),
      toolStart('c1', 'bash'),
      toolDelta('c1', '{}'),
      toolEnd('c1', 'bash'),
      { ...resultStart('c1'), ...at('000') },
      { ...resultEnd('c1'), ...at('040') },
    ]
    renderList(storeFromEvents(events, { endOfStream: true }))
    expect(card().querySelector('.as-tool-duration')?.textContent).toBe('<0.1 s')
  })

  it('ends as Failed, showing the error text, after an error result', () => {
    renderList(storeFromEvents(fixture('tool-result-error'), { endOfStream: true }))
    expect(within(card()).getByText('Failed')).toBeTruthy()
    expect(output().textContent).toMatch(/^Error: Tool execution failed: /)
  })

  it('ends as Denied when the user denied it (USER_CONFIRM_RESULT)', () => {
    renderList(storeFromEvents(fixture('all-tools-denied'), { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('denied')
    expect(within(card()).getByText('Permission denied by user')).toBeTruthy()
  })

  it('ends as Interrupted when the tool returned state interrupted', () => {
    renderList(storeFromEvents(fixture('interrupted-reply'), { endOfStream: true }))
    expect(within(card()).getByText('Interrupted')).toBeTruthy()
    expect(output().textContent).toContain('collected 412 items')
  })

  it('waits for the app when the result is suspended for external execution', () => {
    renderList(storeFromEvents(fixtureUntil('external-execution-pause-and-resume', 'AGENT_END'), { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('awaiting')
    expect(within(card()).getByText('Waiting for your app')).toBeTruthy()
    // the suspended result's placeholder and time are the protocol's, not the tool's: neither is shown
    expect(card().textContent).not.toContain('[Awaiting external execution]')
    expect(card().querySelector('.as-tool-duration')).toBeNull()
  })

  it('shows the result the app returned once the run resumed (the latest result wins)', () => {
    renderList(storeFromEvents(fixture('external-execution-pause-and-resume'), { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('success')
    expect(output().textContent).not.toContain('[Awaiting external execution]')
  })

  it('needs approval while the agent waits for a confirmation', () => {
    renderList(storeFromEvents(fixtureUntil('all-tools-denied', 'AGENT_END'), { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('asking')
    expect(within(card()).getByText('Needs your approval')).toBeTruthy()
  })

  it('ends as Interrupted when its turn ended without a result', () => {
    renderList(storeFromEvents([start(), toolStart('c1', 'bash'), toolDelta('c1', '{"command":"ls"}'), toolEnd('c1', 'bash'), end()]))
    expect(card().getAttribute('data-status')).toBe('interrupted')
  })

  it('ends as Interrupted when the stream is cut while the tool runs', () => {
    const events = [start(), toolStart('c1', 'bash'), toolDelta('c1', '{}'), toolEnd('c1', 'bash'), resultStart('c1'), resultText('c1', 'half')]
    renderList(storeFromEvents(events, { endOfStream: true }))
    expect(card().getAttribute('data-status')).toBe('interrupted')
    expect(output().getAttribute('aria-busy')).toBe('false')
  })

  // Regression test (a bug, now fixed, in src/components/tool-call-card.tsx:21 with src/components/tool-status.ts:22 and :26): "agent running" is read from
  // the scope as a whole, so a call whose own turn ended without a result shows Interrupted only until the
  // next turn starts; then it flips back to "Queued" for as long as that later turn streams.
  it('stays Interrupted when the next turn starts', () => {
    const first = [start('R0'), toolStart('c1', 'bash'), toolDelta('c1', '{"command":"ls"}'), toolEnd('c1', 'bash'), end('R0')]
    renderList(storeFromEvents([...first, start('R1'), textStart('M2'), text('Next answer', 'M2')]))
    expect(card().getAttribute('data-status')).toBe('interrupted')
  })

  it('marks arguments the user edited, with a diff against the original on demand', () => {
    const call = {
      type: 'tool_use',
      id: 'c1',
      name: 'bash',
      input: { command: 'rm -rf ./build' },
      content: '{"command":"rm -rf ./build"}',
      metadata: {},
      state: 'pending',
    }
    const edited = { ...call, input: { command: 'rm -rf ./dist' }, content: '{"command":"rm -rf ./dist"}' }
    const events = [
      start('R0'),
      toolStart('c1', 'bash'),
      toolDelta('c1', call.content),
      toolEnd('c1', 'bash'),
      event('REQUIRE_USER_CONFIRM', { replyId: 'A1', toolCalls: [call] }),
      end('R0'),
      start('R1'),
      event('USER_CONFIRM_RESULT', { replyId: 'A1', confirmResults: [{ confirmed: true, toolCall: edited }] }),
    ]
    renderList(storeFromEvents(events))
    expect(within(card()).getByText('Edited by you')).toBeTruthy()
    expect(argumentsText().textContent).toContain('rm -rf ./dist')
    fireEvent.click(screen.getByRole('button', { name: 'Show the original arguments', hidden: true }))
    const lines = [...card().querySelectorAll('.as-diff-line')].map((line) => `${line.getAttribute('data-change')} ${line.textContent?.trim()}`)
    expect(lines).toContain('removed -   "command": "rm -rf ./build"')
    expect(lines).toContain('added +   "command": "rm -rf ./dist"')
  })

  it('folds once done to its one-line header (icon, name, summary, status, duration), and opens on click', () => {
    renderList(storeFromEvents(fixture('parallel-tool-calls-interleaved'), { endOfStream: true }))
    const first = screen.getAllByRole('article')[0]!
    expect(first.getAttribute('data-state')).toBe('closed')
    const toggle = within(first).getAllByRole('button')[0]!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(first).queryByRole('group', { name: /^Output: / })).toBeNull()
    fireEvent.click(toggle)
    expect(first.getAttribute('data-state')).toBe('open')
    expect(within(first).getByRole('group', { name: /^Output: / })).toBeTruthy()
  })

  it('stays open while the tool runs and when it failed', () => {
    const events = [
      start(),
      toolStart('c1', 'bash'),
      toolDelta('c1', '{"command":"ls"}'),
      toolEnd('c1', 'bash'),
      resultStart('c1'),
      resultText('c1', 'a'),
    ]
    renderList(storeFromEvents(events))
    expect(card().getAttribute('data-state')).toBe('open')
    cleanup()
    renderList(storeFromEvents(fixture('tool-result-error'), { endOfStream: true }))
    expect(screen.getAllByRole('article')[0]!.getAttribute('data-state')).toBe('open')
  })

  it('folds long output behind "show more"', () => {
    const long = Array.from({ length: 40 }, (_, line) => `line ${line}`).join('\n')
    const events = [
      start(),
      toolStart('c1', 'bash'),
      toolDelta('c1', '{}'),
      toolEnd('c1', 'bash'),
      resultStart('c1'),
      resultText('c1', long),
      resultEnd('c1'),
    ]
    renderList(storeFromEvents(events))
    fireEvent.click(within(card()).getAllByRole('button')[0]!)
    expect(output().textContent).toContain('line 15')
    expect(output().textContent).not.toContain('line 39')
    fireEvent.click(within(output()).getByRole('button', { name: /^Show more/ }))
    expect(output().textContent).toContain('line 39')
  })

  it('shows a live log from the start of a line among its last 16', () => {
    // lines of unequal length: the tail is measured from the end, not from the start
    const long = Array.from({ length: 40 }, (_, line) => `[${line}] collected ${'tests/'.repeat(line < 20 ? 1 : 6)}test_models.py`).join('\n')
    const events = [start(), toolStart('c1', 'bash'), toolDelta('c1', '{}'), toolEnd('c1', 'bash'), resultStart('c1'), resultText('c1', long)]
    renderList(storeFromEvents(events))
    expect(output().querySelector('pre')!.textContent).toBe(`…${long.split('\n').slice(-16).join('\n')}`)
    cleanup()
    // one long line: its last 1,500 characters
    renderList(storeFromEvents([...events.slice(0, 5), resultText('c1', 'x'.repeat(1000) + 'y'.repeat(1000))]))
    expect(output().querySelector('pre')!.textContent).toBe(`…${'x'.repeat(500)}${'y'.repeat(1000)}`)
  })

  it('spreads extra props onto its root', () => {
    const store = storeFromEvents([start(), toolStart('c1', 'bash'), toolDelta('c1', '{}'), toolEnd('c1', 'bash')])
    const { call, result } = selectToolCall(store.getState(), 'c1')!
    render(
      <AgentProvider store={store}>
        <ToolCallCard call={call} result={result} status="pending" input={{}} scopeKey="" data-testid="tool" aria-label="bash call" />
      </AgentProvider>,
    )
    expect(screen.getByRole('article', { name: 'bash call' })).toBe(screen.getByTestId('tool'))
  })

  it('forwards its ref to the root element', () => {
    const store = storeFromEvents([start(), toolStart('c1', 'bash'), toolDelta('c1', '{}'), toolEnd('c1', 'bash')])
    const { call, result } = selectToolCall(store.getState(), 'c1')!
    const ref = createRef<HTMLElement>()
    render(
      <AgentProvider store={store}>
        <ToolCallCard call={call} result={result} status="pending" input={{}} scopeKey="" ref={ref} />
      </AgentProvider>,
    )
    expect(ref.current?.getAttribute('data-tool')).toBe('bash')
  })

  // Regression test (a bug, now fixed, in src/components/tool-call-card.tsx:39 and src/components/tool-output.tsx:29): every card has two
  // <section aria-label="Arguments"/"Output"> landmarks, so a turn with two tool calls has duplicate region
  // landmarks (axe `landmark-unique`) and the landmark list fills with "Arguments, Output, Arguments, Output…".
  // Fix: make them non-landmark groups (`<div role="group" aria-label>`), or name them per call ("Arguments of get_weather").
  it('has no axe violations, with two tool cards in a turn', async () => {
    const { container } = renderList(storeFromEvents(fixture('parallel-tool-calls-interleaved'), { endOfStream: true }))
    expect(screen.getAllByRole('article')).toHaveLength(2)
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it('costs one commit per store update, from its mount to its result (#11: at most one commit per frame)', () => {
    const store = storeFromEvents([start(), textStart(), text('Looking it up.')])
    let commits = 0
    render(
      <Profiler id="chat" onRender={() => commits++}>
        <AgentProvider store={store}>
          <MessageList />
        </AgentProvider>
      </Profiler>,
    )
    const steps = [
      [toolStart('c1', 'get_weather'), toolDelta('c1', '{"city":"Par')],
      [toolDelta('c1', 'is"}')],
      [toolEnd('c1', 'get_weather'), resultStart('c1')],
      [resultText('c1', 'Sunny'), resultEnd('c1')],
    ]
    const perUpdate = steps.map((events) => {
      const before = commits
      act(() => store.setState({ agent: applyEvents(store.getState().agent, events, { endOfStream: false }) }))
      return commits - before
    })
    expect(screen.getByRole('article').getAttribute('data-status')).toBe('success')
    expect(perUpdate).toEqual([1, 1, 1, 1])
  })
})
