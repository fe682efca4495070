// AG-UI and Agent Protocol servers that answer, but not as they should (the transport attack review of the
// afternoon of 4 December 2026): each test fails on the transport or session before the fix it names.
import { describe, expect, it } from 'vitest'
import type { ToolResultBlock } from '../../src/core'
import { toSnapshot } from '../../src/core/snapshot'
import { createAgentSession } from '../../src/session/create-agent-session'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import type { AgentTransport } from '../../src/transport/agent-transport'
import { createAguiTransport } from '../../src/transport/agui-transport'
import { serversAfterEach } from '../fixtures/http-server'
import { timerFrames } from '../fixtures/test-lifetimes'

const serve = serversAfterEach()
const scheduleFrame = timerFrames

const SSE = { 'content-type': 'text/event-stream' }
const JSON_TYPE = { 'content-type': 'application/json' }
const sse = (events: readonly object[]) => events.map((event) => `data:${JSON.stringify(event)}\n\n`).join('')
const apFrame = (seq: number, type: string, event: Record<string, unknown>) =>
  `id:${seq}\ndata:${JSON.stringify({ seq, type, payload: JSON.stringify(event) })}\n\n`
const rawFrame = (seq: number, body: Record<string, unknown>) => `id:${seq}\ndata:${JSON.stringify({ seq, ...body })}\n\n`
const aguiText = (delta: string, extra: Record<string, unknown> = {}) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta, ...extra })
const textOf = (session: ReturnType<typeof createAgentSession>) =>
  toSnapshot(session.getState().agent)
    .messages.filter((message) => message.role === 'ASSISTANT')
    .flatMap((message) => message.content.map((block) => (block.type === 'text' ? block.text : '')))
    .join('')

describe('AG-UI servers', () => {
  it('an event whose timestamp no Date can hold is applied without its time; the run goes on', async () => {
    const server = await serve((_request, response) => {
      response
        .writeHead(200, SSE)
        .end(
          sse([
            { type: 'RUN_STARTED', threadId: 't', runId: 'run-1' },
            { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
            aguiText('Hello '),
            aguiText('bad-clock ', { timestamp: 1e20 }),
            aguiText('world', { timestamp: Number.NaN }),
            { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
            { type: 'RUN_FINISHED', threadId: 't', runId: 'run-1' },
          ]),
        )
    })
    const session = createAgentSession({ transport: createAguiTransport({ url: server.url }), scheduleFrame })
    await session.send('hi')
    expect(session.getState()).toMatchObject({ status: 'done', error: null })
    expect(textOf(session)).toBe('Hello bad-clock world')
  })

  it('a RUN_STARTED sent twice opens one turn', async () => {
    const server = await serve((_request, response) => {
      const started = { type: 'RUN_STARTED', threadId: 't', runId: 'run-1' }
      response.writeHead(200, SSE).end(sse([started, started, aguiText('fine'), { type: 'RUN_FINISHED', threadId: 't', runId: 'run-1' }]))
    })
    const session = createAgentSession({ transport: createAguiTransport({ url: server.url }), scheduleFrame })
    await session.send('hi')
    expect(toSnapshot(session.getState().agent).turns.map((turn) => turn.status)).toEqual(['completed'])
  })

  it("a RUN_ERROR's object message and code are shown as JSON, not [object Object]", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, SSE).end(
        sse([
          { type: 'RUN_STARTED', runId: 'r' },
          { type: 'RUN_ERROR', code: { kind: 'QUOTA' }, message: { detail: 'quota exceeded' } },
        ]),
      )
    })
    const session = createAgentSession({ transport: createAguiTransport({ url: server.url }), scheduleFrame })
    await session.send('hi')
    expect(session.getState().error?.message).toContain('{"detail":"quota exceeded"}')
    expect(session.getState().error?.message).toContain('{"kind":"QUOTA"}')
    expect(session.getState().error?.message).not.toContain('[object Object]')
  })

  it('answers thousands of external-tool interrupts in time linear in their number', async () => {
    // The resume body, built from the interrupts RUN_FINISHED left open: the time of the second run's send.
    async function answerCost(count: number): Promise<number> {
      const interrupts = Array.from({ length: count }, (_, index) => ({
        id: `i${index}`,
        reason: 'tool_call',
        message: 'run it',
        metadata: { kind: 'external', toolCallId: `c${index}`, toolName: 'browse', input: {} },
      }))
      let runs = 0
      const server = await serve((_request, response) => {
        runs += 1
        const outcome = runs === 1 ? { type: 'interrupt', interrupts } : undefined
        response.writeHead(200, SSE).end(
          sse([
            { type: 'RUN_STARTED', runId: `r${runs}` },
            { type: 'RUN_FINISHED', runId: `r${runs}`, outcome },
          ]),
        )
      })
      const transport = createAguiTransport({ url: server.url })
      const signal = new AbortController().signal
      await transport.run({ kind: 'message', messages: [] }, { signal, onEvent: () => {} })
      const toolResults: ToolResultBlock[] = interrupts
        .map((_, index) => ({
          type: 'tool_result' as const,
          id: `c${index}`,
          name: 'browse',
          output: [{ type: 'text' as const, text: 'ok' }],
          metadata: {},
          state: 'success' as const,
        }))
        .reverse()
      // CPU time (the server is in this process too), so that waiting for a core is not counted
      const started = process.cpuUsage()
      await transport.run({ kind: 'tool-results', toolResults }, { signal, onEvent: () => {} })
      const { user, system } = process.cpuUsage(started)
      return (user + system) / 1000
    }
    await answerCost(500)
    const small = Math.min(await answerCost(2_000), await answerCost(2_000))
    const large = Math.min(await answerCost(16_000), await answerCost(16_000))
    // 8× the interrupts: a lookup of each answer by scanning them all took 22× the time
    expect(large / small, `${large} ms ÷ ${small} ms`).toBeLessThan(14)
  }, 30_000)
})

// Two chats on one transport: the first streams, and the second's message is refused in words.
async function secondChatRefused(transport: AgentTransport) {
  const first = createAgentSession({ transport, scheduleFrame })
  const second = createAgentSession({ transport, scheduleFrame })
  const sent = first.send('one')
  await expect.poll(() => first.getState().status).toBe('streaming')
  await second.send('two')
  expect(second.getState().error).toMatchObject({ code: 'refused' })
  expect(second.getState().error?.message).toContain('each chat needs a transport of its own')
  return { first, sent }
}

describe('one transport for two chats', () => {
  it('AG-UI refuses a second run while one streams, in words; Stop on the first stops the first', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, SSE).write(sse([{ type: 'RUN_STARTED', runId: 'r1' }, aguiText('working')]))
    })
    const { first, sent } = await secondChatRefused(createAguiTransport({ url: server.url }))
    await first.stop()
    await sent
    expect(first.getState().status).toBe('done')
    expect(toSnapshot(first.getState().agent).turns.at(-1)?.status).toBe('interrupted')
  })

  it('Agent Protocol refuses a second run while one streams, and the first ends whole', async () => {
    let task = 0
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, JSON_TYPE).end('{}')
      if (!request.url?.includes('/events')) return void response.writeHead(200, JSON_TYPE).end('{"status":"running"}')
      response
        .writeHead(200, SSE)
        .write(apFrame(1, 'RUN_STARTED', { type: 'AGENT_START', id: `a${++task}`, replyId: 'R', name: 'a', role: 'assistant' }))
      setTimeout(() => {
        response.write(apFrame(2, 'TEXT_DELTA', { type: 'TEXT_BLOCK_DELTA', id: `d${task}`, replyId: 'M', blockId: 'text', delta: 'all of it' }))
        response.write(apFrame(3, 'RUN_FINISHED', { type: 'AGENT_END', id: `e${task}`, replyId: 'R' }))
        response.end(rawFrame(4, { type: 'STATUS', status: 'success' }))
      }, 80)
    })
    const { first, sent } = await secondChatRefused(createAgentProtocolTransport({ url: server.url }))
    await sent
    expect(first.getState()).toMatchObject({ status: 'done', error: null })
    expect(textOf(first)).toBe('all of it')
  })
})

describe('Agent Protocol servers', () => {
  const call = { type: 'tool_use', id: 'call_a', name: 'bash', input: { command: 'ls' }, content: '{"command":"ls"}', metadata: {}, state: 'asking' }

  for (const status of ['AWAITING_CONFIRM', undefined]) {
    it(`a confirmation whose store frame says status ${String(status)} can be answered`, async () => {
      const server = await serve((request, response) => {
        if (request.method === 'POST') return void response.writeHead(202, JSON_TYPE).end('{}')
        if (!request.url?.includes('/events')) return void response.writeHead(200, JSON_TYPE).end('{"status":"running"}')
        response.writeHead(200, SSE)
        if (request.url.includes('from_seq')) {
          response.write(apFrame(6, 'RUN_STARTED', { type: 'AGENT_START', id: 'e6', replyId: 'r1', name: 'a', role: 'assistant' }))
          response.write(apFrame(7, 'RUN_FINISHED', { type: 'AGENT_END', id: 'e7', replyId: 'r1' }))
          return void response.end(rawFrame(8, { type: 'STATUS', status: 'success' }))
        }
        response.write(apFrame(1, 'RUN_STARTED', { type: 'AGENT_START', id: 'e1', replyId: 'r0', name: 'a', role: 'assistant' }))
        response.write(apFrame(2, 'AGENT_EVENT', { type: 'REQUIRE_USER_CONFIRM', id: 'e2', replyId: 'm1', toolCalls: [call] }))
        response.write(
          apFrame(3, 'AGENT_EVENT', { type: 'REQUEST_STOP', id: 'e3', reason: 'permission asking', generateReason: 'PERMISSION_ASKING' }),
        )
        response.write(apFrame(4, 'RUN_FINISHED', { type: 'AGENT_END', id: 'e4', replyId: 'r0' }))
        const pending = [{ toolCallId: 'call_a', toolName: 'bash', toolInputJson: '{"command":"ls"}' }]
        response.write(rawFrame(5, { type: 'REQUIRE_CONFIRM', ...(status === undefined ? {} : { status }), pendingConfirms: pending }))
      })
      const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url }), scheduleFrame })
      await session.send('list files')
      expect(session.getState().status).toBe('awaiting-confirmation')
      await session.confirm([{ toolCallId: 'call_a', approved: true }])
      expect(session.getState()).toMatchObject({ status: 'done', error: null })
      expect(server.requests.filter((request) => request.url.endsWith('/resume'))).toHaveLength(1)
    })
  }

  for (const snapshot of ['404', 'an HTML page', 'no answer'] as const) {
    it(`a reload whose task snapshot is ${snapshot} still shows the history`, async () => {
      const history = [{ id: 'u1', name: 'user', role: 'USER', content: [{ type: 'text', text: 'Hi' }], metadata: {}, timestamp: null }]
      const server = await serve((request, response) => {
        if (request.url === '/history') return void response.writeHead(200, JSON_TYPE).end(JSON.stringify(history))
        if (snapshot === '404') return void response.writeHead(404, JSON_TYPE).end('{"error":"task not found"}')
        if (snapshot === 'an HTML page') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>app')
      })
      const transport = createAgentProtocolTransport({ url: server.url, historyUrl: `${server.url}/history`, taskId: 'gone', staleAfterMs: 200 })
      expect(await transport.loadHistory!()).toHaveLength(1)
    })
  }

  it("a RUN_ERROR's object error and a snapshot's object status are shown as JSON", async () => {
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, JSON_TYPE).end('{}')
      response.writeHead(200, SSE).end(rawFrame(1, { type: 'RUN_ERROR', error: { code: 'MODEL_TIMEOUT', message: 'no answer' } }))
    })
    const session = createAgentSession({ transport: createAgentProtocolTransport({ url: server.url }), scheduleFrame })
    await session.send('hi')
    expect(session.getState().error?.message).toContain('{"code":"MODEL_TIMEOUT","message":"no answer"}')
  })

  it('a run stopped while reconnecting, or out of reconnects, is no longer "reconnecting"', async () => {
    let opens = 0
    const server = await serve((request, response) => {
      if (request.method === 'POST') return void response.writeHead(202, JSON_TYPE).end('{}')
      if (!request.url?.includes('/events')) return void response.writeHead(200, JSON_TYPE).end('{"status":"running"}')
      if (request.url.includes('from_seq')) return void response.writeHead(503).end('down')
      opens += 1
      response
        .writeHead(200, SSE)
        .end(apFrame(1, 'RUN_STARTED', { type: 'AGENT_START', id: `a${opens}`, replyId: `R${opens}`, name: 'a', role: 'assistant' }))
    })
    const transport = createAgentProtocolTransport({ url: server.url, reconnect: { maxAttempts: 2, baseDelayMs: 100, maxDelayMs: 100 } })
    const session = createAgentSession({ transport, scheduleFrame })
    const sent = session.send('one')
    await expect.poll(() => session.getState().connection).toBe('reconnecting')
    await session.stop()
    await sent
    expect(session.getState()).toMatchObject({ status: 'done', connection: null })
    await session.send('two')
    expect(session.getState()).toMatchObject({ status: 'error', connection: null })
  })
})
