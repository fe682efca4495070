import { afterEach, describe, expect, it } from 'vitest'
import { AgentStreamError, createSseTransport, userMessage } from '../../src/core'
import type { RunRequest } from '../../src/core'
import { frame, startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'

const plain = loadFixtures().find((fixture) => fixture.name === 'plain-text-reply')!
const message: RunRequest = { kind: 'message', messages: [userMessage('Hi', { id: 'u1', timestamp: '2026-05-14 17:12:03.000' })] }
let close: (() => Promise<void>) | undefined

afterEach(async () => {
  await close?.()
  close = undefined
})

async function serve(handler: Parameters<typeof startHttpServer>[0]) {
  const server = await startHttpServer(handler)
  close = server.close
  return server
}

async function runCollecting(url: string, request: RunRequest = message, controller = new AbortController()) {
  const events: unknown[] = []
  const warnings: AgentStreamError[] = []
  const transport = createSseTransport({ url: `${url}/api`, sessionId: 's1' })
  const end = await transport.run(request, {
    signal: controller.signal,
    onEvent: (value) => events.push(value),
    onError: (error) => warnings.push(error),
  })
  return { end, events, warnings }
}

describe('createSseTransport', () => {
  it('posts the user message to the session and streams every event of a real SSE body', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(plain.sse)
    })
    const { end, events } = await runCollecting(server.url)
    expect(end).toBe('ended')
    expect(events).toEqual(plain.events)
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/sessions/s1/runs' })
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      msgs: [
        {
          id: 'u1',
          name: 'user',
          role: 'USER',
          content: [{ type: 'text', text: 'Hi' }],
          metadata: {},
          timestamp: '2026-05-14 17:12:03.000',
          usage: null,
        },
      ],
    })
  })

  it('sends confirmations and tool results in the bodies the bridge expects', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(frame({ type: 'AGENT_END', replyId: 'r' }))
    })
    await runCollecting(server.url, { kind: 'confirm', confirmResults: [] })
    await runCollecting(server.url, { kind: 'tool-results', toolResults: [] })
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([{ confirmResults: [] }, { toolResults: [] }])
  })

  it('reports an HTTP error with its status and body text', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end('{"status":500,"message":"No pending tool calls to confirm"}')
    })
    const error = await runCollecting(server.url).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AgentStreamError)
    expect(error).toMatchObject({ code: 'http-error', status: 500 })
    expect((error as Error).message).toContain('No pending tool calls to confirm')
  })

  it('refuses a response that is not an event stream', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html>login</html>')
    })
    await expect(runCollecting(server.url)).rejects.toMatchObject({ code: 'wrong-content-type' })
  })

  it('says the turn is incomplete when the connection drops before AGENT_END, keeping the events before', async () => {
    // The connection is reset once the client has read the four events: a reset any earlier may discard data
    // still unread on the socket, and then the failure would be a network error before the stream opened.
    let allRead = () => {}
    const read = new Promise<void>((resolve) => (allRead = resolve))
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(
        plain.events
          .slice(0, 4)
          .map((event) => frame(event as Record<string, unknown>))
          .join(''),
      )
      void read.then(() => response.destroy())
    })
    const events: unknown[] = []
    const transport = createSseTransport({ url: `${server.url}/api`, sessionId: 's1' })
    const onEvent = (value: unknown) => {
      if (events.push(value) === 4) allRead()
    }
    const error = await transport.run(message, { signal: new AbortController().signal, onEvent }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AgentStreamError)
    expect((error as AgentStreamError).code).toBe('incomplete-stream')
    expect(events).toEqual(plain.events.slice(0, 4))
  })

  it('reports an orderly close before AGENT_END as incomplete', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(
        plain.events
          .slice(0, 4)
          .map((event) => frame(event as Record<string, unknown>))
          .join(''),
      )
    })
    await expect(runCollecting(server.url)).rejects.toMatchObject({ code: 'incomplete-stream' })
  })

  it('skips malformed frames with a warning and keeps every valid event', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const frames = plain.events.map((event) => frame(event as Record<string, unknown>))
      frames.splice(3, 0, 'event:TEXT_BLOCK_DELTA\ndata:{"type":"TEXT_BLOCK_DELTA",\n\n')
      response.end(frames.join(''))
    })
    const { events, warnings } = await runCollecting(server.url)
    expect(events).toEqual(plain.events)
    expect(warnings.map((warning) => warning.code)).toEqual(['malformed-frame'])
  })

  it('resolves "aborted", not an error, when the caller aborts', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(frame(plain.events[0] as Record<string, unknown>))
    })
    const controller = new AbortController()
    const transport = createSseTransport({ url: `${server.url}/api`, sessionId: 's1' })
    const events: unknown[] = []
    const running = transport.run(message, {
      signal: controller.signal,
      onEvent: (value) => {
        events.push(value)
        controller.abort()
      },
    })
    await expect(running).resolves.toBe('aborted')
    expect(events).toHaveLength(1)
  })

  it('reaches the interrupt and history endpoints of the session, with custom headers', async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(request.url?.endsWith('/messages') ? `[${JSON.stringify(plain.expected)}]` : '{"interrupted":true}')
    })
    const transport = createSseTransport({ url: `${server.url}/api/`, sessionId: 'a b', headers: () => ({ authorization: 'Bearer t' }) })
    await transport.interrupt()
    expect(await transport.loadHistory()).toHaveLength(1)
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/sessions/a%20b/interrupt',
      'GET /api/sessions/a%20b/messages',
    ])
  })

  it('says clearly when the server cannot be reached', async () => {
    const transport = createSseTransport({ url: 'http://127.0.0.1:1/api', sessionId: 's1' })
    await expect(transport.run(message, { signal: new AbortController().signal, onEvent: () => {} })).rejects.toMatchObject({ code: 'network-error' })
  })
})
