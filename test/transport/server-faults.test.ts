// Servers that fail in ways a chat must survive: an answer that never reached the agent, arguments nested deeper
// than the call stack goes, error bodies that are huge or never end, frames that prove nothing, events after the end.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createAgentSession } from '../../src/session/create-agent-session'
import { startScriptedAgentServer } from '../../src/testing'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import { createAguiTransport } from '../../src/transport/agui-transport'
import { createSseTransport } from '../../src/transport/sse-transport'
import { startHttpServer } from '../fixtures/http-server'
import { cleanupsAfterEach, timerFrames } from '../fixtures/test-lifetimes'

const cleanups = cleanupsAfterEach()
const scheduleFrame = timerFrames

// The scripted agent behind a server that may answer a request itself (`intercept` returns true) before the agent sees it.
async function scriptedBehind(intercept: (request: IncomingMessage, response: ServerResponse) => boolean) {
  const agent = await startScriptedAgentServer({ pace: 'instant' })
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    if (!intercept(request, response)) agent.handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  cleanups.push(
    () => agent.close(),
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { url, requests }
}

describe('an answer the agent never received can be sent again', () => {
  it('Agent Protocol: the confirmation POST answered 503 once', async () => {
    let refusals = 0
    const { url, requests } = await scriptedBehind((request, response) => {
      if (request.method !== 'POST' || !request.url?.endsWith('/resume') || refusals > 0) return false
      refusals++
      response.writeHead(503, { 'content-type': 'text/plain' }).end('busy, try again')
      return true
    })
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url }), scheduleFrame })
    await session.send('please clean the temp files')
    const asked = session.getState().agent.pendingConfirmation?.toolCalls ?? []
    expect(session.getState().status).toBe('awaiting-confirmation')
    expect(asked.length).toBeGreaterThan(0)

    await session.confirm(asked.map((call) => ({ toolCallId: call.id, approved: true })))
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: true, error: { code: 'http-error', status: 503 } })

    await session.retry()
    expect(requests.filter((line) => line.startsWith('POST') && line.endsWith('/resume'))).toHaveLength(2)
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(session.getState().agent.pendingConfirmation).toBeNull()
  })

  it('AG-UI: the tool-results run cut before its first event', async () => {
    let runs = 0
    const { url } = await scriptedBehind((request, response) => {
      if (request.method !== 'POST' || !request.url?.endsWith('/agui/run') || ++runs !== 2) return false
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(': a proxy restarts\n\n', () => response.destroy())
      return true
    })
    const session = createAgentSession({ transport: createAguiTransport({ url: `${url}/agui/run` }), scheduleFrame })
    await session.send('open the browser please')
    const asked = session.getState().agent.pendingExternalExecution?.toolCalls ?? []
    expect(session.getState().status).toBe('awaiting-external')
    const results = asked.map((call) => ({ toolCallId: call.id, output: 'opened' }))

    await session.submitToolResults(results)
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: true })

    await session.retry()
    expect(runs).toBe(3)
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(session.getState().agent.pendingExternalExecution).toBeNull()
  })
})

describe('tool arguments nested deeper than the call stack goes', () => {
  const DEPTH = 20_000
  const deep = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`
  const events = [
    '{"type":"AGENT_START","id":"e1","replyId":"R1"}',
    '{"type":"TEXT_BLOCK_DELTA","id":"e2","replyId":"M1","blockId":"text","delta":"before "}',
    `{"type":"REQUIRE_USER_CONFIRM","id":"e3","replyId":"M1","toolCalls":[{"type":"tool_use","id":"c1","name":"bash","input":${deep},"content":"{}","metadata":{},"state":"pending"}]}`,
    '{"type":"TEXT_BLOCK_DELTA","id":"e4","replyId":"M1","blockId":"text","delta":"after"}',
    '{"type":"REQUEST_STOP","id":"e5","generateReason":"PERMISSION_ASKING"}',
    '{"type":"AGENT_END","id":"e6","replyId":"R1"}',
  ]
  const textOf = (session: ReturnType<typeof createAgentSession>) =>
    session
      .getState()
      .agent.scopes['']?.turns.flatMap((turn) => turn.entries)
      .map((entry) => (entry.kind === 'text' ? entry.block.text : ''))
      .join('')

  it('Agent Protocol: the confirmation and everything after it arrive', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const frames = events.map((payload, index) => ({ seq: index + 1, type: String(JSON.parse(payload).type), payload }))
      frames.push({ seq: frames.length + 1, type: 'RUN_FINISHED', payload: undefined as unknown as string })
      const awaiting = { seq: frames.length + 1, type: 'REQUIRE_CONFIRM', status: 'awaiting_confirm', pendingConfirms: [] }
      response.end([...frames, awaiting].map((frame) => `id:${frame.seq}\ndata:${JSON.stringify(frame)}\n\n`).join(''))
    })
    cleanups.push(() => server.close())
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url }), scheduleFrame })
    await session.send('go')
    expect(session.getState()).toMatchObject({ status: 'awaiting-confirmation', error: null })
    expect(textOf(session)).toBe('before after')
    expect(session.getState().agent.pendingConfirmation?.toolCalls.map((call) => call.id)).toEqual(['c1'])
  })

  it('native bridge: a denial goes through, an approval is refused in words', async () => {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(events.map((payload) => `data:${payload}\n\n`).join(''))
    })
    cleanups.push(() => server.close())
    const session = createAgentSession({ transport: createSseTransport({ url: server.url }), scheduleFrame })
    await session.send('go')
    expect(session.getState().status).toBe('awaiting-confirmation')

    await session.confirm([{ toolCallId: 'c1', approved: true }])
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: false, error: { code: 'refused' } })
    expect(session.getState().error?.message).toContain('Deny that call instead')
    expect(server.requests).toHaveLength(1)

    await session.confirm([{ toolCallId: 'c1', approved: false }])
    expect(server.requests).toHaveLength(2)
    const sent = JSON.parse(server.requests[1]!.body) as { confirmResults: { confirmed: boolean; toolCall: { id: string; input: unknown } }[] }
    expect(sent.confirmResults).toEqual([expect.objectContaining({ confirmed: false, toolCall: expect.objectContaining({ id: 'c1', input: {} }) })])
  })
})

describe('error bodies are read only as far as the message needs', () => {
  it('a 502 page that never ends fails at once with its status and excerpt, not as a timeout', async () => {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.write('<html><body>Bad gateway')
    })
    cleanups.push(() => server.close())
    const session = createAgentSession({ transport: createSseTransport({ url: server.url }), scheduleFrame, responseTimeoutMs: 10_000 })
    await session.send('hi')
    expect(session.getState().error).toMatchObject({ code: 'http-error', status: 502, body: '<html><body>Bad gateway' })
  })

  it('a 200 MB page under the wrong content type is not read to its end', async () => {
    let sent = 0
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      const chunk = Buffer.alloc(1 << 16, 'a')
      const pump = () => {
        while (sent < 200 << 20) {
          sent += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end()
      }
      response.on('close', () => response.removeAllListeners('drain'))
      pump()
    })
    cleanups.push(() => server.close())
    const session = createAgentSession({ transport: createSseTransport({ url: server.url }), scheduleFrame })
    await session.send('hi')
    expect(session.getState().error).toMatchObject({ code: 'wrong-content-type', body: `${'a'.repeat(500)}…` })
    // what the socket buffers took before the reader let go, far from the whole body
    expect(sent).toBeLessThan(16 << 20)
  })
})

describe('what does not prove progress does not keep a run alive', () => {
  it('Agent Protocol: frames without a seq do not renew the reconnect budget', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      if (!request.url?.includes('/events')) return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"running"}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data:{"type":"STATUS","status":"running"}\n\n', () => response.destroy())
    })
    cleanups.push(() => server.close())
    const reconnect = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 }
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url, reconnect }), scheduleFrame })
    await session.send('go')
    expect(session.getState()).toMatchObject({ status: 'error', error: { code: 'incomplete-stream' } })
    // the first subscription and the three reconnects
    expect(server.requests.filter((request) => request.url.includes('/events'))).toHaveLength(4)
  })

  it('native bridge: events after AGENT_END do not hold the run open past its grace', async () => {
    const timers: NodeJS.Timeout[] = []
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data:{"type":"AGENT_START","id":"e1","replyId":"R1"}\n\n')
      response.write('data:{"type":"TEXT_BLOCK_DELTA","id":"e2","replyId":"M1","blockId":"text","delta":"done."}\n\n')
      response.write('data:{"type":"AGENT_END","id":"e3","replyId":"R1"}\n\n')
      let ping = 0
      const timer = setInterval(() => response.write(`data:{"type":"CUSTOM","id":"p${ping++}","name":"ping","value":{}}\n\n`), 5)
      timers.push(timer)
      response.on('close', () => clearInterval(timer))
    })
    cleanups.push(async () => {
      timers.forEach(clearInterval)
      await server.close()
    })
    const session = createAgentSession({ transport: createSseTransport({ url: server.url, endGraceMs: 100 }), scheduleFrame })
    const pings: number[] = []
    session.subscribe((state) => pings.push(state.agent.customEvents.length))
    await session.send('go')
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    // the run ended on its grace: the pings went on, and would have kept it open for ever
    expect(pings.at(-1)).toBeGreaterThan(0)
  })
})
