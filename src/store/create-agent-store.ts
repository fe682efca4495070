import { createStore } from 'zustand/vanilla'
import { confirmResult, toolResultBlock, userMessage } from '../core/build-message'
import { AgentStreamError } from '../core/errors'
import { appendTurns, readHistory } from '../core/history'
import type { ContentBlock, Msg, ToolResultBlock } from '../core/message'
import { parseAgentEvent } from '../core/parse-event'
import { endStream, reduce } from '../core/reduce'
import { MAIN_SCOPE, createAgentState } from '../core/state'
import type { AgentState } from '../core/state'
import type { AgentEvent } from '../core/events'
import type { RunRequest } from '../transport/agent-transport'
import { scheduleFrame as defaultScheduleFrame } from './frame-scheduler'
import type {
  AgentStatus,
  AgentStore,
  AgentStoreOptions,
  AgentStoreState,
  ConfirmationDecision,
  ExternalToolResult,
  SendInput,
  TranscriptItem,
} from './agent-store-state'


type StoreUpdate = { -readonly [K in keyof AgentStoreState]?: AgentStoreState[K] }

const MAX_WARNINGS = 50
const SLICE_CHECK_INTERVAL = 64

function refused(message: string): AgentStreamError {
  return new AgentStreamError('refused', message)
}

function toStreamError(error: unknown): AgentStreamError {
  if (error instanceof AgentStreamError) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new AgentStreamError('network-error', `The run failed: ${reason}`, { cause: error })
}

function transcriptWithTurns(agent: AgentState, transcript: readonly TranscriptItem[], shown: number): readonly TranscriptItem[] {
  const turns = agent.scopes[MAIN_SCOPE]?.turns.length ?? 0
  if (turns <= shown) return transcript
  const added: TranscriptItem[] = []
  for (let index = shown; index < turns; index++) added.push({ kind: 'turn', key: `turn-${index}`, index })
  return [...transcript, ...added]
}

function countTurns(transcript: readonly TranscriptItem[]): number {
  let count = 0
  for (const item of transcript) if (item.kind === 'turn') count++
  return count
}

/** The event a server echoes first when a run resumes with this request, built from what the client sent. */
function echoOf(request: RunRequest, agent: AgentState): AgentEvent | null {
  const createdAt = new Date().toISOString()
  switch (request.kind) {
    case 'message': {
      return null
    }
    case 'confirm': {
      const replyId = agent.pendingConfirmation?.requestReplyId ?? undefined
      return { type: 'USER_CONFIRM_RESULT', createdAt, replyId, confirmResults: request.confirmResults }
    }
    case 'tool-results': {
      const replyId = agent.pendingExternalExecution?.requestReplyId ?? undefined
      return { type: 'EXTERNAL_EXECUTION_RESULT', createdAt, replyId, toolResults: request.toolResults }
    }
    default: {
      request satisfies never
      return null
    }
  }
}

function statusAfterRun(agent: AgentState): AgentStatus {
  if (agent.pendingConfirmation !== null) return 'awaiting-confirmation'
  if (agent.pendingExternalExecution !== null) return 'awaiting-external'
  return 'done'
}

/**
 * Creates the store of one chat: the core state plus connection status, fed by a transport.
 * Events are validated as they arrive and reduced in batches, published at most once per frame
 * (a large backlog is reduced in ~8 ms slices, one per frame); status changes are published at once.
 */
export function createAgentStore(options: AgentStoreOptions): AgentStore {
  const { transport } = options
  const schedule = options.scheduleFrame ?? defaultScheduleFrame
  const sliceMs = options.sliceMs ?? 8
  const maxEventsPerFrame = options.maxEventsPerFrame ?? 4096
  const stopTimeoutMs = options.stopTimeoutMs ?? 3000
  const now = options.now ?? (() => performance.now())

  // Wire values waiting for the next frame; they are validated there too, in the same slices.
  let queue: unknown[] = []
  let queueStart = 0
  let cancelFrame: (() => void) | null = null
  // The end of a run, published by the flush that empties the queue, so the last events and the final
  // status reach the UI in one update.
  let finishing: { apply: (agent: AgentState) => StoreUpdate; done: () => void } | null = null
  // What the server should echo first in a resumed run; applied by the kit when it does not (see echoOf).
  let echo: { readonly event: AgentEvent; started: boolean } | null = null
  let run: { controller: AbortController; finished: Promise<void>; token: number } | null = null
  let runToken = 0
  let failedRequest: RunRequest | null = null

  const store = createStore<AgentStoreState>()(() => ({
    agent: createAgentState(),
    transcript: [],
    status: 'idle',
    error: null,
    warnings: [],
    connection: null,
    send,
    confirm,
    submitToolResults,
    stop,
    reset,
    load,
    dismissError: () => store.setState({ error: null, warnings: [] }),
    retry,
    canRetry: false,
    reportError,
  }))

  function reportError(error: unknown, context?: string): AgentStreamError {
    const reason = error instanceof Error ? error.message : String(error)
    const reported = new AgentStreamError('render-error', context === undefined ? reason : `${context}: ${reason}`, { cause: error })
    warn(reported)
    try {
      options.onError?.(reported)
    } catch {
      // The application's handler failed: the error is in the warnings already.
    }
    return reported
  }

  function withWarning(warnings: readonly AgentStreamError[], error: AgentStreamError): readonly AgentStreamError[] {
    return warnings.length >= MAX_WARNINGS ? [...warnings.slice(1), error] : [...warnings, error]
  }

  function warn(error: AgentStreamError): void {
    store.setState({ warnings: withWarning(store.getState().warnings, error) })
  }

  function ingest(value: unknown): void {
    queue.push(value)
    cancelFrame ??= schedule(flush)
  }

  function flush(): void {
    cancelFrame = null
    const deadline = now() + sliceMs
    const state = store.getState()
    let agent = state.agent
    let warnings = state.warnings
    let taken = 0
    while (queueStart < queue.length) {
      const parsed = parseAgentEvent(queue[queueStart++])
      if (parsed.ok) agent = reduceWithEcho(agent, parsed.event)
      else warnings = withWarning(warnings, parsed.error)
      if (++taken % SLICE_CHECK_INTERVAL === 0 && (taken >= maxEventsPerFrame || now() > deadline)) break
    }
    const empty = queueStart >= queue.length
    if (empty) {
      queue = []
      queueStart = 0
    } else {
      cancelFrame = schedule(flush)
    }
    let update: StoreUpdate = {}
    if (agent !== state.agent) update.agent = agent
    if (warnings !== state.warnings) update.warnings = warnings
    const ending = empty ? finishing : null
    if (ending !== null) {
      finishing = null
      update = { ...update, ...ending.apply(agent) }
    }
    if (update.agent !== undefined) {
      update.transcript = transcriptWithTurns(update.agent, state.transcript, countTurns(state.transcript))
    }
    if (Object.keys(update).length > 0) store.setState(update)
    ending?.done()
  }

  // AgentScope 2.0.0 does not echo USER_CONFIRM_RESULT / EXTERNAL_EXECUTION_RESULT (2.0.1 does): when the
  // first top-level event after AGENT_START is not the echo, the answer the client sent is applied first.
  function reduceWithEcho(agent: AgentState, event: AgentEvent): AgentState {
    if (echo === null || event.source) return reduce(agent, event)
    if (!echo.started) {
      if (event.type === 'AGENT_START') echo.started = true
      return reduce(agent, event)
    }
    const pending = echo.event
    echo = null
    return reduce(event.type === pending.type ? agent : reduce(agent, pending), event)
  }

  // Publishes the end of a run with the last frame of its events.
  function finishRun(apply: (agent: AgentState) => StoreUpdate): Promise<void> {
    return new Promise((done) => {
      finishing = { apply, done }
      cancelFrame ??= schedule(flush)
    })
  }

  function discardQueue(): void {
    echo = null
    cancelFrame?.()
    cancelFrame = null
    queue = []
    queueStart = 0
    const ending = finishing
    finishing = null
    ending?.done()
  }

  function isBusy(): boolean {
    return run !== null
  }

  function startRun(request: RunRequest): Promise<void> {
    const controller = new AbortController()
    const token = ++runToken
    failedRequest = null
    const answered = echoOf(request, store.getState().agent)
    echo = answered === null ? null : { event: answered, started: false }
    store.setState({ status: 'connecting', error: null, warnings: [], canRetry: false, connection: null })
    const finished = (async () => {
      let status: AgentStatus
      let error: AgentStreamError | null = null
      try {
        const end = await transport.run(request, {
          signal: controller.signal,
          onOpen: () => {
            if (token === runToken) store.setState({ status: 'streaming' })
          },
          onEvent: (value) => {
            if (token === runToken) ingest(value)
          },
          onError: (problem) => {
            if (token === runToken) warn(problem)
          },
          onConnection: (connection) => {
            if (token === runToken) store.setState({ connection })
          },
        })
        status = end === 'aborted' ? 'idle' : 'done'
      } catch (caught) {
        status = 'error'
        error = toStreamError(caught)
      }
      if (token !== runToken) return
      failedRequest = status === 'error' ? request : null
      await finishRun((last) => {
        const agent = endStream(last)
        // Not busy any more by the time subscribers hear the final status (they may send right away).
        if (token === runToken) run = null
        return {
          agent,
          status: status === 'done' ? statusAfterRun(agent) : status,
          error,
          canRetry: failedRequest !== null,
        }
      })
    })()
    run = { controller, finished, token }
    return finished
  }

  async function send(input: SendInput): Promise<void> {
    const { agent } = store.getState()
    let problem: string | null = null
    if (isBusy()) problem = 'The agent is still answering: wait for it or stop it before sending another message.'
    else if (agent.pendingConfirmation !== null) {
      problem = 'The agent is waiting for you to approve or deny its tool calls: answer them before sending a message.'
    } else if (agent.pendingExternalExecution !== null) {
      problem = 'The agent is waiting for the results of tools run on your side: submit them before sending a message.'
    }
    if (problem !== null) {
      const error = refused(problem)
      store.setState({ error })
      throw error
    }
    const message = typeof input === 'object' && 'role' in input ? input : userMessage(input as string | readonly ContentBlock[])
    const { transcript } = store.getState()
    store.setState({ transcript: [...transcript, { kind: 'user', key: `user-${message.id ?? transcript.length}`, message }] })
    await startRun({ kind: 'message', messages: [message] })
  }

  async function confirm(decisions: readonly ConfirmationDecision[]): Promise<void> {
    const pending = store.getState().agent.pendingConfirmation
    let problem: string | null = null
    const seen = new Set<string>()
    if (isBusy()) problem = 'An answer is already on its way.'
    else if (pending === null) problem = 'No tool call is waiting for confirmation.'
    else if (decisions.length === 0) problem = 'Answer at least one of the pending tool calls.'
    else {
      for (const decision of decisions) {
        if (seen.has(decision.toolCallId)) problem = `Tool call ${decision.toolCallId} was answered twice.`
        else if (!pending.toolCalls.some((call) => call.id === decision.toolCallId)) {
          problem = `Tool call ${decision.toolCallId} is not waiting for confirmation.`
        }
        seen.add(decision.toolCallId)
      }
    }
    if (problem !== null || pending === null) {
      const error = refused(problem ?? 'No tool call is waiting for confirmation.')
      store.setState({ error })
      throw error
    }
    const confirmResults = decisions.map((decision) => {
      const call = pending.toolCalls.find((candidate) => candidate.id === decision.toolCallId)
      if (call === undefined) throw refused(`Tool call ${decision.toolCallId} is not waiting for confirmation.`)
      return confirmResult(call, { approved: decision.approved, input: decision.input, rules: decision.rules })
    })
    await startRun({ kind: 'confirm', confirmResults })
  }

  async function submitToolResults(results: readonly (ExternalToolResult | ToolResultBlock)[]): Promise<void> {
    const pending = store.getState().agent.pendingExternalExecution
    let problem: string | null = null
    const blocks = results.map((result) =>
      'type' in result
        ? result
        : toolResultBlock(result.toolCallId, result.output, {
            name: pending?.toolCalls.find((call) => call.id === result.toolCallId)?.name ?? null,
            state: result.state ?? 'success',
          }),
    )
    const seen = new Set<string>()
    if (isBusy()) problem = 'The results are already on their way.'
    else if (pending === null) problem = 'No tool call is waiting for external execution.'
    else if (blocks.length === 0) problem = 'Submit at least one tool result.'
    else {
      for (const block of blocks) {
        if (seen.has(block.id)) problem = `Tool call ${block.id} has two results.`
        else if (!pending.toolCalls.some((call) => call.id === block.id)) {
          problem = `Tool call ${block.id} is not waiting for external execution.`
        }
        seen.add(block.id)
      }
    }
    if (problem !== null) {
      const error = refused(problem)
      store.setState({ error })
      throw error
    }
    await startRun({ kind: 'tool-results', toolResults: blocks })
  }

  async function stop(): Promise<void> {
    const current = run
    if (current === null) return
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, stopTimeoutMs))
    try {
      await Promise.race([transport.interrupt(), timeout])
    } catch {
      // The interrupt endpoint failed: closing the connection still stops the agent on most servers.
    }
    await Promise.race([current.finished, timeout])
    if (run === current) {
      current.controller.abort()
      await current.finished
    }
  }

  async function retry(): Promise<void> {
    const request = failedRequest
    if (request === null || isBusy()) {
      const error = refused('There is no failed request to retry.')
      store.setState({ error })
      throw error
    }
    await startRun(request)
  }

  function reset(): void {
    runToken++
    failedRequest = null
    run?.controller.abort()
    run = null
    discardQueue()
    store.setState({
      agent: createAgentState(),
      transcript: [],
      status: 'idle',
      error: null,
      warnings: [],
      canRetry: false,
      connection: null,
    })
  }

  function load(messages: readonly Msg[]): void {
    reset()
    const items = readHistory(messages)
    const agent = appendTurns(
      createAgentState(),
      items.flatMap((item) => (item.kind === 'turn' ? [item.turn] : [])),
    )
    let turnIndex = 0
    const transcript: TranscriptItem[] = items.map((item, position) =>
      item.kind === 'user'
        ? { kind: 'user', key: `user-${item.message.id ?? position}`, message: item.message }
        : { kind: 'turn', key: `turn-${turnIndex}`, index: turnIndex++ },
    )
    store.setState({ agent, transcript, status: statusAfterRun(agent) === 'done' ? 'idle' : statusAfterRun(agent) })
  }

  return store
}
