// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { applyEvents, createAgentState, createSseTransport } from '../../src/core'
import type { AgentState, RecordedEntry } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import { frame, startHttpServer } from '../fixtures/http-server'
import { end, event, resultEnd, resultStart, start, toolEnd, toolStart } from '../fixtures/script'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  cleanup()
  await close?.()
  close = undefined
})

// Each run is a top-level turn whose agent_spawn call runs the same researcher subagent, which says "finding N".
async function researchServer() {
  let runs = 0
  const server = await startHttpServer((_request, response) => {
    runs += 1
    const [replyId, callId, childId] = [`R${runs}`, `call-${runs}`, `S${runs}`]
    const events = [
      start(replyId),
      toolStart(callId, 'agent_spawn', `${replyId}m`),
      toolEnd(callId, 'agent_spawn', `${replyId}m`),
      resultStart(callId, `${replyId}a`),
      event('AGENT_START', { replyId: childId, name: 'researcher', source: 'researcher' }),
      event('TEXT_BLOCK_DELTA', { replyId: `${childId}m`, blockId: 'text', delta: `finding ${runs}`, source: 'researcher' }),
      event('AGENT_END', { replyId: childId, source: 'researcher' }),
      resultEnd(callId, 'success', `${replyId}a`),
      end(replyId),
    ]
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(events.map((value) => frame(value)).join(''))
  })
  close = server.close
  return server.url
}

const settled = (store: AgentStore) => waitFor(() => expect(['connecting', 'streaming']).not.toContain(store.getState().status))

// What a reader of the state sees (the JSON of scopes and turns leaves the indexes out), seen ids aside.
function visible(state: AgentState) {
  const { seenIds: _seenIds, seenCount: _seenCount, ...rest } = state
  return JSON.parse(JSON.stringify(rest)) as unknown
}

// The recorded values with the exchange a REWIND took out left out, as if it had never happened.
function surviving(log: readonly RecordedEntry[]): unknown[] {
  const values: unknown[] = []
  const starts: number[] = []
  for (const entry of log) {
    if (entry.kind === 'event') values.push(entry.value)
    if (entry.kind !== 'local') continue
    if (entry.event.type === 'USER_MESSAGE') starts.push(values.length)
    if (entry.event.type === 'REWIND') {
      values.length = starts[entry.event.fromUserMessage]!
      starts.length = entry.event.fromUserMessage
    } else values.push(entry.event)
  }
  return values
}

describe('<AgentChat> after a retry whose turn reused a subagent lane (#13)', () => {
  it('shows the lane without the removed turn, and the store equals a replay of the surviving events', async () => {
    const log: RecordedEntry[] = []
    const url = await researchServer()
    const store = createAgentStore({
      transport: createSseTransport({ url: `${url}/api`, sessionId: 's' }),
      recorder: { record: (entry) => log.push(entry) },
    })
    const { container } = render(<AgentChat store={store} />)
    await act(() => store.getState().send('research'))
    await settled(store)
    await act(() => store.getState().send('more'))
    await settled(store)
    expect(container.textContent).toContain('finding 2')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(container.textContent).toContain('finding 3'))
    await settled(store)
    const lanes = screen.getAllByRole('region', { name: 'Subagent: researcher' })
    expect(lanes.map((lane) => lane.textContent)).not.toContain(expect.stringContaining('finding 2'))
    expect(container.textContent).not.toContain('finding 2')
    expect(container.textContent).toContain('finding 1')
    const agent = store.getState().agent
    expect(agent.scopes['researcher']!.turns.map((turn) => turn.id)).toEqual(['S1', 'S3'])
    expect(visible(agent)).toEqual(visible(applyEvents(createAgentState(), surviving(log))))
  })
})
