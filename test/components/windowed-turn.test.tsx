// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { MessageList } from '../../src/components/message-list'
import { BLOCK_WINDOW_THRESHOLD } from '../../src/components/turn-view'
import { AgentProvider } from '../../src/react/agent-provider'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, event, resultStart, start, text, textEnd, textStart, toolEnd, toolStart } from '../fixtures/script'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// One turn of `blocks` text blocks, each from its own model call, "**step N**" in markdown.
function longTurn(blocks: number, closed = true): unknown[] {
  const events: unknown[] = [start()]
  for (let index = 0; index < blocks; index++) {
    const model = `M${index}`
    events.push(event('MODEL_CALL_START', { replyId: model }), textStart(model), text(`**step ${index}**`, model), textEnd(model))
    events.push(event('MODEL_CALL_END', { replyId: model }))
  }
  if (closed) events.push(end())
  return events
}

// A top-level turn whose agent_spawn call runs a researcher subagent that writes `blocks` text blocks.
function longLane(blocks: number): unknown[] {
  const events: unknown[] = [start(), toolStart('spawn', 'agent_spawn'), toolEnd('spawn', 'agent_spawn'), resultStart('spawn')]
  events.push(event('AGENT_START', { replyId: 'S0', name: 'researcher', source: 'researcher' }))
  for (let index = 0; index < blocks; index++) {
    const model = `S${index}m`
    for (const type of ['TEXT_BLOCK_START', 'TEXT_BLOCK_DELTA', 'TEXT_BLOCK_END'])
      events.push(event(type, { replyId: model, blockId: 'text', delta: `finding ${index}`, source: 'researcher' }))
  }
  return events
}

const renderedBlocks = () => document.querySelectorAll('.as-turn [data-as-block]').length
const blockList = () => document.querySelector<HTMLElement>('.as-turn-blocks')!

describe('a long turn in a conversation renders only the blocks near the viewport (#11)', () => {
  it('renders a turn at the threshold whole, and the end of a longer one with padding for the rest', () => {
    const { unmount } = render(
      <AgentProvider store={storeFromEvents(longTurn(BLOCK_WINDOW_THRESHOLD))}>
        <MessageList />
      </AgentProvider>,
    )
    expect(renderedBlocks()).toBe(BLOCK_WINDOW_THRESHOLD)
    expect(blockList().hasAttribute('data-windowed')).toBe(false)
    unmount()

    render(
      <AgentProvider store={storeFromEvents(longTurn(1_000, false))}>
        <MessageList />
      </AgentProvider>,
    )
    expect(renderedBlocks()).toBeGreaterThan(2)
    expect(renderedBlocks()).toBeLessThan(40)
    expect(screen.getByText('step 999')).toBeTruthy()
    expect(screen.queryByText('step 0')).toBeNull()
    expect(blockList().hasAttribute('data-windowed')).toBe(true)
    expect(Number.parseFloat(blockList().style.paddingTop)).toBeGreaterThan(10_000)
  })

  it('subscribes to the store for the rendered blocks only: as many at 2,000 blocks as at 200', () => {
    const subscriptions = (blocks: number) => {
      const store = storeFromEvents(longTurn(blocks, false))
      const subscribe = vi.spyOn(store, 'subscribe')
      render(
        <AgentProvider store={store}>
          <MessageList />
        </AgentProvider>,
      )
      const count = subscribe.mock.results.length
      cleanup()
      return count
    }
    const small = subscriptions(200)
    expect(subscriptions(2_000)).toBeLessThanOrEqual(small)
    expect(small).toBeLessThan(60)
  })

  it('keeps the blocks it still renders mounted when the turn crosses the threshold', () => {
    const events = longTurn(BLOCK_WINDOW_THRESHOLD, false)
    const store = storeFromEvents(events)
    render(
      <AgentProvider store={store}>
        <MessageList />
      </AgentProvider>,
    )
    const lastBefore = screen.getByText(`step ${BLOCK_WINDOW_THRESHOLD - 1}`)
    act(() => {
      const grown = storeFromEvents([...events, ...longTurn(BLOCK_WINDOW_THRESHOLD + 5, false).slice(1 + BLOCK_WINDOW_THRESHOLD * 5)])
      store.setState({ agent: grown.getState().agent, transcript: grown.getState().transcript })
    })
    expect(blockList().hasAttribute('data-windowed')).toBe(true)
    expect(screen.getByText(`step ${BLOCK_WINDOW_THRESHOLD + 4}`)).toBeTruthy()
    expect(screen.getByText(`step ${BLOCK_WINDOW_THRESHOLD - 1}`)).toBe(lastBefore)
  })

  it('copies a windowed reply whole, as its source text, for "copy as text" too', async () => {
    const written: string[] = []
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (copied: string) => void written.push(copied) } })
    render(<AgentChat store={storeFromEvents(longTurn(300), { endOfStream: true })} />)
    const actions = await screen.findByRole('group', { name: 'Reply actions' })
    fireEvent.click(within(actions).getByRole('button', { name: 'Copy as text' }))
    await waitFor(() => expect(written).toHaveLength(1))
    const expected = Array.from({ length: 300 }, (_, index) => `**step ${index}**`).join('\n\n')
    expect(written[0]).toBe(expected)
  })

  it("windows a subagent lane's long turn too, following its end while the conversation does", () => {
    render(
      <AgentProvider store={storeFromEvents(longLane(2_000))}>
        <MessageList />
      </AgentProvider>,
    )
    const lane = screen.getByRole('region', { name: /researcher/ })
    expect(lane.querySelectorAll('[data-as-block]').length).toBeLessThan(40)
    expect(within(lane).getByText('finding 1999')).toBeTruthy()
    expect(within(lane).queryByText('finding 0')).toBeNull()
    expect(lane.querySelector('.as-turn-blocks')?.hasAttribute('data-windowed')).toBe(true)
  })
})
