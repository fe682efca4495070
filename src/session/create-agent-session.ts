import { confirmResult, toolResultBlock, userMessage } from '../core/build-message'
import type { ConfirmationDecision } from '../core/build-message'
import { devError } from '../core/dev-error'
import { createReceiveClock } from '../core/event-recorder'
import { AgentStreamError, messageOf } from '../core/errors'
import { stateFromHistory } from '../core/history'
import { rewindEvent, userMessageEvent } from '../core/local-events'
import type { LocalEvent } from '../core/local-events'
import type { ContentBlock, Msg, ToolResultBlock, ToolUseBlock } from '../core/message'
import { parseAgentEvent } from '../core/parse-event'
import type { AgentEvent } from '../core/events'
import { endStream, reduce } from '../core/reduce'
import { reduceAll } from '../core/reduce-all'
import { createAgentState } from '../core/state'
import type { AgentState, PendingToolCalls } from '../core/state'
import { validateHistory } from '../core/validate-history'
import { FULL_CAPABILITIES } from '../transport/agent-transport'
import type { RunHandlers, RunRequest, TransportCapabilities } from '../transport/agent-transport'
import { withAgentScopeCompat } from '../transport/agentscope-compat'
import { withSubagentSource } from '../transport/subagent-source'
import { createEndWatch } from '../transport/stream-endings'
import { confirmProblem, resultsProblem, sendProblem } from './action-guards'
import { createEventBatcher } from './event-batcher'
import { exposedSubagentOf } from './exposed-subagent'
import { scheduleFrame as defaultScheduleFrame } from './frame-scheduler'
import type {
  AgentSessionActions,
  AgentSessionOptions,
  AgentSessionState,
  AgentStatus,
  EventRecorder,
  ExternalToolResult,
  RecordedEntry,
  SendInput,
} from './session-state'
import { createStateHolder } from './state-holder'
import type { SessionStateHolder } from './state-holder'
import { createStallWatch } from './stall-watch'
import { EMPTY_TRANSCRIPT, countTranscript, extendTranscript } from './transcript'
import type { CountedTranscript } from './transcript'

/** One chat without any UI framework: its state, its actions, and a way to hear about changes. */
export interface AgentSession extends AgentSessionActions {
  /** The current state; a new object after every change, untouched parts shared. */
  getState(): AgentSessionState
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: (state: AgentSessionState, previous: AgentSessionState) => void): () => void
  /** Closes any run and stops every timer; the session is not used afterwards. */
  destroy(): void
  /**
   * Adds a recorder to a session made without one (or beside the one it was made with), as the inspector does
   * when it is opened on a running chat: it hears everything from now on. Returns the function that removes it.
   */
  attachRecorder(recorder: EventRecorder): () => void
}

type Update = { -readonly [K in keyof AgentSessionState]?: AgentSessionState[K] }

/** Where a run goes: the chat's own agent, or a subagent the server exposed (its lane is `source`). */
interface RunTarget {
  readonly subagentId: string
  readonly source: string
}

interface Run {
  readonly controller: AbortController
  readonly token: number
  finished: Promise<void>
  stopping: Promise<void> | null
}

const MAX_WARNINGS = 50
const RESPONSE_TIMEOUT_MS = 30_000
const STALL_AFTER_MS = 15_000
const UNFINISHED_CODES: ReadonlySet<string> = new Set(['network-error', 'incomplete-stream'])

/** The state of a chat with nothing in it. */
export function initialSessionState(capabilities: TransportCapabilities = FULL_CAPABILITIES): AgentSessionState {
  return {
    agent: createAgentState(),
    transcript: [],
    status: 'idle',
    error: null,
    warnings: [],
    connection: null,
    canRetry: false,
    stalledSince: null,
    capabilities,
  }
}

function refused(message: string): AgentStreamError {
  return new AgentStreamError('refused', message)
}

function toStreamError(error: unknown): AgentStreamError {
  if (error instanceof AgentStreamError) return error
  return new AgentStreamError('network-error', `The run failed: ${messageOf(error)}`, { cause: error })
}

function statusAfterRun(agent: AgentState): AgentStatus {
  if (agent.pendingConfirmation !== null) return 'awaiting-confirmation'
  if (agent.pendingExternalExecution !== null) return 'awaiting-external'
  return 'done'
}

// The calls of a request by id, the first of each (answering all of 32,000 calls looked each up among them all).
function callsById(pending: PendingToolCalls | null): Map<string, ToolUseBlock> {
  const calls = new Map<string, ToolUseBlock>()
  for (const call of pending?.toolCalls ?? []) if (!calls.has(call.id)) calls.set(call.id, call)
  return calls
}

function withWarning(warnings: readonly AgentStreamError[], error: AgentStreamError): readonly AgentStreamError[] {
  return warnings.length >= MAX_WARNINGS ? [...warnings.slice(1), error] : [...warnings, error]
}

/**
 * Creates the headless session of one chat (framework-free: Node, Vue, Svelte, tests): the run lifecycle
 * (send, confirm, submit tool results, stop, retry, reset, load), the per-frame batcher, the connection
 * state, stalls, warnings and errors. Events are validated as they arrive and reduced in batches, published
 * at most once per frame (a large backlog is reduced in ~8 ms slices, one per frame); status changes are
 * published at once. It keeps its state in `holder` when given (the React binding passes its zustand store),
 * else in a holder of its own.
 * @example
 * const session = createAgentSession({ transport: createSseTransport({ url }) })
 * session.subscribe((state) => console.log(state.status))
 * await session.send('Hello')
 */
export function createAgentSession(
  options: AgentSessionOptions,
  holder: SessionStateHolder<AgentSessionState> = createStateHolder(initialSessionState(options.transport.capabilities)),
): AgentSession {
  const { transport, onError } = options
  // The recorder given at creation and those attached later (`attachRecorder`).
  const recorders: EventRecorder[] = options.recorder === undefined ? [] : [options.recorder]
  const stopTimeoutMs = options.stopTimeoutMs ?? 3000
  const responseTimeoutMs = options.responseTimeoutMs ?? RESPONSE_TIMEOUT_MS
  const clock = options.clock ?? (() => Date.now())

  let run: Run | null = null
  let runToken = 0
  let failedRequest: RunRequest | null = null
  let failedTarget: RunTarget | null = null
  let shown: CountedTranscript = EMPTY_TRANSCRIPT
  // Filled by the values a flush takes, reduced and published at its end (reduceAll folds each run of deltas into
  // one append, since the states in between are never shown).
  let pending: { agent: AgentState; events: AgentEvent[]; warnings: readonly AgentStreamError[] } | null = null
  // The valid events of `pending` from `unrecorded` on came as they are, received at `unrecordedAt`: they are
  // recorded as one run (one slot of the log, not one per event) when the frame is published, when a value of
  // another read comes, or before any other entry, so the log keeps the order in which things were taken.
  let unrecorded = 0
  let unrecordedAt = 0
  // The end of a run, published by the flush that empties the queue, so the last events and the final
  // status reach the UI in one update.
  let finishing: { apply: (agent: AgentState) => Update; done: () => void } | null = null

  const receive = createReceiveClock(clock)
  const batcher = createEventBatcher({
    scheduleFrame: options.scheduleFrame ?? defaultScheduleFrame,
    sliceMs: options.sliceMs ?? 8,
    maxPerFrame: options.maxEventsPerFrame ?? 4096,
    now: options.now ?? (() => performance.now()),
    // receive times only while a recorder listens
    stamp: () => (recorders.length === 0 ? 0 : receive()),
    take,
    publish,
  })
  const stall = createStallWatch({
    afterMs: options.stallAfterMs ?? STALL_AFTER_MS,
    // Read once per task, as the recorder's receive times are: every event marks the stream alive.
    clock: createReceiveClock(clock),
    onChange: (since) => holder.setState({ stalledSince: since }),
  })

  const state = () => holder.getState()

  function attachRecorder(added: EventRecorder): () => void {
    recorders.push(added)
    return () => {
      const index = recorders.indexOf(added)
      if (index !== -1) recorders.splice(index, 1)
    }
  }

  // Each recorder hears every entry; what one throws harms neither the chat nor the others.
  function recordTo(entry: RecordedEntry, target?: EventRecorder): void {
    for (const each of target === undefined ? recorders : [target]) {
      try {
        each.record(entry)
      } catch {
        // A recorder must not break the chat.
      }
    }
  }

  // The valid events of one read, as one slot when a recorder can keep them so (RecordedLog can).
  function recordEvents(receivedAt: number, events: readonly AgentEvent[], start: number, end: number): void {
    for (const each of recorders) {
      if (each.recordEvents === undefined) {
        for (const event of events.slice(start, end)) recordTo({ kind: 'event', receivedAt, value: event, event }, each)
        continue
      }
      try {
        each.recordEvents(receivedAt, events, start, end)
      } catch {
        // A recorder must not break the chat.
      }
    }
  }

  function recordUnrecorded(): void {
    if (pending === null) return
    const end = pending.events.length
    if (end > unrecorded) recordEvents(unrecordedAt, pending.events, unrecorded, end)
    unrecorded = end
  }

  function record(entry: RecordedEntry): void {
    recordUnrecorded()
    recordTo(entry)
  }

  function report(error: AgentStreamError): void {
    try {
      onError?.(error)
    } catch {
      // What onError does is its own affair.
    }
  }

  function commit(update: Update): void {
    if (update.agent !== undefined) {
      const current = state().transcript
      // A transcript set from outside (a test's store, say) is counted once, then extended from there.
      if (current !== shown.items) shown = countTranscript(current)
      const extended = extendTranscript(update.agent, shown)
      if (extended !== shown) {
        shown = extended
        update.transcript = extended.items
      }
    }
    if (update.transcript !== undefined) shown = update.transcript === shown.items ? shown : countTranscript(update.transcript)
    holder.setState(update)
  }

  function warn(error: AgentStreamError): void {
    report(error)
    holder.setState({ warnings: withWarning(state().warnings, error) })
  }

  function reduceFailed(error: AgentStreamError): void {
    report(error)
    if (pending !== null) pending.warnings = withWarning(pending.warnings, error)
  }

  function take(value: unknown, receivedAt: number): void {
    if (pending === null) {
      pending = { agent: state().agent, events: [], warnings: state().warnings }
      unrecorded = 0
    }
    if (value instanceof AgentStreamError) {
      record({ kind: 'problem', receivedAt, error: value })
      report(value)
      pending.warnings = withWarning(pending.warnings, value)
      return
    }
    const parsed = parseAgentEvent(value)
    if (parsed.ok) {
      if (receivedAt !== unrecordedAt || parsed.event !== value) {
        recordUnrecorded()
        unrecordedAt = receivedAt
        if (parsed.event !== value) {
          recordTo({ kind: 'event', receivedAt, value, event: parsed.event })
          unrecorded++
        }
      }
      pending.events.push(parsed.event)
    } else {
      record({ kind: 'invalid', receivedAt, value, error: parsed.error })
      report(parsed.error)
      pending.warnings = withWarning(pending.warnings, parsed.error)
    }
  }

  function publish(drained: boolean): void {
    recordUnrecorded()
    if (pending !== null && pending.events.length > 0) pending.agent = reduceAll(pending.agent, pending.events, reduceFailed)
    const taken = pending
    pending = null
    const current = state()
    let update: Update = {}
    if (taken !== null && taken.agent !== current.agent) update.agent = taken.agent
    if (taken !== null && taken.warnings !== current.warnings) update.warnings = taken.warnings
    const ending = drained ? finishing : null
    if (ending !== null) {
      finishing = null
      update = { ...update, ...ending.apply(update.agent ?? current.agent) }
    }
    if (Object.keys(update).length > 0) commit(update)
    ending?.done()
  }

  // Publishes the end of a run with the last frame of its events.
  function finishRun(apply: (agent: AgentState) => Update): Promise<void> {
    return new Promise((done) => {
      finishing = { apply, done }
      batcher.wake()
    })
  }

  function discardQueue(): void {
    batcher.discard()
    pending = null
    const ending = finishing
    finishing = null
    ending?.done()
  }

  function refuse(problem: string): never {
    const error = refused(problem)
    holder.setState({ error })
    throw error
  }

  function startRun(request: RunRequest, target: RunTarget | null = null): Promise<void> {
    const controller = new AbortController()
    const token = ++runToken
    failedRequest = null
    failedTarget = null
    const { agent } = state()
    const asked =
      target === null ? agent.pendingConfirmation : (agent.subagentPendingConfirmations.find((entry) => entry.source === target.source) ?? null)
    const requestReplyId =
      request.kind === 'confirm'
        ? (asked?.requestReplyId ?? null)
        : request.kind === 'tool-results'
          ? (agent.pendingExternalExecution?.requestReplyId ?? null)
          : null
    holder.setState({ status: 'connecting', error: null, warnings: [], canRetry: false, connection: null, stalledSince: null })
    record({ kind: 'run', receivedAt: clock(), request })
    let timedOut = false
    let sawEnd = false
    const seeEnd = createEndWatch()
    let received = false
    const responseTimer = Number.isFinite(responseTimeoutMs)
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, responseTimeoutMs)
      : null
    let answered = false
    // The server answered: its headers (onOpen), or anything at all from a transport that does not report them.
    const markAnswered = () => {
      if (answered) return
      answered = true
      if (responseTimer !== null) clearTimeout(responseTimer)
    }
    const ownHandlers: RunHandlers = {
      signal: controller.signal,
      onOpen: () => {
        markAnswered()
        if (token !== runToken) return
        holder.setState({ status: 'streaming' })
        stall.start()
      },
      onEvent: (value) => {
        markAnswered()
        if (token !== runToken) return
        sawEnd = seeEnd(value)
        received = true
        stall.alive()
        batcher.push(value)
      },
      onActivity: () => {
        markAnswered()
        if (token === runToken) stall.alive()
      },
      // A transport's problem (a malformed frame) is taken in order with the events, and published with their frame:
      // 20,000 bad frames published 20,000 states.
      onError: (problem) => {
        if (token === runToken) batcher.push(problem)
      },
      onConnection: (connection) => {
        if (token === runToken) holder.setState({ connection })
      },
    }
    const handlers = withAgentScopeCompat(request, { requestReplyId }, target === null ? ownHandlers : withSubagentSource(ownHandlers, target.source))
    const finished = (async () => {
      let status: AgentStatus
      let error: AgentStreamError | null = null
      try {
        // confirmSubagent only targets a subagent when the transport has runSubagent
        const end =
          target === null
            ? await transport.run(request, handlers)
            : await (transport.runSubagent as NonNullable<typeof transport.runSubagent>)(target.subagentId, request, handlers)
        status = end === 'aborted' ? 'idle' : 'done'
      } catch (caught) {
        // Stopped while the transport waited (a stop that had to abort it): what it throws then is not a failure.
        status = controller.signal.aborted && !timedOut ? 'idle' : 'error'
        error = status === 'error' ? toStreamError(caught) : null
      }
      if (responseTimer !== null) clearTimeout(responseTimer)
      if (timedOut) {
        status = 'error'
        const seconds = Math.round(responseTimeoutMs / 100) / 10
        error = new AgentStreamError(
          'timeout',
          `The agent server did not answer within ${seconds} s (no response headers): check that it is running and reachable, then retry.`,
        )
      } else if (status === 'error' && sawEnd && error !== null && UNFINISHED_CODES.has(error.code)) {
        // The top-level AGENT_END arrived: the run is complete, whatever happened to the connection after it.
        status = 'done'
        error = null
      }
      if (token !== runToken) return
      if (error !== null) report(error)
      // An answer (approvals, tool results) the server acted on is not sent again: a second approval could run the
      // tool twice. Only a message, or an answer nothing came back for, is offered again; never what the transport
      // refused, which it would refuse again.
      const retryable = status === 'error' && error?.code !== 'refused' && (request.kind === 'message' || !received)
      failedRequest = retryable ? request : null
      failedTarget = retryable ? target : null
      stall.stop()
      await finishRun((last) => {
        const agent = endStream(last)
        // Not busy any more by the time subscribers hear the final status (they may send right away).
        if (run?.token === token) run = null
        const afterRun = statusAfterRun(agent)
        const final = status === 'done' ? afterRun : status
        // A message cut off after the agent asked about its calls is not sent again: the agent waits for the answer
        // (upstream refuses a message meanwhile), and the answer can be given.
        if (failedRequest?.kind === 'message' && afterRun !== 'done') {
          failedRequest = null
          failedTarget = null
        }
        record({ kind: 'run-end', receivedAt: clock(), status: final, error })
        return {
          agent,
          status: final,
          error,
          canRetry: failedRequest !== null,
          stalledSince: null,
          // a run that ended while reconnecting (stopped, or out of attempts) is not reconnecting any more
          ...(state().connection === 'reconnecting' ? { connection: null } : {}),
        }
      })
    })()
    run = { controller, finished, token, stopping: null }
    return finished
  }

  function enterLocal(event: LocalEvent): void {
    record({ kind: 'local', receivedAt: clock(), event })
    const current = state()
    const agent = reduce(current.agent, event, (error) => warn(error))
    if (agent !== current.agent) commit({ agent })
  }

  function toMessage(input: SendInput): Msg {
    return typeof input === 'object' && 'role' in input ? input : userMessage(input as string | readonly ContentBlock[])
  }

  async function send(input: SendInput): Promise<void> {
    const problem = sendProblem(run !== null, state().agent)
    if (problem !== null) refuse(problem)
    const message = toMessage(input)
    enterLocal(userMessageEvent(message))
    await startRun({ kind: 'message', messages: [message] })
  }

  async function resend(input?: SendInput): Promise<void> {
    const problem = sendProblem(run !== null, state().agent)
    if (problem !== null) refuse(problem)
    const users = state().agent.userMessages
    const last = users[users.length - 1]
    if (last === undefined) refuse('There is no message to send again.')
    // A new message (its own id) either way: the server hears it as a new message.
    const message = toMessage(input ?? last.message.content)
    enterLocal(rewindEvent(users.length - 1, `rewind-${message.id ?? users.length}`, message.timestamp ?? undefined))
    enterLocal(userMessageEvent(message))
    await startRun({ kind: 'message', messages: [message] })
  }

  // The answers to `waiting` (the chat's own request, or a subagent's on `target`), once the guards let them go.
  async function answer(
    waiting: PendingToolCalls | null,
    decisions: readonly ConfirmationDecision[],
    target: RunTarget | null,
    problem: string | null,
  ) {
    problem ??= confirmProblem(run !== null, waiting, decisions)
    if (problem !== null || waiting === null) refuse(problem ?? 'No tool call is waiting for confirmation.')
    const calls = callsById(waiting)
    const confirmResults = decisions.map((decision) => {
      const call = calls.get(decision.toolCallId)
      if (call === undefined) return refuse(`Tool call ${decision.toolCallId} is not waiting for confirmation.`)
      return confirmResult(call, { approved: decision.approved, input: decision.input, rules: decision.rules })
    })
    await startRun({ kind: 'confirm', confirmResults }, target)
  }

  function confirm(decisions: readonly ConfirmationDecision[]): Promise<void> {
    return answer(state().agent.pendingConfirmation, decisions, null, null)
  }

  function confirmSubagent(source: string, decisions: readonly ConfirmationDecision[]): Promise<void> {
    const { agent, capabilities } = state()
    const exposed = capabilities.subagentConfirm && transport.runSubagent !== undefined ? exposedSubagentOf(agent, source) : null
    const waiting = agent.subagentPendingConfirmations.find((request) => request.source === source) ?? null
    const unreachable = exposed === null ? `No route reaches subagent ${source}: the transport cannot carry its answer, or it was not exposed.` : null
    return answer(waiting, decisions, exposed === null ? null : { subagentId: exposed.subagentId, source }, unreachable)
  }

  async function submitToolResults(results: readonly (ExternalToolResult | ToolResultBlock)[]): Promise<void> {
    const waiting = state().agent.pendingExternalExecution
    const calls = callsById(waiting)
    const blocks = results.map((result) =>
      'type' in result
        ? result
        : toolResultBlock(result.toolCallId, result.output, {
            name: calls.get(result.toolCallId)?.name ?? null,
            state: result.state ?? 'success',
          }),
    )
    const problem = resultsProblem(run !== null, waiting, blocks)
    if (problem !== null) refuse(problem)
    await startRun({ kind: 'tool-results', toolResults: blocks })
  }

  async function stopRun(current: Run): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, stopTimeoutMs)
    })
    try {
      await Promise.race([transport.interrupt(), timeout])
    } catch {
      // The interrupt endpoint failed: closing the connection still stops the agent on most servers.
    }
    await Promise.race([current.finished, timeout])
    clearTimeout(timer)
    if (run === current) {
      current.controller.abort()
      await current.finished
    }
  }

  function stop(): Promise<void> {
    const current = run
    if (current === null) return Promise.resolve()
    // One interrupt per run, however often Stop is pressed.
    current.stopping ??= stopRun(current)
    return current.stopping
  }

  async function retry(): Promise<void> {
    const request = failedRequest
    if (request === null || run !== null) refuse('There is no failed request to retry.')
    await startRun(request, failedTarget)
  }

  function closeRun(): void {
    runToken++
    failedRequest = null
    failedTarget = null
    run?.controller.abort()
    run = null
    stall.stop()
    discardQueue()
  }

  function reset(): void {
    closeRun()
    record({ kind: 'reset', receivedAt: clock() })
    shown = EMPTY_TRANSCRIPT
    holder.setState({ ...initialSessionState(options.transport.capabilities) })
  }

  function load(messages: readonly unknown[]): void {
    reset()
    const validated = validateHistory(messages)
    record({ kind: 'load', receivedAt: clock(), messages: validated.messages })
    for (const warning of validated.warnings) report(warning)
    const agent = stateFromHistory(validated.messages)
    const after = statusAfterRun(agent)
    commit({ agent, status: after === 'done' ? 'idle' : after, warnings: validated.warnings.slice(-MAX_WARNINGS) })
  }

  function reportError(error: unknown, context?: string): void {
    const reason = messageOf(error)
    const problem =
      error instanceof AgentStreamError
        ? error
        : new AgentStreamError('render-failed', `${context === undefined ? '' : `${context}: `}${reason}`, { cause: error })
    devError(`report:${context ?? ''}:${reason}`, problem.message, error)
    warn(problem)
  }

  return {
    getState: state,
    subscribe: (listener) => holder.subscribe(listener),
    send,
    resend,
    confirm,
    confirmSubagent,
    submitToolResults,
    stop,
    reset,
    load,
    retry,
    reportError,
    dismissError: () => holder.setState({ error: null, warnings: [] }),
    destroy: closeRun,
    attachRecorder,
  }
}
