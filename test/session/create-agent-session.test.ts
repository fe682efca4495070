import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { comparable } from '../fixtures/compare-snapshot'
import { frame, startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, start, text, textStart, toolStart } from '../fixtures/script'

// The session is framework-free: it must run with React and zustand gone.
vi.mock('react', () => ({}))
vi.mock('react-dom', () => ({}))
vi.mock('zustand', () => ({}))
vi.mock('zustand/vanilla', () => ({}))

const { createAgentSession, createSseTransport, replayEvents, toSnapshot } = await import('../../src/core')
type RecordedEntry = import('../../src/core').RecordedEntry

const fixtures = loadFixtures()
const byName = (name: string) => fixtures.find((fixture) => fixture.name === name)!
const sse = (events: readonly unknown[]) => events.map((event) => frame(event as Record<string, unknown>)).join('')
// Node has no frames: publish each batch in a microtask, which also keeps fake timers out of the batcher.
const microtaskFrames = (callback: () => void) => (queueMicrotask(callback), () => {})

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  vi.useRealTimers()
  await close?.()
  close = undefined
})

async function serve(handler: (response: ServerResponse, url: string) => void) {
  const server = await startHttpServer((request, response) => handler(response, request.url ?? ''))
  close = server.close
  return { ...server, transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) }
}

describe('createAgentSession in plain Node (#12)', () => {
  it('runs a chat without React and records a log that replays to the whole conversation', async () => {
    const events = byName('thinking-then-text').events
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(sse(events))
    })
    const log: RecordedEntry[] = []
    const session = createAgentSession({
      transport: server.transport,
      scheduleFrame: microtaskFrames,
      recorder: { record: (entry) => log.push(entry) },
    })
    const statuses: string[] = []
    session.subscribe((state, previous) => {
      if (state.status !== previous.status) statuses.push(state.status)
    })
    await session.send('Why is the sky blue?')
    const state = session.getState()
    expect(statuses).toEqual(['connecting', 'streaming', 'done'])
    expect(state.transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    expect(toSnapshot(state.agent).messages.map((message) => message.role)).toEqual(['USER', 'ASSISTANT'])
    expect(log.map((entry) => entry.kind)).toEqual(['local', 'run', ...events.map(() => 'event'), 'run-end'])
    const values = log.flatMap((entry) => (entry.kind === 'local' ? [entry.event] : entry.kind === 'event' ? [entry.value] : []))
    expect(comparable(replayEvents(values))).toEqual(comparable(toSnapshot(state.agent)))
  })

  it('hands valid events to a RecordedLog without making their entries, and the log says the same as a plain recorder (#14)', async () => {
    const events = byName('thinking-then-text').events
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(sse(events))
    })
    const { createEventRecorder } = await import('../../src/core')
    const log = createEventRecorder()
    const record = vi.spyOn(log, 'record')
    const plain: RecordedEntry[] = []
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames, recorder: log })
    const detach = session.attachRecorder({ record: (entry) => plain.push(entry) })
    await session.send('Why is the sky blue?')
    detach()
    // the user's message, the run and its end are entries; the events are not
    expect(record.mock.calls.map(([entry]) => entry.kind)).toEqual(['local', 'run', 'run-end'])
    expect(log.entries()).toEqual(plain)
    expect(plain.filter((entry) => entry.kind === 'event')).toHaveLength(events.length)
  })

  it('calls a stream that breaks off after the top-level AGENT_END complete, with nothing to retry (#11)', async () => {
    const events = byName('plain-text-reply').events
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      // everything arrives, then the connection is cut instead of ending the chunked body
      response.write(sse(events), () => response.destroy())
    })
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
    await session.send('Hi')
    expect(session.getState()).toMatchObject({ status: 'done', error: null, canRetry: false })
    expect(toSnapshot(session.getState().agent).turns.map((turn) => turn.status)).toEqual(['completed'])
  })

  it('calls a cut after a later top-level AGENT_START a cut, and an AGENT_END the parser refuses no end (#11)', async () => {
    for (const [label, events] of [
      ['a turn after the end', [start('R0'), textStart(), text('One.'), end('R0'), start('R1'), textStart('M2'), text('Two', 'M2')]],
      ['an invalid end', [start('R0'), textStart(), text('One.'), { ...end('R0'), replyId: 5 }]],
    ] as const) {
      const server = await serve((response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.write(sse(events), () => response.destroy())
      })
      const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
      await session.send('Hi')
      expect(session.getState(), label).toMatchObject({ status: 'error', canRetry: true, error: { code: 'incomplete-stream' } })
      await close?.()
      close = undefined
    }
  })

  it('does not offer to send again an approval the server acted on before the cut (the tool could run twice)', async () => {
    const events = byName('user-confirm-pause-and-resume').events
    let runs = 0
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      // the question, then the resumed run: the approved tool's result arrives, then the connection is cut
      if (runs++ === 0) response.end(sse(events.slice(0, 18)))
      else response.write(sse(events.slice(18, 23)), () => response.destroy())
    })
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
    await session.send('clean up')
    const pending = session.getState().agent.pendingConfirmation!
    await session.confirm(pending.toolCalls.map((call) => ({ toolCallId: call.id, approved: true })))
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: false, error: { code: 'incomplete-stream' } })
  })

  it('ends a run whose server keeps the stream open after the top-level AGENT_END, so the chat can go on (#11)', async () => {
    const events = byName('user-confirm-pause-and-resume').events
    let closed = false
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      // the question, its AGENT_END, then heartbeats and no end of the body
      response.write(sse(events.slice(0, 18)))
      const beat = setInterval(() => response.write(':\n\n'), 5)
      response.on('close', () => {
        closed = true
        clearInterval(beat)
      })
    })
    const transport = createSseTransport({ url: `${server.url}/api`, sessionId: 's', endGraceMs: 30 })
    const session = createAgentSession({ transport, scheduleFrame: microtaskFrames })
    await session.send('clean up')
    expect(session.getState()).toMatchObject({ status: 'awaiting-confirmation', error: null })
    await vi.waitFor(() => expect(closed).toBe(true))
    // the question can be answered: no run is left busy
    const pending = session.getState().agent.pendingConfirmation!
    const answering = session.confirm(pending.toolCalls.map((call) => ({ toolCallId: call.id, approved: false })))
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    expect(session.getState().error).toBeNull()
    void answering
  })

  it('ends a run whose server never answers with a retryable timeout (#11)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let answer: ((response: ServerResponse) => void) | null = null
    const server = await serve((response, url) => {
      if (answer === null) return void (answer = () => {}) // the first run: accepted, never answered
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(sse(byName('plain-text-reply').events))
      void url
    })
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames, responseTimeoutMs: 10_000 })
    const sending = session.send('Hi')
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    expect(session.getState().status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(10_000)
    await sending
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: true, error: { code: 'timeout' } })
    expect(session.getState().error?.message).toMatch(/did not answer within 10 s/)
    vi.useRealTimers()
    await session.retry()
    expect(session.getState().status).toBe('done')
    expect(session.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
  })

  it('does not time out a transport that never reports its headers but delivers events', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const session = createAgentSession({
      scheduleFrame: microtaskFrames,
      responseTimeoutMs: 10_000,
      transport: {
        run: async (_request, handlers) => {
          handlers.onEvent(start())
          await new Promise((resolve) => setTimeout(resolve, 40_000))
          handlers.onEvent(end())
          return 'ended'
        },
        interrupt: async () => {},
      },
    })
    const sending = session.send('Hi')
    await vi.advanceTimersByTimeAsync(40_000)
    await sending
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
  })

  it('sends one interrupt however often stop is called (#11)', async () => {
    let stream: ServerResponse | undefined
    const server = await serve((response, url) => {
      if (url.endsWith('/interrupt')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
        stream?.end(sse([end()]))
        return
      }
      stream = response
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(sse([start(), textStart(), text('Working')]))
    })
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
    const sending = session.send('Go')
    await vi.waitFor(() => expect(session.getState().status).toBe('streaming'))
    const stops = [session.stop(), session.stop(), session.stop(), session.stop(), session.stop()]
    expect(new Set(stops).size).toBe(1)
    await Promise.all([...stops, sending])
    expect(server.requests.filter((request) => request.url.endsWith('/interrupt'))).toHaveLength(1)
    expect(session.getState().status).not.toBe('error')
  })

  it('says when a streaming run has gone quiet, and stops saying so when something arrives (#11)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let now = 1_000_000
    let stream: ServerResponse | undefined
    const server = await serve((response) => {
      stream = response
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(sse([start(), toolStart('c1', 'sql_query')]))
    })
    const session = createAgentSession({
      transport: server.transport,
      scheduleFrame: microtaskFrames,
      clock: () => now,
      stallAfterMs: 15_000,
    })
    const sending = session.send('Query')
    await vi.waitFor(() => expect(session.getState().agent.scopes['']?.turns[0]?.entries).toHaveLength(1))
    const lastSignOfLife = now
    now += 14_000
    await vi.advanceTimersByTimeAsync(14_000)
    expect(session.getState().stalledSince).toBeNull()
    now += 1_000
    await vi.advanceTimersByTimeAsync(1_000)
    expect(session.getState().stalledSince).toBe(lastSignOfLife)
    stream?.write(': heartbeat\n\n')
    await vi.waitFor(() => expect(session.getState().stalledSince).toBeNull())
    stream?.end(sse([end()]))
    await sending
    expect(session.getState()).toMatchObject({ status: 'done', stalledSince: null })
  })
})

describe('session.load (#11)', () => {
  it('skips what it cannot read, names each problem, and shows every valid message', () => {
    const session = createAgentSession({ transport: createSseTransport({ url: 'http://127.0.0.1:9/api' }) })
    const user = { id: 'u1', name: 'user', role: 'USER', content: [{ type: 'text', text: 'Hello' }], metadata: {}, timestamp: null, usage: null }
    const assistant = { id: 'a1', role: 'ASSISTANT', content: [null, { type: 'text', text: 'Hi there' }, { type: 'text' }] }
    expect(() => session.load([null, { role: 'USER', metadata: {} }, user, assistant, { role: 'ROBOT', content: [] }])).not.toThrow()
    const state = session.getState()
    expect(state.warnings.map((warning) => warning.field)).toEqual([
      'messages[0]',
      'messages[1].content',
      'messages[3].content[0]',
      'messages[3].content[2].text',
      'messages[4].role',
    ])
    expect(state.warnings.every((warning) => warning.code === 'invalid-history')).toBe(true)
    expect(state.transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    const messages = toSnapshot(state.agent).messages
    expect(messages.map((message) => message.role)).toEqual(['USER', 'ASSISTANT'])
    expect(messages[1]?.content).toEqual([{ type: 'text', text: 'Hi there' }])
  })
})

describe('errors that surface (#12)', () => {
  it('reports an event a handler failed on through onError and warnings, and goes on with the next', async () => {
    // A transport may hand over any object; this one throws the second time its delta is read (in the reducer).
    let reads = 0
    const delta = text('x')
    const hostile = {
      ...delta,
      get delta() {
        if (++reads > 1) throw new Error('boom')
        return 'x'
      },
    }
    const errors: string[] = []
    const session = createAgentSession({
      scheduleFrame: microtaskFrames,
      onError: (error) => errors.push(`${error.code} ${error.eventType}`),
      transport: {
        run: async (_request, handlers) => {
          handlers.onOpen?.()
          for (const value of [start(), textStart(), hostile, text('y'), end()]) handlers.onEvent(value)
          return 'ended'
        },
        interrupt: async () => {},
      },
    })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    await session.send('Go')
    consoleError.mockRestore()
    expect(errors).toEqual(['reducer-failed TEXT_BLOCK_DELTA'])
    expect(session.getState().warnings[0]).toMatchObject({ code: 'reducer-failed', eventType: 'TEXT_BLOCK_DELTA', eventId: delta.id })
    expect(toSnapshot(session.getState().agent).messages[1]?.content).toEqual([{ type: 'text', text: 'y' }])
  })
})
