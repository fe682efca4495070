// AG-UI bodies written by hand from protocol §9.2, both framings: WebFlux `data:{…}` and MVC `data: {…}`.
import { afterEach, describe, expect, it } from 'vitest'
import { AgentStreamError, replayEvents, userMessage } from '../../src/core'
import type { RunRequest } from '../../src/core'
import { createAguiTransport } from '../../src/transport/agui-transport'
import { startHttpServer } from '../fixtures/http-server'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const webflux = (events: object[]) => events.map((event) => `data:${JSON.stringify(event)}\n\n`).join('')
const mvc = (events: object[]) => events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join('')
const hello: RunRequest = { kind: 'message', messages: [userMessage('Hi', { id: 'u1' })] }

const PLAIN = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'run-1' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm1-reasoning', role: 'assistant' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1-reasoning', delta: 'Thinking…' },
  { type: 'REASONING_MESSAGE_END', messageId: 'm1-reasoning' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: '👋' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'TOOL_CALL_START', toolCallId: 'call_1', toolCallName: 'get_weather', parentMessageId: 'm1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'call_1', delta: '{"city":' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'call_1', delta: '"Paris"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'call_1' },
  {
    type: 'CUSTOM',
    name: 'token_usage',
    value: { delta: { inputTokens: 10, outputTokens: 5, cachedTokens: 0, time: 0.5, totalTokens: 15 }, cumulative: {}, modelCall: { replyId: 'm1' } },
  },
  { type: 'TOOL_CALL_RESULT', messageId: 'a1', toolCallId: 'call_1', content: 'Sunny, 21°C', role: 'tool' },
  {
    type: 'RAW',
    event: { id: 'h1', createdAt: '2026-05-14T09:12:03Z', replyId: 'x', blockId: 'b1', hintSource: 'alice', hint: 'Use Celsius', type: 'HINT_BLOCK' },
  },
  { type: 'RAW', rawEvent: { id: 'c1', name: 'audit', value: { ok: true }, type: 'CUSTOM' } },
  {
    type: 'CUSTOM',
    name: 'subagent.text',
    value: { source: 'main/researcher', type: 'TEXT_BLOCK_DELTA', replyId: 's1', blockId: 'text', delta: 'child says hi' },
  },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'run-1' },
]

async function serveBody(body: string, status = 200) {
  const server = await startHttpServer((_request, response) => {
    response.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' })
    response.end(body)
  })
  close = server.close
  return server
}

async function collect(url: string, request: RunRequest = hello, transport = createAguiTransport({ url: `${url}/agui/run`, threadId: 't1' })) {
  const events: Record<string, unknown>[] = []
  const end = await transport.run(request, {
    signal: new AbortController().signal,
    onEvent: (value) => events.push(value as Record<string, unknown>),
  })
  return { end, events, transport }
}

describe('createAguiTransport on recorded bodies', () => {
  it.each([
    ['WebFlux data:{…}', webflux(PLAIN)],
    ['MVC data: {…} with CRLF', mvc(PLAIN)],
  ])('maps every AG-UI event family into AgentEvents the reducer understands (%s)', async (_name, body) => {
    const server = await serveBody(body)
    const { end, events } = await collect(server.url)
    expect(end).toBe('ended')
    const request = JSON.parse(server.requests[0]!.body)
    expect(request).toMatchObject({
      threadId: 't1',
      messages: [{ id: 'u1', role: 'user', content: 'Hi' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    })
    expect(events.map((event) => event.type)).toEqual([
      'AGENT_START',
      'MODEL_CALL_START',
      'THINKING_BLOCK_START',
      'THINKING_BLOCK_DELTA',
      'THINKING_BLOCK_END',
      'TEXT_BLOCK_START',
      'TEXT_BLOCK_DELTA',
      'TEXT_BLOCK_DELTA',
      'TEXT_BLOCK_END',
      'TOOL_CALL_START',
      'TOOL_CALL_DELTA',
      'TOOL_CALL_DELTA',
      'TOOL_CALL_END',
      'MODEL_CALL_END',
      'TOOL_RESULT_START',
      'TOOL_RESULT_TEXT_DELTA',
      'TOOL_RESULT_END',
      'HINT_BLOCK',
      'CUSTOM',
      'TEXT_BLOCK_DELTA',
      'AGENT_END',
    ])
    const runId = request.runId as string
    expect(events[0]).toEqual({ type: 'AGENT_START', id: `agui:${runId}:1`, replyId: 'run-1', name: 'assistant', role: 'assistant' })
    const snapshot = replayEvents(events)
    expect(snapshot.turns[0]).toMatchObject({ status: 'completed', modelCalls: [{ replyId: 'm1', usage: { inputTokens: 10 } }] })
    expect(snapshot.messages[0]?.content).toEqual([
      { type: 'thinking', thinking: 'Thinking…', metadata: null },
      { type: 'text', text: 'Hello 👋' },
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' }, content: '{"city":"Paris"}', metadata: {}, state: 'allowed' },
      { type: 'tool_result', id: 'call_1', name: 'get_weather', output: [{ type: 'text', text: 'Sunny, 21°C' }], metadata: {}, state: 'success' },
      { type: 'hint', id: 'b1', hint: 'Use Celsius', source: 'alice' },
    ])
    expect(snapshot.customEvents).toEqual([{ name: 'audit', value: { ok: true }, source: null }])
    expect(Object.keys(snapshot.subagents)).toEqual(['main/researcher'])
  })

  it('gives synthesized events deterministic ids, so a re-delivered run de-duplicates', async () => {
    const server = await serveBody(webflux(PLAIN))
    const { events } = await collect(server.url)
    const ids = events.map((event) => event.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(replayEvents([...events, ...events])).toEqual(replayEvents(events))
  })

  it('turns a permission interrupt into REQUIRE_USER_CONFIRM and resumes every open interrupt', async () => {
    const interrupted = webflux([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'run-1' },
      { type: 'TOOL_CALL_START', toolCallId: 'call_a', toolCallName: 'bash', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_a', delta: '{"command":"rm -rf ./build"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'call_a' },
      { type: 'TOOL_CALL_START', toolCallId: 'call_b', toolCallName: 'bash', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_b', delta: '{"command":"ls"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'call_b' },
      {
        type: 'RUN_FINISHED',
        threadId: 't1',
        runId: 'run-1',
        outcome: {
          type: 'interrupt',
          interrupts: [
            {
              id: 'r9:call_a',
              reason: 'tool_call',
              metadata: {
                'agentscope.interruptKind': 'permission_confirm',
                toolName: 'bash',
                toolInput: { command: 'rm -rf ./build' },
                toolContent: '{"command":"rm -rf ./build"}',
                replyId: 'r9',
              },
            },
            {
              id: 'r9:call_b',
              reason: 'tool_call',
              metadata: { 'agentscope.interruptKind': 'permission_confirm', toolName: 'bash', toolInput: { command: 'ls' }, replyId: 'r9' },
            },
          ],
        },
      },
    ])
    const server = await serveBody(interrupted)
    const transport = createAguiTransport({ url: `${server.url}/agui/run`, threadId: 't1' })
    const { events } = await collect(server.url, hello, transport)
    expect(events.slice(-3).map((event) => event.type)).toEqual(['REQUIRE_USER_CONFIRM', 'REQUEST_STOP', 'AGENT_END'])
    const snapshot = replayEvents(events)
    expect(snapshot.turns[0]?.status).toBe('awaiting_confirmation')
    expect(snapshot.pendingConfirmation?.toolCalls.map((call) => call.id)).toEqual(['call_a', 'call_b'])
    const [callA] = snapshot.pendingConfirmation!.toolCalls
    // only call_a is answered, with edited arguments: call_b is covered as denied
    const answer: RunRequest = {
      kind: 'confirm',
      confirmResults: [{ confirmed: true, toolCall: { ...callA!, input: { command: 'rm -rf ./dist' } }, rules: null }],
    }
    await collect(server.url, answer, transport)
    expect(JSON.parse(server.requests[1]!.body).resume).toEqual([
      { interruptId: 'r9:call_a', status: 'resolved', payload: { approved: true, editedArgs: { command: 'rm -rf ./dist' } } },
      { interruptId: 'r9:call_b', status: 'resolved', payload: { approved: false } },
    ])
  })

  it('turns an external interrupt into a suspended result plus REQUIRE_EXTERNAL_EXECUTION, and results into resume payloads', async () => {
    const server = await serveBody(
      mvc([
        { type: 'RUN_STARTED', threadId: 't1', runId: 'run-1' },
        {
          type: 'RUN_FINISHED',
          threadId: 't1',
          runId: 'run-1',
          outcome: {
            type: 'interrupt',
            interrupts: [
              { id: 'a7:call_x', reason: 'tool_call', metadata: { toolName: 'browser_read_page', toolInput: { url: 'https://example.com' } } },
            ],
          },
        },
      ]),
    )
    const transport = createAguiTransport({ url: `${server.url}/agui/run`, threadId: 't1' })
    const { events } = await collect(server.url, hello, transport)
    const snapshot = replayEvents(events)
    expect(snapshot.turns[0]?.status).toBe('awaiting_external_execution')
    expect(snapshot.pendingExternalExecution?.toolCalls).toMatchObject([
      { id: 'call_x', name: 'browser_read_page', input: { url: 'https://example.com' } },
    ])
    expect(snapshot.messages[0]?.content).toContainEqual(
      expect.objectContaining({ type: 'tool_result', state: 'running', metadata: { agentscope_suspended: true } }),
    )
    const results: RunRequest = {
      kind: 'tool-results',
      toolResults: [
        {
          type: 'tool_result',
          id: 'call_x',
          name: 'browser_read_page',
          output: [{ type: 'text', text: 'Example Domain' }],
          metadata: {},
          state: 'success',
        },
      ],
    }
    await collect(server.url, results, transport)
    expect(JSON.parse(server.requests[1]!.body).resume).toEqual([{ interruptId: 'a7:call_x', status: 'resolved', payload: 'Example Domain' }])
  })

  it('rejects RUN_ERROR, and the MVC error map in RAW.event, with the server message', async () => {
    for (const body of [
      webflux([
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r' },
        { type: 'RUN_ERROR', message: 'Model quota exceeded', code: 'AGENT_ERROR' },
      ]),
      mvc([
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r' },
        { type: 'RAW', event: { error: 'Model quota exceeded' } },
      ]),
    ]) {
      const server = await serveBody(body)
      const failure = await collect(server.url).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(AgentStreamError)
      expect(failure).toMatchObject({ code: 'network-error', message: expect.stringContaining('Model quota exceeded') })
      await close?.()
      close = undefined
    }
  })

  it('reports a stream that ends before RUN_FINISHED as incomplete, and refuses a resume with nothing open', async () => {
    const server = await serveBody(webflux(PLAIN.slice(0, 6)))
    await expect(collect(server.url)).rejects.toMatchObject({ code: 'incomplete-stream' })
    const transport = createAguiTransport({ url: `${server.url}/agui/run` })
    await expect(
      transport.run({ kind: 'confirm', confirmResults: [] }, { signal: new AbortController().signal, onEvent: () => {} }),
    ).rejects.toMatchObject({ code: 'refused' })
    expect(server.requests).toHaveLength(1)
  })
})
