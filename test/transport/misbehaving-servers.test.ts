// Servers that answer, but not as they should (the transport attack review of 4 December 2026): each test fails on
// the transport before the fix it names.
import { describe, expect, it } from 'vitest'
import { createAgentSession } from '../../src/session/create-agent-session'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import { createSseTransport } from '../../src/transport/sse-transport'
import { serversAfterEach } from '../fixtures/http-server'
import { timerFrames } from '../fixtures/test-lifetimes'

const serve = serversAfterEach()
const scheduleFrame = timerFrames

const SSE = { 'content-type': 'text/event-stream' }
const payload = (event: Record<string, unknown>) => JSON.stringify(event)
const apFrame = (seq: number, type: string, event?: Record<string, unknown>) =>
  `id:${seq}\ndata:${JSON.stringify({ seq, type, ...(event === undefined ? {} : { payload: payload(event) }) })}\n\n`
const started = apFrame(1, 'RUN_STARTED', { type: 'AGENT_START', id: 'a1', replyId: 'R', name: 'agent', role: 'assistant' })
const said = apFrame(2, 'TEXT_DELTA', { type: 'TEXT_BLOCK_DELTA', id: 'a2', replyId: 'M', blockId: 'text', delta: 'hello' })
const finished = apFrame(3, 'RUN_FINISHED', { type: 'AGENT_END', id: 'a3', replyId: 'R' })
const fast = { reconnect: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } }

describe('Agent Protocol servers that answer, but not as they should', () => {
  it('an event stream answered as an HTML page fails at once, in words, without reconnecting', async () => {
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html>the app</html>')
    })
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url, ...fast }), scheduleFrame })
    await session.send('hello')
    expect(session.getState().error).toMatchObject({ code: 'wrong-content-type' })
    expect(session.getState().error?.message).toContain('text/html')
    expect(session.getState().error?.message).toContain('the app')
    expect(server.requests.filter((request) => request.url.includes('/events'))).toHaveLength(1)
  })

  it('the stale-stream check sends the headers the app configured', async () => {
    const server = await serve((request, response) => {
      if (request.headers.authorization !== 'Bearer token') return void response.writeHead(401).end('who are you?')
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      // a subscription that came after the task ended: open, and silent for ever
      if (request.url?.includes('/events')) return void response.writeHead(200, SSE).write(': open\n\n')
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}')
    })
    const transport = createAgentProtocolTransport({
      url: server.url,
      headers: () => ({ authorization: 'Bearer token' }),
      staleAfterMs: 200,
      ...fast,
    })
    const session = createAgentSession({ transport, scheduleFrame })
    await session.send('hello')
    expect(session.getState()).toMatchObject({ status: 'error', error: { code: 'incomplete-stream' } })
    expect(session.getState().error?.message).toContain('status success')
  })

  it('a snapshot after a gap that is HTML, or never comes, ends the run with what is known', async () => {
    for (const snapshot of ['html', 'silent'] as const) {
      const server = await serve((request, response) => {
        if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
        // frame 2 never comes: a gap, and the snapshot is read
        if (request.url?.includes('/events')) return void response.writeHead(200, SSE).end(started + apFrame(5, 'TEXT_DELTA'))
        if (snapshot === 'html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
        response.writeHead(200, { 'content-type': 'application/json' }).write('{"status":')
      })
      const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url, staleAfterMs: 200, ...fast }), scheduleFrame })
      await session.send('hello')
      expect(session.getState()).toMatchObject({ status: 'error', error: { code: 'incomplete-stream' } })
      expect(session.getState().error?.message).toMatch(snapshot === 'html' ? /status unknown \(.*JSON/ : /the snapshot did not come/)
    }
  })

  it('Stop while the snapshot after a gap is read ends the run as stopped, not as a failure', async () => {
    const server = await serve((request, response) => {
      if (request.url?.endsWith('/cancel')) return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      if (request.url?.includes('/events')) return void response.writeHead(200, SSE).end(started + apFrame(5, 'TEXT_DELTA'))
      response.writeHead(200, { 'content-type': 'application/json' }).write('{"status":')
    })
    const session = createAgentSession({
      transport: createAgentProtocolTransport({ url: server.url, staleAfterMs: 60_000, ...fast }),
      scheduleFrame,
      stopTimeoutMs: 100,
    })
    const sending = session.send('hello')
    await expect.poll(() => server.requests.some((request) => request.method === 'GET' && /\/tasks\/[^/]+$/.test(request.url))).toBe(true)
    await session.stop()
    await sending
    // the session's stop gave up waiting (100 ms) before the snapshot's 60 s: the run is stopped, the turn cut short
    expect(session.getState()).toMatchObject({ status: 'idle', error: null, canRetry: false })
    expect(session.getState().agent.scopes['']?.turns.map((turn) => turn.status)).toEqual(['incomplete'])
  })

  it('a stream that ends after RUN_FINISHED without the last STATUS ends the run after one reconnect', async () => {
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      const resumed = request.url?.includes('from_seq') === true
      response.writeHead(200, SSE).end(resumed ? '' : started + said + finished)
    })
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url, ...fast }), scheduleFrame })
    await session.send('hello')
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(server.requests.filter((request) => request.url.includes('/events'))).toHaveLength(2)
  })
})

describe('Agent Protocol servers that number frames from 0', () => {
  it('keep their first frame (it was dropped as a replay)', async () => {
    const zeroBased = (seq: number, frame: string) => frame.replace(/id:(\d+)\ndata:\{"seq":\d+/, `id:${seq}\ndata:{"seq":${seq}`)
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      response.writeHead(200, SSE).end(zeroBased(0, started) + zeroBased(1, said) + zeroBased(2, finished) + apFrame(3, 'STATUS'))
    })
    const transport = createAgentProtocolTransport({ url: server.url, ...fast })
    const session = createAgentSession({ transport, scheduleFrame })
    await session.send('hello')
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(transport.duplicateFrames).toBe(0)
    expect(session.getState().agent.scopes['']?.turns.map((turn) => turn.name)).toEqual(['agent'])
  })
})

describe('frames that are not JSON', () => {
  it('20,000 of them are published with their frames, not one state each, and every one is counted', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, SSE)
      response.write(`data:${JSON.stringify({ type: 'AGENT_START', id: 's', replyId: 'R' })}\n\n`)
      response.write('data:hello\n\n'.repeat(20_000))
      response.end(`data:${JSON.stringify({ type: 'AGENT_END', id: 'e', replyId: 'R' })}\n\n`)
    })
    const reported: string[] = []
    const session = createAgentSession({
      transport: createSseTransport({ url: server.url }),
      scheduleFrame,
      onError: (error) => reported.push(error.code),
    })
    let publishes = 0
    session.subscribe(() => publishes++)
    await session.send('hello')
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(reported.filter((code) => code === 'malformed-frame')).toHaveLength(20_000)
    expect(session.getState().warnings.at(-1)?.code).toBe('malformed-frame')
    // a handful of frames, whatever the count of bad ones (it published 20,005 states)
    expect(publishes).toBeLessThan(200)
  })
})

describe('a history that is not one', () => {
  it('the native bridge says in words that the history is an HTML page', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html>sign in</html>')
    })
    const transport = createSseTransport({ url: server.url, sessionId: 's1' })
    await expect(transport.loadHistory()).rejects.toMatchObject({
      code: 'http-error',
      message: expect.stringContaining('is not JSON: <!doctype html>'),
    })
  })
})

describe('native bridge endings that are odd but complete', () => {
  const run = async (events: Record<string, unknown>[]) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, SSE).end(events.map((event) => `data:${JSON.stringify(event)}\n\n`).join(''))
    })
    const session = createAgentSession({ transport: createSseTransport({ url: server.url }), scheduleFrame })
    await session.send('hello')
    return { session, posts: () => server.requests.filter((request) => request.method === 'POST').length }
  }

  it('an AGENT_END without a replyId (it is optional) ends the run: done, and nothing to retry', async () => {
    const { session, posts } = await run([
      { type: 'AGENT_START', id: 's' },
      { type: 'TEXT_BLOCK_DELTA', id: 'd', replyId: 'M', blockId: 'text', delta: 'all done' },
      { type: 'AGENT_END', id: 'e' },
    ])
    expect(session.getState()).toMatchObject({ status: 'done', error: null, canRetry: false })
    expect(posts()).toBe(1)
  })

  it('a confirmation request that names no call is skipped with a warning, and the chat goes on', async () => {
    const { session, posts } = await run([
      { type: 'AGENT_START', id: 's', replyId: 'R' },
      { type: 'REQUIRE_USER_CONFIRM', id: 'ask', replyId: 'A', toolCalls: [] },
      { type: 'REQUEST_STOP', id: 'stop', generateReason: 'PERMISSION_ASKING' },
      { type: 'AGENT_END', id: 'e', replyId: 'R' },
    ])
    // it waited for an answer no action could give: send, confirm and retry were all refused
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(session.getState().agent.pendingConfirmation).toBeNull()
    expect(session.getState().warnings.map((warning) => [warning.code, warning.eventId])).toEqual([['reducer-failed', 'ask']])
    await session.send('and now?')
    expect(posts()).toBe(2)
  })
})

describe('a message cut off after the agent asked about its calls', () => {
  it('is not offered again; the calls can be answered', async () => {
    let runs = 0
    const server = await serve((_request, response) => {
      runs++
      response.writeHead(200, SSE)
      if (runs > 1)
        return void response.end(
          `data:${JSON.stringify({ type: 'AGENT_START', id: 's2', replyId: 'R2' })}\n\ndata:${JSON.stringify({ type: 'AGENT_END', id: 'e2', replyId: 'R2' })}\n\n`,
        )
      const call = { type: 'tool_use', id: 'c1', name: 'bash', input: { command: 'ls' }, content: '{"command":"ls"}', metadata: {}, state: 'asking' }
      response.write(`data:${JSON.stringify({ type: 'AGENT_START', id: 's', replyId: 'R' })}\n\n`)
      response.write(`data:${JSON.stringify({ type: 'REQUIRE_USER_CONFIRM', id: 'ask', replyId: 'A', toolCalls: [call] })}\n\n`, () =>
        response.destroy(),
      )
    })
    const session = createAgentSession({ transport: createSseTransport({ url: server.url }), scheduleFrame })
    await session.send('list the files')
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: false })
    await expect(session.retry()).rejects.toMatchObject({ code: 'refused' })
    expect(session.getState().agent.pendingConfirmation?.toolCalls.map((call) => call.id)).toEqual(['c1'])
    await session.confirm([{ toolCallId: 'c1', approved: true }])
    expect(runs).toBe(2)
    expect(JSON.parse(server.requests[1]!.body)).toMatchObject({ confirmResults: [{ confirmed: true, toolCall: { id: 'c1' } }] })
  })
})
