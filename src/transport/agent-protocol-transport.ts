import { AgentStreamError, messageOf } from '../core/errors'
import { isJsonObject } from '../core/is-json-object'
import type { ConfirmResult, Msg, ToolUseBlock } from '../core/message'
import { ALREADY_RUNNING } from './agent-transport'
import type { AgentTransport, RunEnd, RunHandlers, RunRequest, TransportCapabilities } from './agent-transport'
import { canonicalJson } from './canonical-json'
import { readEventStream } from './read-event-stream'
import { fetchHistory } from './fetch-history'
import { bodyExcerpt } from './stream-endings'

/** How {@link createAgentProtocolTransport} reconnects a dropped event stream. */
export interface ReconnectPolicy {
  /** Reconnects in a row without a new frame before the run fails. @default 8 */
  readonly maxAttempts: number
  /** First wait; it doubles per attempt, with full jitter. @default 250 */
  readonly baseDelayMs: number
  /** Longest wait. @default 5000 */
  readonly maxDelayMs: number
}

/** Options of {@link createAgentProtocolTransport}. */
export interface AgentProtocolTransportOptions {
  /** Base URL of the Agent Protocol server; tasks go to `{url}/tasks`. @example '/api' */
  readonly url: string
  /** The `agent_id` of every task. @default 'default' */
  readonly agentId?: string
  /** Sent as `context.user_id`. */
  readonly userId?: string
  /**
   * Sent as `context.attributes.session_id` with every task. Upstream runs a task in the session named by its task
   * id, so each message would start a new conversation; a server that maps this attribute to the session (a
   * `RuntimeContextCustomizer`, as examples/agentscope-server does) keeps one conversation across tasks.
   */
  readonly sessionId?: string
  /** Extra request headers, or a function returning them (for a fresh auth token per request). */
  readonly headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)
  /** Injected `fetch`, for tests or instrumentation. @default globalThis.fetch */
  readonly fetch?: typeof fetch
  /** How a dropped event stream is reconnected. */
  readonly reconnect?: Partial<ReconnectPolicy>
  /** Makes the id of a new task. @default crypto.randomUUID */
  readonly createTaskId?: () => string
  /** Silence after which the task snapshot is checked, in case the stream was opened after the task ended. @default 4000 */
  readonly staleAfterMs?: number
  /**
   * Where the conversation's stored messages are (`GET`, a JSON array of AgentScope Msgs): Agent Protocol keeps no
   * history across tasks, so a server that wants reloads serves it (examples/agentscope-server:
   * `/api/sessions/{sessionId}/messages`). Without it there is no `loadHistory`.
   */
  readonly historyUrl?: string
  /**
   * The task to go on with after a reload (persist `transport.taskId` with the session): `loadHistory` reads its
   * snapshot, and a confirmation it still awaits can be answered on it.
   */
  readonly taskId?: string
}

/** The Agent Protocol transport, with the task it is on. */
export interface AgentProtocolTransport extends AgentTransport {
  /** The current task, or null before the first run. */
  readonly taskId: string | null
  /** Frames dropped because their seq was already seen (replays after a reconnect). */
  readonly duplicateFrames: number
}

/** What Agent Protocol carries, measured against AgentScope 2.0.2's `agentscope-extensions-agent-protocol` (test/interop). */
export const AGENT_PROTOCOL_CAPABILITIES: TransportCapabilities = {
  confirm: true,
  editArguments: false,
  rules: false,
  externalResults: false,
  resume: true,
  mediaInResults: true,
  resultStates: true,
  stopReason: true,
  serverStop: false,
  subagentConfirm: false,
}

const DEFAULT_RECONNECT: ReconnectPolicy = { maxAttempts: 8, baseDelayMs: 250, maxDelayMs: 5000 }
const BODY_EXCERPT = 500
// Agent Protocol answers the asking calls as a list of {toolCallId, approved}: nothing else crosses.
const CONFIRM_LIMITS = 'Agent Protocol resumes with {decisions:[{toolCallId, approved}]} only: edited arguments and permission rules cannot be sent'

interface PendingCall {
  readonly name: string | null
  readonly input: string
}

class StreamGap extends Error {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    super(`Frames ${from}–${to} are gone`)
  }
}

/**
 * A transport for AgentScope's Agent Protocol (protocol §9.3): `POST {url}/tasks` starts a task, `GET
 * /tasks/{id}/events` streams it (`detail: 'verbose'`, so every frame's `payload` is the full AgentEvent as a
 * JSON string), and a dropped stream is reconnected with `Last-Event-ID`/`from_seq`; frames are de-duplicated by
 * `seq`. A confirmation is `POST /tasks/{id}/resume` and stopping is `POST /tasks/{id}/cancel`.
 *
 * A server that ignores `detail: 'verbose'` (or an older codec) sends frames without `payload`: their flat fields are
 * then turned into AgentEvents as upstream's `RemoteEventCodec.toAgentEvent` does (one text block per run, no usage,
 * no tool output), which shows the reply but loses most of its structure.
 *
 * What it cannot do, because the protocol cannot:
 * - Each message starts a **new task**, which upstream runs in its own session (sessionId = task id): the agent
 *   does not remember earlier turns.
 * - A confirmation carries only approve/deny per call: confirming with edited arguments or rules is refused
 *   (`AgentStreamError('refused')`), and a call left out is denied by the server. AgentScope 2.0.2 rebuilds an
 *   approved call from its input alone, without `content`, which its ToolExecutor validates: the approved tool then
 *   fails with "Parameter validation failed" (an upstream bug; the kit shows the failed result as the server sends it).
 * - Tools run by the client cannot return results (`tool-results` is refused): an external-execution pause
 *   shows, but the task is already complete on the server.
 * - Stop is `POST /tasks/{id}/cancel`, which ends the event stream; the turn then ends `interrupted` here. The 2.0.2
 *   server only marks the task cancelled: the agent's run goes on in the background (and is stored).
 * - When the server's replay buffer (256 frames) no longer has what was missed, the transport reads the task
 *   snapshot (`GET /tasks/{id}`): it re-emits a pending confirmation from it, then rejects with
 *   `incomplete-stream`, since the lost text cannot be rebuilt.
 */
export function createAgentProtocolTransport(options: AgentProtocolTransportOptions): AgentProtocolTransport {
  const base = options.url.replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const policy: ReconnectPolicy = { ...DEFAULT_RECONNECT, ...options.reconnect }
  const createTaskId = options.createTaskId ?? (() => globalThis.crypto.randomUUID())
  const staleAfterMs = options.staleAfterMs ?? 4000
  let taskId: string | null = options.taskId ?? null
  let lastSeq = 0
  // whether a frame of the task came with its seq (so that a seq 0 is one seen)
  let numbered = false
  let duplicateFrames = 0
  let awaitingConfirm = false
  let pendingCalls = new Map<string, PendingCall>()
  // set by interrupt(): the cancelled task's stream ends without RUN_FINISHED, and is not reconnected
  let cancelled = false
  let agentReplyId: string | null = null
  let running: AbortSignal | null = null

  async function headers(extra: Record<string, string>): Promise<Record<string, string>> {
    const custom = typeof options.headers === 'function' ? await options.headers() : options.headers
    return { ...extra, ...custom }
  }

  async function request(path: string, init: RequestInit, what: string): Promise<Response> {
    const url = `${base}${path}`
    let response: Response
    try {
      response = await fetchImpl(url, init)
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw new AgentStreamError('network-error', `Could not reach the Agent Protocol server (${what} ${url}): ${messageOf(error)}`, { cause: error })
    }
    if (!response.ok) {
      const body = await bodyExcerpt(response)
      const message = `The Agent Protocol server answered ${response.status} ${response.statusText} to ${what}${body ? `: ${body}` : ''}`
      throw new AgentStreamError('http-error', message, { status: response.status, body })
    }
    return response
  }

  async function postJson(path: string, body: unknown, what: string, signal: AbortSignal): Promise<void> {
    const init = {
      method: 'POST',
      headers: await headers({ 'content-type': 'application/json', accept: 'application/json' }),
      body: JSON.stringify(body),
      signal,
    }
    const response = await request(path, init, what)
    await response.body?.cancel().catch(ignore)
  }

  // What a run POSTs; validated (and the task chosen) before the event stream opens.
  function start(runRequest: RunRequest): { path: string; body: unknown; what: string } {
    switch (runRequest.kind) {
      case 'message': {
        taskId = createTaskId()
        agentReplyId = null
        lastSeq = 0
        numbered = false
        awaitingConfirm = false
        pendingCalls = new Map()
        const context: Record<string, unknown> = { stream: true, detail: 'verbose' }
        if (options.userId !== undefined) context.user_id = options.userId
        if (options.sessionId !== undefined) context.attributes = { session_id: options.sessionId }
        // `input` is a string on the server (AgentProtocolController reads it with String.valueOf): the text
        const body = { task_id: taskId, agent_id: options.agentId ?? 'default', input: textOf(runRequest.messages), context }
        return { path: '/tasks', body, what: 'the new task' }
      }
      case 'confirm': {
        const id = taskId
        if (id === null || !awaitingConfirm) {
          throw new AgentStreamError('refused', 'No Agent Protocol task is awaiting confirmation: send a message first.')
        }
        const decisions = runRequest.confirmResults.map((result) => decisionOf(result, pendingCalls))
        return { path: `/tasks/${encodeURIComponent(id)}/resume`, body: { decisions }, what: 'the confirmation' }
      }
      case 'tool-results': {
        throw new AgentStreamError(
          'refused',
          'Agent Protocol cannot return the results of tools run by the client: the task finished when it asked for them.',
        )
      }
      default: {
        runRequest satisfies never
        throw new AgentStreamError('refused', 'Unknown run request')
      }
    }
  }

  async function openEvents(id: string, signal: AbortSignal): Promise<Response> {
    const query = lastSeq > 0 ? `?from_seq=${lastSeq}` : ''
    const extra: Record<string, string> = { accept: 'text/event-stream' }
    if (lastSeq > 0) extra['last-event-id'] = String(lastSeq)
    const response = await request(`/tasks/${encodeURIComponent(id)}/events${query}`, { headers: await headers(extra), signal }, 'the event stream')
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.toLowerCase().startsWith('text/event-stream')) {
      // an app's fallback page answers any path: reconnecting to it would only fail again, later and in other words
      const body = await bodyExcerpt(response)
      throw new AgentStreamError(
        'wrong-content-type',
        `The event stream of task ${id} came as "${contentType || 'no content type'}", not text/event-stream: is the URL the Agent Protocol server?${body ? ` ${body}` : ''}`,
        { status: response.status, body },
      )
    }
    return response
  }

  // One transport is one task at a time: its cursor, its pending calls and its cancel belong to one run.
  async function run(runRequest: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    if (running !== null && !running.aborted) throw new AgentStreamError('refused', ALREADY_RUNNING)
    running = handlers.signal
    try {
      return await runTask(runRequest, handlers)
    } finally {
      if (running === handlers.signal) running = null
    }
  }

  async function runTask(runRequest: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    const { signal } = handlers
    cancelled = false
    const post = start(runRequest)
    const id = taskId as string
    // Subscribe before the POST: 2.0.2 drops a task's event channel once the run completes, and a stream opened
    // after that waits forever, so a quick run would be lost (a watchdog below covers a subscription that is late).
    let firstConnection: AbortController | null = new AbortController()
    const stopFirst = () => firstConnection?.abort()
    signal.addEventListener('abort', stopFirst, { once: true })
    let firstResponse: Promise<Response> | null = openEvents(id, firstConnection.signal)
    firstResponse.catch(ignore)
    try {
      await postJson(post.path, post.body, post.what, signal)
    } catch (error) {
      firstConnection.abort()
      signal.removeEventListener('abort', stopFirst)
      if (signal.aborted) return 'aborted'
      throw error
    }
    // Answered only once the server took the answer: a resume that failed can be sent again.
    if (runRequest.kind === 'confirm') awaitingConfirm = false
    handlers.onOpen?.()
    let attempt = 0
    let finished = false
    let final = false
    let failure: AgentStreamError | null = null
    // whether the agent asked for a confirmation in this run (its REQUIRE_CONFIRM frame may be the one lost)
    let asked = false
    const onFrame = (value: unknown, frameId: string): boolean => {
      if (!isJsonObject(value)) return false
      const seq = typeof value.seq === 'number' ? value.seq : Number.parseInt(frameId, 10)
      if (Number.isFinite(seq)) {
        // a server that numbers from 0 (upstream starts at 1): its first frame is not a replay
        if (seq <= lastSeq && !(seq === 0 && !numbered)) {
          duplicateFrames += 1
          return false
        }
        if (seq > lastSeq + 1) throw new StreamGap(lastSeq + 1, seq - 1)
        lastSeq = seq
        numbered = true
        // Progress renews the reconnect budget; a frame without a seq proves none (a server could loop on it).
        attempt = 0
      }
      const type = value.type
      if (typeof value.payload === 'string') {
        let event: unknown
        try {
          event = JSON.parse(value.payload)
        } catch (error) {
          handlers.onError?.(
            new AgentStreamError('malformed-frame', `Frame ${seq} of task ${id} has a payload that is not JSON: ${messageOf(error)}`, {
              eventType: String(type),
              cause: error,
            }),
          )
          event = undefined
        }
        if (event !== undefined) {
          asked ||= noteConfirmation(event)
          if (isJsonObject(event) && event.type === 'AGENT_START' && !event.source && typeof event.replyId === 'string') agentReplyId = event.replyId
          handlers.onEvent(event)
        }
      } else if (!finished) {
        // A server without `verbose` (or an older codec) sends no payload: rebuild what the flat fields allow.
        for (const event of eventsFromFlatFrame(value, `agent-protocol:${id}:${seq}`, `agent-protocol:${id}`)) {
          asked ||= noteConfirmation(event)
          handlers.onEvent(event)
        }
      }
      if (type === 'RUN_FINISHED') finished = true
      // the Java enum's spelling (AWAITING_CONFIRM), or no status: the frame's type says it
      if (type === 'REQUIRE_CONFIRM' && (value.status === undefined || statusOf(value.status) === 'awaiting_confirm')) {
        awaitingConfirm = true
        for (const pending of Array.isArray(value.pendingConfirms) ? value.pendingConfirms : []) notePending(pending)
      }
      if (type === 'RUN_ERROR') {
        failure = new AgentStreamError(
          'network-error',
          `The agent task ${id} failed on the server: ${messageOf(value.error ?? 'no error message')}`,
          {
            eventType: 'RUN_ERROR',
          },
        )
        return true
      }
      // The store publishes one more STATUS or REQUIRE_CONFIRM after the agent's RUN_FINISHED: that one ends the run.
      return finished && (type === 'STATUS' || type === 'REQUIRE_CONFIRM') && value.payload === undefined
    }

    for (;;) {
      const connection = firstConnection ?? new AbortController()
      const stop = () => connection.abort()
      signal.addEventListener('abort', stop, { once: true })
      signal.removeEventListener('abort', stopFirst)
      const pending = firstResponse ?? openEvents(id, connection.signal)
      firstConnection = null
      firstResponse = null
      let opened = false
      let lost = false
      const watchdog = watchStaleStream(id, connection, () => (lost = true))
      try {
        const response = await pending
        opened = true
        if (attempt > 0) handlers.onConnection?.('reconnected', attempt)
        await readEventStream(response, {
          signal: connection.signal,
          onEvent: (value, frame) => {
            watchdog.frame()
            if (onFrame(value, frame.id)) {
              final = true
              connection.abort()
            }
          },
          onError: handlers.onError,
          onActivity: handlers.onActivity,
        })
      } catch (error) {
        if (signal.aborted) return 'aborted'
        if (lost) return recoverFromGap(id, new StreamGap(lastSeq + 1, Number.NaN), handlers)
        if (error instanceof StreamGap) return recoverFromGap(id, error, handlers)
        // 404/410 on a reconnect: the server no longer knows the range (or the task)
        if (error instanceof AgentStreamError && error.code === 'http-error' && (error.status === 404 || error.status === 410) && lastSeq > 0) {
          return recoverFromGap(id, new StreamGap(lastSeq + 1, Number.NaN), handlers)
        }
        if (!(error instanceof AgentStreamError) || (error.code !== 'network-error' && !(error.code === 'http-error' && (error.status ?? 0) >= 500)))
          throw error
      } finally {
        watchdog.dispose()
        signal.removeEventListener('abort', stop)
      }
      if (signal.aborted) return 'aborted'
      if (lost) return recoverFromGap(id, new StreamGap(lastSeq + 1, Number.NaN), handlers)
      if (failure !== null) throw failure
      if (final) {
        // the agent asked in this run: the task awaits the answer, whatever its last frame said
        if (asked) awaitingConfirm = true
        return 'ended'
      }
      // The agent's AGENT_END came with RUN_FINISHED: one reconnect reads the store's last STATUS (or REQUIRE_CONFIRM)
      // after it; from a server that sends none, nothing was lost (reconnecting until the budget ran out took 17 s).
      if (finished && attempt > 0) {
        if (asked) awaitingConfirm = true
        return 'ended'
      }
      if (cancelled) return endCancelled(id, handlers)
      attempt += 1
      if (attempt > policy.maxAttempts) {
        throw new AgentStreamError(
          'incomplete-stream',
          `The event stream of task ${id} dropped and ${policy.maxAttempts} reconnects failed${opened ? '' : ' (the server did not answer)'}: the reply is incomplete up to frame ${lastSeq}. The task may still be running on the server.`,
        )
      }
      handlers.onConnection?.('reconnecting', attempt)
      if (!(await sleep(backoff(attempt, policy), signal))) return 'aborted'
    }
  }

  /**
   * A stream that stays silent while the task snapshot says the task is over was opened after the server dropped the
   * task's channel: nothing will ever arrive on it. Checked every `staleAfterMs` of silence; `onLost` then the abort.
   */
  function watchStaleStream(id: string, connection: AbortController, onLost: () => void): { frame(): void; dispose(): void } {
    let silentSince = Date.now()
    let checking = false
    const timer = setInterval(
      () => {
        if (checking || Date.now() - silentSince < staleAfterMs) return
        checking = true
        headers({ accept: 'application/json' })
          .then((sent) => request(`/tasks/${encodeURIComponent(id)}`, { headers: sent, signal: connection.signal }, 'the task snapshot'))
          .then((response) => response.json() as Promise<unknown>)
          .then((snapshot) => {
            const status = isJsonObject(snapshot) ? statusOf(snapshot.status) : ''
            const over = status === 'success' || status === 'error' || status === 'cancelled' || (status === 'awaiting_confirm' && !awaitingConfirm)
            if (over && Date.now() - silentSince >= staleAfterMs) {
              onLost()
              connection.abort()
            }
          })
          .catch(ignore)
          .finally(() => {
            checking = false
            silentSince = Math.max(silentSince, Date.now() - staleAfterMs / 2)
          })
      },
      Math.max(50, Math.floor(staleAfterMs / 4)),
    )
    return {
      frame: () => (silentSince = Date.now()),
      dispose: () => clearInterval(timer),
    }
  }

  // A run the user cancelled ends as the agent would have ended it had the cancel interrupted it.
  function endCancelled(id: string, handlers: RunHandlers): RunEnd {
    if (agentReplyId !== null) {
      handlers.onEvent({ type: 'REQUEST_STOP', id: `agent-protocol:${id}:cancel-stop`, reason: 'stopped by the user', generateReason: 'INTERRUPTED' })
      handlers.onEvent({ type: 'AGENT_END', id: `agent-protocol:${id}:cancel-end`, replyId: agentReplyId })
    }
    return 'ended'
  }

  // The task snapshot after a gap, read within `staleAfterMs`: the run ends either way, so a snapshot that does not
  // come, or is not JSON, ends it with what is known.
  async function readSnapshot(id: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    const reading = new AbortController()
    const stop = () => reading.abort()
    signal.addEventListener('abort', stop, { once: true })
    const timer = setTimeout(stop, staleAfterMs)
    try {
      const sent = await headers({ accept: 'application/json' })
      const response = await request(`/tasks/${encodeURIComponent(id)}`, { headers: sent, signal: reading.signal }, 'the task snapshot')
      const snapshot: unknown = await response.json()
      return isJsonObject(snapshot) ? snapshot : {}
    } catch (error) {
      if (signal.aborted) throw error
      return { status: reading.signal.aborted ? 'unknown (the snapshot did not come)' : `unknown (${messageOf(error)})` }
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', stop)
    }
  }

  async function recoverFromGap(id: string, gap: StreamGap, handlers: RunHandlers): Promise<RunEnd> {
    let task: Record<string, unknown>
    try {
      task = await readSnapshot(id, handlers.signal)
    } catch (error) {
      if (handlers.signal.aborted) return 'aborted'
      throw error
    }
    // stopped while the snapshot was read: what is missing no longer matters
    if (cancelled) return endCancelled(id, handlers)
    const status = typeof task.status === 'string' ? task.status : messageOf(task.status ?? 'unknown')
    const pending = Array.isArray(task.pending_confirms) ? task.pending_confirms : Array.isArray(task.pendingConfirms) ? task.pendingConfirms : []
    if (pending.length > 0) {
      // The pending confirmation survives in the snapshot: re-emit it so the user can still answer.
      awaitingConfirm = true
      for (const call of pending) notePending(call)
      const toolCalls = pending.filter(isJsonObject).map(toolUseOf)
      handlers.onEvent({
        type: 'REQUIRE_USER_CONFIRM',
        id: `agent-protocol:${id}:snapshot-confirm:${lastSeq}`,
        replyId: `agent-protocol:${id}`,
        toolCalls,
      })
      handlers.onEvent({
        type: 'REQUEST_STOP',
        id: `agent-protocol:${id}:snapshot-stop:${lastSeq}`,
        reason: 'permission asking',
        generateReason: 'PERMISSION_ASKING',
      })
    }
    const range = Number.isNaN(gap.to) ? `from frame ${gap.from}` : `frames ${gap.from}–${gap.to}`
    const result = typeof task.result === 'string' && task.result !== '' ? ` Its final text was: ${task.result.slice(0, BODY_EXCERPT)}` : ''
    throw new AgentStreamError(
      'incomplete-stream',
      `The server's replay buffer no longer has ${range} of task ${id}, so part of the reply is missing. The task snapshot says status ${status}${pending.length > 0 ? ', awaiting confirmation' : ''}.${result}`,
    )
  }

  // Whether `event` is the agent's own confirmation request; its calls are noted.
  function noteConfirmation(event: unknown): boolean {
    if (!isJsonObject(event) || event.type !== 'REQUIRE_USER_CONFIRM' || event.source) return false
    for (const call of Array.isArray(event.toolCalls) ? event.toolCalls : []) {
      if (isJsonObject(call) && typeof call.id === 'string') {
        pendingCalls.set(call.id, { name: typeof call.name === 'string' ? call.name : null, input: canonicalJson(call.input ?? {}) })
      }
    }
    return true
  }

  function notePending(value: unknown): void {
    if (!isJsonObject(value) || typeof value.toolCallId !== 'string') return
    pendingCalls.set(value.toolCallId, {
      name: typeof value.toolName === 'string' ? value.toolName : null,
      input: canonicalJson(parseJson(value.toolInputJson)),
    })
  }

  async function loadHistory(): Promise<Msg[]> {
    const messages = await fetchHistory(fetchImpl, options.historyUrl as string, await headers({}))
    if (taskId !== null) await resumeTask(taskId)
    return messages
  }

  /**
   * After a reload: whether the task still awaits a confirmation (its snapshot), and if so where its event stream is,
   * replayed from seq 0 up to its REQUIRE_CONFIRM frame (the last one before the pause; 2.0.2 keeps an awaiting task's
   * channel open), so that the answer's run reads only what follows it.
   */
  async function resumeTask(id: string): Promise<void> {
    // bounded and guarded: a task the server forgot (a restart), a fallback page or no answer leaves nothing to answer,
    // and the history already read is shown
    const task = await readSnapshot(id, new AbortController().signal)
    const pending = Array.isArray(task.pending_confirms) ? task.pending_confirms : []
    awaitingConfirm = statusOf(task.status) === 'awaiting_confirm' && pending.length > 0
    pendingCalls = new Map()
    if (!awaitingConfirm) return
    for (const call of pending) notePending(call)
    const connection = new AbortController()
    const timer = setTimeout(() => connection.abort(), staleAfterMs)
    let seq = 0
    try {
      const response = await request(
        `/tasks/${encodeURIComponent(id)}/events`,
        { headers: await headers({ accept: 'text/event-stream' }), signal: connection.signal },
        'the event stream',
      )
      await readEventStream(response, {
        signal: connection.signal,
        onEvent: (value, frame) => {
          if (!isJsonObject(value)) return
          seq = typeof value.seq === 'number' ? value.seq : Number.parseInt(frame.id, 10) || seq
          if (value.type === 'REQUIRE_CONFIRM' && value.payload === undefined) connection.abort()
        },
      })
    } catch {
      // where the replay stopped is unknown: the answer's run reads from the start, and the reducer drops what it has
    } finally {
      clearTimeout(timer)
    }
    lastSeq = seq
  }

  async function interrupt(): Promise<void> {
    if (taskId === null) return
    cancelled = true
    await postJson(`/tasks/${encodeURIComponent(taskId)}/cancel`, {}, 'the cancel', new AbortController().signal)
  }

  return {
    capabilities: AGENT_PROTOCOL_CAPABILITIES,
    get taskId() {
      return taskId
    },
    get duplicateFrames() {
      return duplicateFrames
    },
    run,
    interrupt,
    ...(options.historyUrl === undefined ? {} : { loadHistory }),
  }
}

function decisionOf(result: ConfirmResult, pending: ReadonlyMap<string, PendingCall>): { toolCallId: string; approved: boolean } {
  const call = result.toolCall
  if (result.confirmed) {
    if (result.rules !== null && result.rules.length > 0) {
      throw new AgentStreamError('refused', `${CONFIRM_LIMITS}; confirm ${call.id} without "always allow" rules.`, { field: 'rules' })
    }
    const asked = pending.get(call.id)
    if (asked !== undefined && canonicalJson(call.input) !== asked.input) {
      throw new AgentStreamError('refused', `${CONFIRM_LIMITS}; approve ${call.id} with its original arguments or deny it.`, {
        field: 'toolCall.input',
      })
    }
  }
  return { toolCallId: call.id, approved: result.confirmed }
}

/**
 * AgentEvents from a RemoteAgentEvent's flat fields, as upstream's `RemoteEventCodec.toAgentEvent` does: one text
 * and one thinking block per run (no block boundaries), no tool arguments while streaming, no usage and no results' output.
 */
function eventsFromFlatFrame(frame: Record<string, unknown>, id: string, replyId: string): Record<string, unknown>[] {
  const tool = { replyId, toolCallId: frame.toolCallId, toolCallName: frame.toolName }
  switch (frame.type) {
    case 'RUN_STARTED': {
      return [{ type: 'AGENT_START', id, replyId, name: frame.agentId ?? 'remote', role: 'assistant' }]
    }
    case 'RUN_FINISHED': {
      return [{ type: 'AGENT_END', id, replyId }]
    }
    case 'TEXT_DELTA': {
      return [{ type: 'TEXT_BLOCK_DELTA', id, replyId, blockId: 'text', delta: frame.text ?? '' }]
    }
    case 'THINKING_DELTA': {
      return [{ type: 'THINKING_BLOCK_DELTA', id, replyId, blockId: 'thinking', delta: frame.text ?? '' }]
    }
    case 'TOOL_CALL_START':
    case 'TOOL_CALL_END': {
      return [{ type: frame.type, id, ...tool }]
    }
    case 'TOOL_RESULT': {
      const state = typeof frame.status === 'string' ? frame.status.toLowerCase() : 'success'
      return [{ type: 'TOOL_RESULT_END', id, ...tool, state }]
    }
    case 'REQUIRE_CONFIRM': {
      const toolCalls = (Array.isArray(frame.pendingConfirms) ? frame.pendingConfirms : []).filter(isJsonObject).map(toolUseOf)
      return [
        { type: 'REQUIRE_USER_CONFIRM', id, replyId, toolCalls },
        { type: 'REQUEST_STOP', id: `${id}:stop`, reason: 'permission asking', generateReason: 'PERMISSION_ASKING' },
      ]
    }
    default: {
      return []
    }
  }
}

function textOf(messages: readonly Msg[]): string {
  return messages
    .flatMap((message) => message.content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])))
    .join('\n')
}

function toolUseOf(pending: Record<string, unknown>): ToolUseBlock {
  const input = parseJson(pending.toolInputJson)
  return {
    type: 'tool_use',
    id: String(pending.toolCallId),
    name: typeof pending.toolName === 'string' ? pending.toolName : null,
    input: isJsonObject(input) ? input : {},
    content: typeof pending.toolInputJson === 'string' ? pending.toolInputJson : '{}',
    metadata: {},
    state: 'asking',
  } as ToolUseBlock
}

// Full jitter: a random wait up to the capped exponential delay.
function backoff(attempt: number, policy: ReconnectPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false)
    const done = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done)
      resolve(true)
    }, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return {}
  try {
    return JSON.parse(value) as unknown
  } catch {
    return {}
  }
}

function ignore(): void {}

// A status as the server wrote it, compared in lower case (the Java enum is AWAITING_CONFIRM, the JSON awaiting_confirm).
function statusOf(value: unknown): string {
  return typeof value === 'string' ? value.toLowerCase() : ''
}
