/**
 * Agent Protocol task routes of the scripted server (protocol §9.3), shaped like upstream's
 * `AgentProtocolController` + `AgentProtocolTaskStore` + `AgentProtocolTaskEventBus`: a task runs in the
 * background whether or not anyone listens, and `GET /tasks/{id}/events` replays the last 256 frames.
 *
 * As upstream 2.0.2 (measured in test/interop): `GET /tasks/{id}/events` for a task not submitted yet opens its
 * channel and waits (clients subscribe before they POST), the snapshot is `{task_id, status, pending_confirms?,
 * result?, error?}` with upstream's lower-case statuses, and `input` is a string.
 *
 * Difference from upstream, on purpose: a finished task keeps its replay buffer (upstream drops the channel, and a
 * late subscriber then waits forever; the kit's transport subscribes first and watches for that).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConfirmResult, Msg } from '../core'
import { userText } from './agent-loop'
import { createAgentSession, type AgentSession } from './agent-session'
import { startDetachedRun, type DetachedRun } from './detached-run'
import { BodyError, CORS_HEADERS, readJsonBody, sendError, sendJson } from './http-responses'
import { eventJson, toJacksonJson } from './jackson-json'
import type { Pacer } from './pace'
import { readRunBody, RunRequestError, validateRunInput, type RunInput } from './read-run-body'
import { HELP, pickScenario } from './scenario-catalog'

/** Frames a task keeps for late subscribers and reconnects, as upstream's `Sinks.many().replay().limit(256)`. */
export const REPLAY_BUFFER_SIZE = 256

const TASK_ROUTE = /^\/tasks(?:\/([^/]+)(?:\/(events|resume|cancel|wait))?)?$/

type TaskStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED'

interface PendingConfirm {
  readonly toolCallId: string
  readonly toolName: string | null
  readonly toolInputJson: string
}

interface Task {
  readonly id: string
  readonly agentId: string
  readonly detail: string
  readonly session: AgentSession
  readonly frames: { readonly seq: number; readonly text: string }[]
  readonly subscribers: Set<ServerResponse>
  seq: number
  status: TaskStatus
  awaitingConfirm: boolean
  pendingConfirms: PendingConfirm[] | null
  result: string | null
  error: string | null
  /** The channel completed: subscribers get the buffer and the end of the response. */
  complete: boolean
  run: DetachedRun | null
  cancelRequested: boolean
}

/** What the routes need from the handler. */
export interface AgentProtocolRoutesOptions {
  readonly seed: number
  readonly pacer: () => Pacer
}

/** The Agent Protocol routes; `handle` returns false for a path that is not theirs. */
export interface AgentProtocolRoutes {
  handle(request: IncomingMessage, response: ServerResponse, route: string, url: URL): Promise<boolean>
  /** Every AgentEvent a task's agent emitted, across its calls. */
  sentEvents(taskId: string): unknown[]
  close(): void
}

/** Creates the routes: `POST /tasks`, `GET /tasks/{id}`, `GET /tasks/{id}/events`, `POST /tasks/{id}/resume|cancel`. */
export function createAgentProtocolRoutes(options: AgentProtocolRoutesOptions): AgentProtocolRoutes {
  const tasks = new Map<string, Task>()
  // subscribers of a task id not submitted yet: upstream's event bus opens the channel on subscribe
  const early = new Map<string, Set<ServerResponse>>()

  function publish(task: Task, fields: Record<string, unknown>): void {
    task.seq += 1
    const remote: Record<string, unknown> = { seq: task.seq, ...fields }
    remote.taskId = task.id
    const ordered = orderRemote(remote)
    const text = `id:${task.seq}\nevent:${String(ordered.type)}\ndata:${toJacksonJson(ordered)}\n\n`
    task.frames.push({ seq: task.seq, text })
    if (task.frames.length > REPLAY_BUFFER_SIZE) task.frames.shift()
    for (const subscriber of task.subscribers) if (!subscriber.destroyed) subscriber.write(text)
  }

  function completeChannel(task: Task): void {
    task.complete = true
    for (const subscriber of task.subscribers) subscriber.end()
    task.subscribers.clear()
  }

  function start(task: Task, input: RunInput): void {
    const scenario = input.kind === 'message' ? pickScenario(userText(input.messages)) : (task.session.thread?.scenario ?? HELP)
    task.status = 'RUNNING'
    let lastResult: Msg | null = null
    const run = startDetachedRun(task.session, input, scenario, options.pacer(), (event) => {
      if (event.type === 'AGENT_RESULT') lastResult = event.result as Msg
      const remote = toRemote(event, task.agentId)
      if (matchesDetail(String(remote.type), task.detail)) publish(task, remote)
    })
    task.run = run
    void run.done.then((end) => {
      task.run = null
      if (end === 'failed') {
        task.status = 'FAILED'
        task.error = 'The agent run failed: the model provider closed the stream'
        publish(task, { type: 'RUN_ERROR', agentId: task.agentId, status: 'error', error: task.error })
        completeChannel(task)
        return
      }
      const pending = task.session.pending
      if (end === 'finished' && pending?.kind === 'confirm') {
        task.awaitingConfirm = true
        task.pendingConfirms = pending.calls
          .filter((entry) => entry.decision === 'asking')
          .map(({ call }) => ({ toolCallId: call.id, toolName: call.name, toolInputJson: JSON.stringify(call.input) }))
        publish(task, { type: 'REQUIRE_CONFIRM', agentId: task.agentId, pendingConfirms: task.pendingConfirms, status: 'awaiting_confirm' })
        return
      }
      task.status = task.cancelRequested ? 'CANCELLED' : 'COMPLETED'
      task.result = lastResult === null ? '' : textOf(lastResult)
      publish(task, { type: 'STATUS', agentId: task.agentId, status: task.cancelRequested ? 'cancelled' : 'success' })
      completeChannel(task)
    })
  }

  async function submit(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const body = await readBody(request, response, path)
    if (body === undefined) return
    const taskId = typeof body.task_id === 'string' && body.task_id !== '' ? body.task_id : globalThis.crypto.randomUUID()
    const existing = tasks.get(taskId)
    if (existing !== undefined) {
      if (existing.status === 'COMPLETED' || existing.status === 'FAILED' || existing.status === 'CANCELLED') {
        return sendError(response, path, 409, `task_id already finished: ${taskId}`)
      }
      // Idempotent while running, as upstream's submit()
      return sendJson(response, 202, { task_id: taskId, status: existing.status })
    }
    const context = isObject(body.context) ? body.context : {}
    const session = createAgentSession(taskId, options.seed)
    let input: RunInput
    try {
      // upstream builds the user message from the text (with a new id; null here, so that the scripted usage, which counts
      // the context's characters, matches the native bridge's for the same text)
      const text = { id: null, name: 'user', role: 'USER', content: [{ type: 'text', text: body.input }], metadata: {}, timestamp: null }
      const messages = typeof body.input === 'string' ? [text] : body.input
      input = readRunBody({ msgs: messages }, session.ids)
      validateRunInput(session, input)
    } catch (error) {
      if (error instanceof RunRequestError) return sendError(response, path, 400, error.message)
      throw error
    }
    const task: Task = {
      id: taskId,
      agentId: typeof body.agent_id === 'string' ? body.agent_id : 'default',
      detail: typeof context.detail === 'string' ? context.detail : 'status',
      session,
      frames: [],
      subscribers: early.get(taskId) ?? new Set(),
      seq: 0,
      status: 'PENDING',
      awaitingConfirm: false,
      pendingConfirms: null,
      result: null,
      error: null,
      complete: false,
      run: null,
      cancelRequested: false,
    }
    early.delete(taskId)
    tasks.set(taskId, task)
    start(task, input)
    sendJson(response, 202, { task_id: taskId, status: task.status })
  }

  async function resume(request: IncomingMessage, response: ServerResponse, path: string, task: Task): Promise<void> {
    const body = await readBody(request, response, path)
    if (body === undefined) return
    const pending = task.session.pending
    if (!task.awaitingConfirm || pending?.kind !== 'confirm' || task.run !== null) {
      return sendError(response, path, 409, `task is not awaiting confirmation: ${task.id}`)
    }
    const decisions = new Map<string, boolean>()
    for (const decision of Array.isArray(body.decisions) ? body.decisions : []) {
      if (!isObject(decision)) continue
      const id = decision.toolCallId ?? decision.tool_call_id
      if (typeof id === 'string') decisions.set(id, decision.approved === true)
    }
    // Every asking call gets an answer; one the client left out counts as denied.
    const results: ConfirmResult[] = pending.calls
      .filter((entry) => entry.decision === 'asking')
      .map(({ call }) => ({ confirmed: decisions.get(call.id) ?? false, toolCall: call, rules: null }))
    const input: RunInput = { kind: 'confirm', results }
    try {
      validateRunInput(task.session, input)
    } catch (error) {
      if (error instanceof RunRequestError) return sendError(response, path, 409, error.message)
      throw error
    }
    task.awaitingConfirm = false
    task.pendingConfirms = null
    start(task, input)
    sendJson(response, 202, { task_id: task.id, status: task.status })
  }

  function subscribe(request: IncomingMessage, response: ServerResponse, task: Task, url: URL): void {
    const header = request.headers['last-event-id']
    const fromText = url.searchParams.get('from_seq') ?? (typeof header === 'string' ? header : '0')
    const fromSeq = Number.parseInt(fromText, 10) || 0
    response.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
    response.flushHeaders()
    // Upstream filters the replay by seq > fromSeq: what fell out of the buffer is simply not there.
    const replay = task.frames
      .filter((frame) => frame.seq > fromSeq)
      .map((frame) => frame.text)
      .join('')
    if (replay !== '') response.write(replay)
    if (task.complete) {
      response.end()
      return
    }
    task.subscribers.add(response)
    response.on('close', () => task.subscribers.delete(response))
  }

  async function handle(request: IncomingMessage, response: ServerResponse, route: string, url: URL): Promise<boolean> {
    const match = TASK_ROUTE.exec(route)
    if (match === null) return false
    const path = url.pathname
    const taskId = match[1] === undefined ? undefined : decodeURIComponent(match[1])
    if (taskId === undefined) {
      if (request.method !== 'POST') sendError(response, path, 405, 'Use POST')
      else await submit(request, response, path)
      return true
    }
    const task = tasks.get(taskId)
    if (task === undefined && match[2] === 'events' && request.method === 'GET') {
      response.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
      response.flushHeaders()
      const waiting = early.get(taskId) ?? new Set<ServerResponse>()
      early.set(taskId, waiting)
      waiting.add(response)
      response.on('close', () => waiting.delete(response))
      return true
    }
    if (task === undefined) {
      request.resume()
      sendError(response, path, 404, `Unknown task: ${taskId}`)
      return true
    }
    switch (match[2]) {
      case undefined: {
        if (request.method !== 'GET') sendError(response, path, 405, 'Use GET')
        else sendJson(response, 200, snapshotOf(task))
        return true
      }
      case 'events': {
        if (request.method !== 'GET') sendError(response, path, 405, 'Use GET')
        else subscribe(request, response, task, url)
        return true
      }
      case 'resume': {
        if (request.method !== 'POST') sendError(response, path, 405, 'Use POST')
        else await resume(request, response, path, task)
        return true
      }
      case 'cancel': {
        request.resume()
        if (request.method !== 'POST') return (sendError(response, path, 405, 'Use POST'), true)
        const cancelled = task.run?.writer.interrupt() ?? false
        if (cancelled) task.cancelRequested = true
        sendJson(response, 200, { task_id: task.id, cancelled })
        return true
      }
      default: {
        // GET /tasks/{id}/wait is not scripted
        request.resume()
        sendError(response, path, 404, `No route for ${path}`)
        return true
      }
    }
  }

  return {
    handle,
    sentEvents: (taskId) => [...(tasks.get(taskId)?.session.sentEvents ?? [])],
    close() {
      for (const task of tasks.values()) {
        task.run?.writer.cancel()
        for (const subscriber of task.subscribers) subscriber.destroy()
      }
      for (const waiting of early.values()) for (const subscriber of waiting) subscriber.destroy()
    },
  }
}

async function readBody(request: IncomingMessage, response: ServerResponse, path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const body = await readJsonBody(request)
    if (isObject(body)) return body
    sendError(response, path, 400, 'The body must be a JSON object')
  } catch (error) {
    if (!(error instanceof BodyError)) throw error
    sendError(response, path, error.status, error.message)
  }
  return undefined
}

// AgentProtocolTaskStore.snapshot: the mapped status, then what the status has.
function snapshotOf(task: Task): Record<string, unknown> {
  const snapshot: Record<string, unknown> = { task_id: task.id, status: task.awaitingConfirm ? 'awaiting_confirm' : SNAPSHOT_STATUS[task.status] }
  if (task.error !== null) snapshot.error = task.error
  if (task.status === 'COMPLETED' && task.result !== null) snapshot.result = task.result
  if (task.awaitingConfirm && task.pendingConfirms !== null) snapshot.pending_confirms = task.pendingConfirms
  return snapshot
}

const SNAPSHOT_STATUS: Record<TaskStatus, string> = {
  PENDING: 'pending',
  RUNNING: 'running',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'cancelled',
}

// RemoteEventCodec.fromAgentEvent, with the `verbose` detail level of protocol §9.3: every event carries its payload.
function toRemote(event: Record<string, unknown>, agentId: string): Record<string, unknown> {
  const base = { agentId, timestamp: event.createdAt, eventType: event.type, payload: eventJson(event) }
  switch (event.type) {
    case 'AGENT_START':
    case 'REPLY_START': {
      return { type: 'RUN_STARTED', ...base }
    }
    case 'AGENT_END':
    case 'REPLY_END': {
      return { type: 'RUN_FINISHED', ...base }
    }
    case 'TEXT_BLOCK_DELTA': {
      return { type: 'TEXT_DELTA', ...base, text: event.delta }
    }
    case 'THINKING_BLOCK_DELTA': {
      return { type: 'THINKING_DELTA', ...base, text: event.delta }
    }
    case 'TOOL_CALL_START':
    case 'TOOL_CALL_END': {
      return { type: event.type, ...base, toolCallId: event.toolCallId, toolName: event.toolCallName }
    }
    case 'TOOL_RESULT_END': {
      const status = typeof event.state === 'string' ? event.state.toUpperCase() : undefined
      return { type: 'TOOL_RESULT', ...base, toolCallId: event.toolCallId, toolName: event.toolCallName, status }
    }
    case 'REQUIRE_USER_CONFIRM': {
      const calls = Array.isArray(event.toolCalls) ? (event.toolCalls as Record<string, unknown>[]) : []
      const pendingConfirms = calls.map((call) => ({ toolCallId: call.id, toolName: call.name, toolInputJson: JSON.stringify(call.input ?? {}) }))
      return { type: 'REQUIRE_CONFIRM', ...base, pendingConfirms }
    }
    default: {
      return { type: 'AGENT_EVENT', ...base }
    }
  }
}

function matchesDetail(type: string, detail: string): boolean {
  const level = detail.toLowerCase()
  if (type === 'AGENT_EVENT') return level === 'verbose'
  if (type === 'TEXT_DELTA' || type === 'THINKING_DELTA') return level === 'verbose' || level === 'full'
  return true
}

const REMOTE_FIELD_ORDER = [
  'seq',
  'type',
  'taskId',
  'agentId',
  'timestamp',
  'text',
  'toolCallId',
  'toolName',
  'toolInput',
  'pendingConfirms',
  'status',
  'error',
  'eventType',
  'payload',
]

// RemoteAgentEvent is NON_NULL, with its fields in declaration order.
function orderRemote(remote: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {}
  for (const key of REMOTE_FIELD_ORDER) {
    if (remote[key] !== undefined && remote[key] !== null) ordered[key] = remote[key]
  }
  return ordered
}

function textOf(message: Msg): string {
  return message.content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
