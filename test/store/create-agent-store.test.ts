import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSseTransport, replayEvents, toSnapshot } from '../../src/core'
import type { AgentTransport } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStoreState } from '../../src/store/agent-store-state'
import { comparable } from '../fixtures/compare-snapshot'
import { frame, startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'

const fixtures = loadFixtures()
const byName = (name: string) => fixtures.find((fixture) => fixture.name === name)!
let close: (() => Promise<void>) | undefined

afterEach(async () => {
  await close?.()
  close = undefined
})

const sse = (events: unknown[]) => events.map((event) => frame(event as Record<string, unknown>)).join('')

// Serves the events of a fixture call by call: each POST gets the next AGENT_START … AGENT_END slice.
async function serveCalls(events: unknown[], options: { delayMs?: number } = {}) {
  const calls: unknown[][] = []
  for (const event of events) {
    if ((event as { type: string }).type === 'AGENT_START' || calls.length === 0) calls.push([])
    calls[calls.length - 1]!.push(event)
  }
  let next = 0
  const server = await startHttpServer((request, response) => {
    if (request.url?.endsWith('/interrupt')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"interrupted":true}')
      return
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    const call = calls[next++] ?? []
    if (!options.delayMs) return void response.end(sse(call))
    let index = 0
    const timer = setInterval(() => {
      if (index >= call.length || response.destroyed) return void (clearInterval(timer), response.end())
      response.write(sse([call[index++]]))
    }, options.delayMs)
  })
  close = server.close
  return server
}

function storeFor(url: string) {
  const store = createAgentStore({ transport: createSseTransport({ url: `${url}/api`, sessionId: 's1' }) })
  const statuses: string[] = []
  store.subscribe((state, previous) => {
    if (state.status !== previous.status) statuses.push(state.status)
  })
  return { store, statuses }
}

const expectedOf = (name: string) => {
  const { ignoredEvents: _ignored, checkpoints: _checkpoints, ...expected } = byName(name).expected
  return comparable(expected)
}
// The fixtures hold the server's side; the user's own messages are in the snapshot too (#12), and left out here.
const snapshotOf = (state: AgentStoreState) => {
  const snapshot = toSnapshot(state.agent)
  return comparable({ ...snapshot, messages: snapshot.messages.filter((message) => message.role !== 'USER') })
}

describe('createAgentStore', () => {
  it('streams a reply over HTTP into the state, with the user message in the transcript', async () => {
    const server = await serveCalls(byName('thinking-then-text').events)
    const { store, statuses } = storeFor(server.url)
    await store.getState().send('Why is the sky blue?')
    expect(statuses).toEqual(['connecting', 'streaming', 'done'])
    expect(snapshotOf(store.getState())).toEqual(expectedOf('thinking-then-text'))
    expect(store.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    expect(toSnapshot(store.getState().agent).messages.map((message) => message.role)).toEqual(['USER', 'ASSISTANT'])
  })

  it('pauses for confirmation, refuses free text meanwhile, and sends one answer however often confirm is called', async () => {
    const server = await serveCalls(byName('user-confirm-pause-and-resume').events)
    const { store } = storeFor(server.url)
    await store.getState().send('Clean up')
    expect(store.getState().status).toBe('awaiting-confirmation')
    await expect(store.getState().send('hello?')).rejects.toMatchObject({ code: 'refused' })
    const [first, second] = store.getState().agent.pendingConfirmation!.toolCalls
    const rule = { tool_name: 'bash', rule_content: 'rm -rf ./build', behavior: 'allow' as const, source: 'session' }
    const answer = store.getState().confirm([
      { toolCallId: first!.id, approved: true, rules: [rule] },
      { toolCallId: second!.id, approved: false },
    ])
    await expect(store.getState().confirm([{ toolCallId: first!.id, approved: true }])).rejects.toMatchObject({ code: 'refused' })
    await answer
    expect(server.requests.filter((request) => request.url.endsWith('/runs'))).toHaveLength(2)
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      confirmResults: [
        { confirmed: true, toolCall: first, rules: [rule] },
        { confirmed: false, toolCall: second, rules: null },
      ],
    })
    expect(store.getState().status).toBe('done')
    expect(snapshotOf(store.getState())).toEqual(expectedOf('user-confirm-pause-and-resume'))
  })

  it('sends edited arguments in both input and content', async () => {
    const server = await serveCalls(byName('all-tools-denied').events)
    const { store } = storeFor(server.url)
    await store.getState().send('Delete it')
    const call = store.getState().agent.pendingConfirmation!.toolCalls[0]!
    await store.getState().confirm([{ toolCallId: call.id, approved: true, input: { path: '/tmp/x' } }])
    expect(JSON.parse(server.requests[1]!.body).confirmResults[0].toolCall).toEqual({
      ...call,
      input: { path: '/tmp/x' },
      content: '{"path":"/tmp/x"}',
    })
  })

  it('returns external tool results with an explicit state', async () => {
    const server = await serveCalls(byName('external-execution-pause-and-resume').events)
    const { store } = storeFor(server.url)
    await store.getState().send('Read the pricing page')
    expect(store.getState().status).toBe('awaiting-external')
    const call = store.getState().agent.pendingExternalExecution!.toolCalls[0]!
    await expect(store.getState().submitToolResults([{ toolCallId: 'unknown', output: 'x' }])).rejects.toMatchObject({ code: 'refused' })
    await store.getState().submitToolResults([{ toolCallId: call.id, output: 'Pricing: …' }])
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      toolResults: [
        { type: 'tool_result', id: call.id, name: call.name, output: [{ type: 'text', text: 'Pricing: …' }], metadata: {}, state: 'success' },
      ],
    })
    expect(store.getState().status).toBe('done')
  })

  it('ends in error with the turn incomplete and every event before the drop kept', async () => {
    const events = byName('plain-text-reply').events
    // The connection is reset once the client has read the six events (an earlier reset may discard unread data).
    let allRead = () => {}
    const read = new Promise<void>((resolve) => (allRead = resolve))
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(sse(events.slice(0, 6)))
      void read.then(() => response.destroy())
    })
    close = server.close
    const transport = createSseTransport({ url: `${server.url}/api`, sessionId: 's1' })
    let count = 0
    const counting: AgentTransport = {
      ...transport,
      run: (request, handlers) =>
        transport.run(request, {
          ...handlers,
          onEvent: (value) => {
            handlers.onEvent(value)
            if (++count === 6) allRead()
          },
        }),
    }
    const store = createAgentStore({ transport: counting })
    await store.getState().send('Hi')
    const state = store.getState()
    expect(state.status).toBe('error')
    expect(state.error?.code).toBe('incomplete-stream')
    expect(snapshotOf(state)).toEqual(comparable(replayEvents(events.slice(0, 6))))
    expect(toSnapshot(state.agent).turns[0]?.status).toBe('incomplete')
  })

  it('stops through the interrupt endpoint, then closes a stream the server keeps open', async () => {
    const server = await serveCalls(byName('plain-text-reply').events.slice(0, 6), { delayMs: 5_000 })
    const store = createAgentStore({
      transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's1' }),
      stopTimeoutMs: 100,
    })
    const sending = store.getState().send('Hi')
    // stop once the server has the run (it then sends nothing for 5 s), however long the machine takes to get there
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 4_000, interval: 5 })
    await store.getState().stop()
    await sending
    expect(server.requests.map((request) => request.url)).toEqual(['/api/sessions/s1/runs', '/api/sessions/s1/interrupt'])
    expect(store.getState().status).toBe('idle')
    expect(store.getState().error).toBeNull()
  })

  it('loads stored messages as user messages and turns, and a paused last turn is pending again', () => {
    const { store } = storeFor('http://127.0.0.1:1')
    const paused = byName('user-confirm-pause-and-resume').events[16] as { result: never }
    store
      .getState()
      .load([
        { id: 'u1', name: 'user', role: 'USER', content: [{ type: 'text', text: 'Clean up' }], metadata: {}, timestamp: null, usage: null },
        paused.result,
      ])
    const state = store.getState()
    expect(state.transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    expect(state.status).toBe('awaiting-confirmation')
    expect(state.agent.pendingConfirmation?.toolCalls.map((call) => call.state)).toEqual(['asking', 'asking'])
  })
})
