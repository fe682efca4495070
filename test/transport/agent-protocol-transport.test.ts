// Agent Protocol bodies written by hand from protocol §9.3: `id:<seq>`, `event:<RemoteEventType>`, and a
// RemoteAgentEvent whose `payload` is the AgentEvent as a JSON string.
import { afterEach, describe, expect, it } from 'vitest'
import { AgentStreamError, replayEvents, userMessage } from '../../src/core'
import type { RunRequest } from '../../src/core'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import { startHttpServer } from '../fixtures/http-server'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const hello: RunRequest = { kind: 'message', messages: [userMessage('Hi', { id: 'u1' })] }
const EVENTS = [
  { type: 'AGENT_START', id: 'e1', replyId: 'r0', name: 'assistant', role: 'assistant' },
  { type: 'TEXT_BLOCK_START', id: 'e2', replyId: 'm1', blockId: 'text' },
  { type: 'TEXT_BLOCK_DELTA', id: 'e3', replyId: 'm1', blockId: 'text', delta: 'Hello ' },
  { type: 'TEXT_BLOCK_DELTA', id: 'e4', replyId: 'm1', blockId: 'text', delta: 'world' },
  { type: 'TEXT_BLOCK_END', id: 'e5', replyId: 'm1', blockId: 'text' },
  { type: 'AGENT_END', id: 'e6', replyId: 'r0' },
]
const REMOTE_TYPES: Record<string, string> = { AGENT_START: 'RUN_STARTED', TEXT_BLOCK_DELTA: 'TEXT_DELTA', AGENT_END: 'RUN_FINISHED' }

function remoteFrame(seq: number, event: Record<string, unknown>): string {
  const type = REMOTE_TYPES[String(event.type)] ?? 'AGENT_EVENT'
  const remote = {
    seq,
    type,
    taskId: 't1',
    agentId: 'assistant',
    eventType: event.type,
    payload: `${JSON.stringify(event).slice(0, -1)},"type":"${String(event.type)}"}`,
  }
  return `id:${seq}\nevent:${type}\ndata:${JSON.stringify(remote)}\n\n`
}
const statusFrame = (seq: number) =>
  `id:${seq}\nevent:STATUS\ndata:${JSON.stringify({ seq, type: 'STATUS', taskId: 't1', agentId: 'assistant', status: 'success' })}\n\n`
const ALL = [...EVENTS.map((event, index) => remoteFrame(index + 1, event)), statusFrame(7)]

const fast = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 4 }

async function collect(url: string, transport = createAgentProtocolTransport({ url, createTaskId: () => 't1', reconnect: fast, userId: 'alice' })) {
  const events: Record<string, unknown>[] = []
  const connection: string[] = []
  const end = await transport.run(hello, {
    signal: new AbortController().signal,
    onEvent: (value) => events.push(value as Record<string, unknown>),
    onConnection: (state, attempt) => connection.push(`${state}:${attempt}`),
  })
  return { end, events, connection, transport }
}

describe('createAgentProtocolTransport on recorded bodies', () => {
  it('posts the task, subscribes, and passes on each parsed payload until the STATUS after RUN_FINISHED', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') {
        response.writeHead(202, { 'content-type': 'application/json' })
        response.end('{"task_id":"t1","status":"RUNNING"}')
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(ALL.join(''))
      // the server keeps the stream open after the final frame: the transport ends the run itself
    })
    close = server.close
    const { end, events } = await collect(server.url)
    expect(end).toBe('ended')
    expect(events).toEqual(EVENTS)
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /tasks/t1/events', 'POST /tasks'])
    // the event stream opens first; `input` is the text (upstream's controller reads a string)
    expect(JSON.parse(server.requests[1]!.body)).toMatchObject({
      task_id: 't1',
      agent_id: 'default',
      input: 'Hi',
      context: { user_id: 'alice', stream: true, detail: 'verbose' },
    })
  })

  it('reconnects a dropped stream with Last-Event-ID and from_seq, and drops replayed frames by seq', async () => {
    const headers: (string | undefined)[] = []
    let gets = 0
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(202).end('{}')
      gets += 1
      headers.push(request.headers['last-event-id'] as string | undefined)
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      // first connection: frames 1-3 and half of frame 4, then the socket drops; the second replays 2-7
      if (gets === 1) response.end(ALL.slice(0, 3).join('') + ALL[3]!.slice(0, 40))
      else response.end(ALL.slice(1).join(''))
    })
    close = server.close
    const { end, events, connection, transport } = await collect(server.url)
    expect(end).toBe('ended')
    expect(events).toEqual(EVENTS)
    expect(connection).toEqual(['reconnecting:1', 'reconnected:1'])
    expect(server.requests.map((request) => request.url)).toEqual(['/tasks/t1/events', '/tasks', '/tasks/t1/events?from_seq=3'])
    expect(headers).toEqual([undefined, '3'])
    expect(transport.duplicateFrames).toBe(2)
  })

  it('on a seq gap reads the snapshot, re-emits its pending confirmation and reports the lost range', async () => {
    const snapshot = {
      task_id: 't1',
      status: 'RUNNING',
      awaiting_confirm: true,
      pending_confirms: [{ toolCallId: 'call_a', toolName: 'bash', toolInputJson: '{"command":"ls"}' }],
      result: null,
    }
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(202).end('{}')
      if (request.url === '/tasks/t1') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot))
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(ALL[0]! + ALL[4]!)
    })
    close = server.close
    const events: Record<string, unknown>[] = []
    const transport = createAgentProtocolTransport({ url: server.url, createTaskId: () => 't1', reconnect: fast })
    const failure = await transport
      .run(hello, { signal: new AbortController().signal, onEvent: (value) => events.push(value as Record<string, unknown>) })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AgentStreamError)
    expect(failure).toMatchObject({ code: 'incomplete-stream', message: expect.stringContaining('frames 2–4 of task t1') })
    expect(events.map((event) => event.type)).toEqual(['AGENT_START', 'REQUIRE_USER_CONFIRM', 'REQUEST_STOP'])
    expect(replayEvents(events).pendingConfirmation?.toolCalls).toMatchObject([{ id: 'call_a', name: 'bash', input: { command: 'ls' } }])
    // the re-emitted confirmation can be answered: resume goes out with the decision
    await transport
      .run(
        { kind: 'confirm', confirmResults: [{ confirmed: true, toolCall: replayEvents(events).pendingConfirmation!.toolCalls[0]!, rules: null }] },
        { signal: new AbortController().signal, onEvent: () => {} },
      )
      .catch(() => {})
    expect(server.requests.find((request) => request.url === '/tasks/t1/resume')?.body).toBe(
      '{"decisions":[{"toolCallId":"call_a","approved":true}]}',
    )
  })

  it('fails with incomplete-stream after the bounded reconnects, and with RUN_ERROR as a server failure', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(202).end('{}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(ALL[0])
    })
    close = server.close
    const failure = await collect(server.url).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 'incomplete-stream', message: expect.stringContaining('3 reconnects failed') })
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
    await close()
    const failing = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(202).end('{}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(`${ALL[0]}id:2\nevent:RUN_ERROR\ndata:{"seq":2,"type":"RUN_ERROR","error":"boom","status":"error"}\n\n`)
    })
    close = failing.close
    await expect(collect(failing.url)).rejects.toMatchObject({ code: 'network-error', message: expect.stringContaining('boom') })
  })

  it('rebuilds what it can from frames without a payload (a server that ignores detail: verbose)', async () => {
    const flat = [
      { seq: 1, type: 'RUN_STARTED', agentId: 'assistant' },
      { seq: 2, type: 'TEXT_DELTA', text: 'Cleaning ' },
      { seq: 3, type: 'TEXT_DELTA', text: 'up.' },
      { seq: 4, type: 'TOOL_CALL_START', toolCallId: 'call_a', toolName: 'bash' },
      { seq: 5, type: 'TOOL_CALL_END', toolCallId: 'call_a', toolName: 'bash' },
      {
        seq: 6,
        type: 'REQUIRE_CONFIRM',
        pendingConfirms: [{ toolCallId: 'call_a', toolName: 'bash', toolInputJson: '{"command":"rm -rf ./build"}' }],
      },
      { seq: 7, type: 'RUN_FINISHED' },
      {
        seq: 8,
        type: 'REQUIRE_CONFIRM',
        pendingConfirms: [{ toolCallId: 'call_a', toolName: 'bash', toolInputJson: '{"command":"rm -rf ./build"}' }],
        status: 'awaiting_confirm',
      },
    ]
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(202).end('{}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(flat.map((frame) => `id:${frame.seq}\nevent:${frame.type}\ndata:${JSON.stringify(frame)}\n\n`).join(''))
    })
    close = server.close
    const { end, events } = await collect(server.url)
    expect(end).toBe('ended')
    const snapshot = replayEvents(events)
    expect(snapshot.turns.map((turn) => turn.status)).toEqual(['awaiting_confirmation'])
    expect(snapshot.messages[0]?.content).toMatchObject([
      { type: 'text', text: 'Cleaning up.' },
      { type: 'tool_use', id: 'call_a', name: 'bash', input: { command: 'rm -rf ./build' }, state: 'asking' },
    ])
  })

  it('cancels through POST /tasks/{id}/cancel and refuses tool results', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.method === 'POST') return response.writeHead(200).end('{}')
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(ALL.join(''))
    })
    close = server.close
    const { transport } = await collect(server.url)
    await transport.interrupt()
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/tasks/t1/cancel' })
    await expect(
      transport.run({ kind: 'tool-results', toolResults: [] }, { signal: new AbortController().signal, onEvent: () => {} }),
    ).rejects.toMatchObject({ code: 'refused' })
  })
})

describe('createAgentProtocolTransport after a reload (historyUrl, taskId)', () => {
  const asking = {
    type: 'REQUIRE_USER_CONFIRM',
    id: 'e2',
    replyId: 'r1',
    toolCalls: [
      { type: 'tool_use', id: 'c1', name: 'delete_file', input: { path: '/tmp/x' }, content: '{"path":"/tmp/x"}', metadata: {}, state: 'pending' },
    ],
  }
  const pending = [{ toolCallId: 'c1', toolName: 'delete_file', toolInputJson: '{"path":"/tmp/x"}' }]
  const paused = `id:3\nevent:REQUIRE_CONFIRM\ndata:${JSON.stringify({ seq: 3, type: 'REQUIRE_CONFIRM', taskId: 't1', status: 'awaiting_confirm', pendingConfirms: pending })}\n\n`
  const stored = [
    { id: 'u1', name: 'user', role: 'USER', content: [{ type: 'text', text: 'Delete it' }], metadata: {}, timestamp: null, usage: null },
  ]

  it('reads the history, finds where the awaiting task paused, and answers it on that task from there', async () => {
    const server = await startHttpServer((request, response) => {
      const url = request.url ?? ''
      if (url === '/history') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(stored))
      } else if (url === '/tasks/t1') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ task_id: 't1', status: 'awaiting_confirm', pending_confirms: pending }))
      } else if (url === '/tasks/t1/events') {
        // the replay from seq 0: the first run, up to the pause; the channel stays open
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.write(remoteFrame(1, EVENTS[0] as Record<string, unknown>) + remoteFrame(2, asking) + paused)
      } else if (url.startsWith('/tasks/t1/events?from_seq=3')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        const resumed = [
          { type: 'AGENT_START', id: 'e4', replyId: 'r2', name: 'assistant', role: 'assistant' },
          { type: 'AGENT_END', id: 'e5', replyId: 'r2' },
        ]
        response.write(
          `${remoteFrame(4, resumed[0] as Record<string, unknown>)}${remoteFrame(5, resumed[1] as Record<string, unknown>)}${statusFrame(6)}`,
        )
      } else {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"task_id":"t1","status":"running"}')
      }
    })
    close = server.close
    const transport = createAgentProtocolTransport({ url: server.url, historyUrl: `${server.url}/history`, taskId: 't1', reconnect: fast })
    expect(await transport.loadHistory?.()).toEqual(stored)
    expect(transport.taskId).toBe('t1')
    const events: unknown[] = []
    const confirm: RunRequest = { kind: 'confirm', confirmResults: [{ confirmed: false, toolCall: asking.toolCalls[0] as never, rules: null }] }
    expect(await transport.run(confirm, { signal: new AbortController().signal, onEvent: (value) => events.push(value) })).toBe('ended')
    expect(events.map((event) => (event as { id: string }).id)).toEqual(['e4', 'e5'])
    const resume = server.requests.find((request) => request.url === '/tasks/t1/resume')
    expect(JSON.parse(resume?.body ?? '{}')).toEqual({ decisions: [{ toolCallId: 'c1', approved: false }] })
  })

  it('refuses to answer a task that no longer awaits confirmation, and has no loadHistory without historyUrl', async () => {
    const server = await startHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(request.url === '/history' ? '[]' : JSON.stringify({ task_id: 't1', status: 'success', result: 'done' }))
    })
    close = server.close
    expect(createAgentProtocolTransport({ url: server.url }).loadHistory).toBeUndefined()
    const transport = createAgentProtocolTransport({ url: server.url, historyUrl: `${server.url}/history`, taskId: 't1' })
    expect(await transport.loadHistory?.()).toEqual([])
    const confirm: RunRequest = { kind: 'confirm', confirmResults: [{ confirmed: true, toolCall: asking.toolCalls[0] as never, rules: null }] }
    await expect(transport.run(confirm, { signal: new AbortController().signal, onEvent: () => {} })).rejects.toMatchObject({ code: 'refused' })
    expect(server.requests.map((request) => request.url)).toEqual(['/history', '/tasks/t1'])
  })

  it('says plainly when the history cannot be read: an HTTP error with its body, a body that is not JSON, not an array', async () => {
    const bodies: Record<string, [number, string]> = { '/missing': [404, 'no such session'], '/garbled': [200, '[{"id":'], '/object': [200, '{}'] }
    const server = await startHttpServer((request, response) => {
      const [status, body] = bodies[request.url ?? ''] ?? [500, '']
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(body)
    })
    close = server.close
    const historyOf = (path: string) => createAgentProtocolTransport({ url: server.url, historyUrl: `${server.url}${path}` }).loadHistory?.()
    await expect(historyOf('/missing')).rejects.toMatchObject({ code: 'http-error', status: 404, body: 'no such session' })
    await expect(historyOf('/garbled')).rejects.toMatchObject({
      code: 'http-error',
      message: `The history ${server.url}/garbled is not JSON: [{"id":`,
    })
    await expect(historyOf('/object')).rejects.toMatchObject({
      code: 'http-error',
      message: `The history ${server.url}/object is not a JSON array of messages.`,
    })
  })
})
