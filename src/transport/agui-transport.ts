import { AgentStreamError, messageOf } from '../core/errors'
import { isJsonObject } from '../core/is-json-object'
import type { ConfirmResult, Msg, ToolResultBlock } from '../core/message'
import { ALREADY_RUNNING } from './agent-transport'
import type { AgentTransport, RunEnd, RunHandlers, RunRequest, TransportCapabilities } from './agent-transport'
import { canonicalJson } from './canonical-json'
import { readEventStream } from './read-event-stream'
import { fetchHistory } from './fetch-history'
import { bodyExcerpt } from './stream-endings'

/** Options of {@link createAguiTransport}. */
export interface AguiTransportOptions {
  /** The AG-UI run endpoint. @example '/agui/run' */
  readonly url: string
  /** Sent as `forwardedProps.agentId` and the `X-Agent-Id` header. */
  readonly agentId?: string
  /** The AG-UI thread, which AgentScope uses as the session id. @default a random UUID */
  readonly threadId?: string
  /** Extra request headers, or a function returning them (for a fresh auth token per request). */
  readonly headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)
  /** Injected `fetch`, for tests or instrumentation. @default globalThis.fetch */
  readonly fetch?: typeof fetch
  /**
   * Where the thread's stored messages are (`GET`, a JSON array of AgentScope Msgs), for `loadHistory` after a reload:
   * AgentScope 2.0.2's AG-UI endpoint sends no MESSAGES_SNAPSHOT and has no history read, so the server serves it
   * itself (examples/agentscope-server: `/api/sessions/{threadId}/messages`). Without it there is no `loadHistory`.
   */
  readonly historyUrl?: string
}

/** The AG-UI transport, with its thread id. */
export interface AguiTransport extends AgentTransport {
  readonly threadId: string
}

interface OpenInterrupt {
  readonly id: string
  readonly toolCallId: string
  readonly kind: 'permission' | 'external'
  readonly input: unknown
}

type AgentEventObject = Record<string, unknown>

const PERMISSION_KIND = 'permission_confirm'
const AWAITING_EXTERNAL_EXECUTION = '[Awaiting external execution]'
const MEDIA_TYPES: ReadonlySet<string> = new Set(['data', 'image', 'audio', 'video'])

/** What AG-UI carries, measured against AgentScope 2.0.2 (test/interop). */
export const AGUI_CAPABILITIES: TransportCapabilities = {
  confirm: false,
  editArguments: false,
  rules: false,
  externalResults: true,
  resume: false,
  mediaInResults: true,
  resultStates: false,
  stopReason: false,
  serverStop: false,
  subagentConfirm: false,
}

/**
 * A transport for AgentScope's AG-UI adapter (protocol §9.2): POSTs a `RunAgentInput` and turns the AG-UI events
 * back into the AgentEvents the reducer understands, with deterministic ids (`agui:{runId}:{n}`). `RAW` events
 * (`event` or `rawEvent`) are passed on as they are, and `CUSTOM subagent.*` become the sourced events again.
 * Client tool results become `resume` payloads (their text).
 *
 * What AG-UI cannot carry (measured against AgentScope 2.0.2's `agentscope-agui-spring-boot-starter`; see
 * {@link AGUI_CAPABILITIES}), and how it shows:
 * - Tool confirmations: 2.0.2 sends REQUIRE_USER_CONFIRM as a `RAW` event, its RUN_FINISHED carries no interrupt
 *   for it, and `resume` only becomes tool results, so an answer cannot be sent (`confirm` is refused) and the
 *   thread stays paused on the server. The question is shown; the UI says it cannot be answered here.
 * - Tool result states: every `TOOL_CALL_RESULT` becomes a `success` result (errors show as successful text).
 * - Tool-result media: the server writes each non-text block as a JSON line of the result text; lines that are
 *   whole `data`/`image`/`audio`/`video` blocks are read back as blocks.
 * - The suspended placeholder result of an external tool: synthesized here as a `running` result.
 * - Block ids (`text`/`thinking` per model call) and `MODEL_CALL_START`: a model call is keyed by `messageId`.
 * - Stop: AG-UI has no stop endpoint, so stopping closes the connection and the turn ends `interrupted` here;
 *   the 2.0.2 starter then interrupts the agent's default session, not the thread's, so the run may go on.
 * - Reconnects: nothing is replayed.
 */
export function createAguiTransport(options: AguiTransportOptions): AguiTransport {
  const threadId = options.threadId ?? globalThis.crypto.randomUUID()
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  let interrupts: OpenInterrupt[] = []
  // tool names outlive a run: a resumed run reports results of calls made in the previous one
  const toolNames = new Map<string, string>()
  let current: AbortController | null = null
  // the connection closed by interrupt(): the run then ends `interrupted` instead of incomplete
  let stopped: AbortController | null = null

  async function headers(): Promise<Record<string, string>> {
    const custom = typeof options.headers === 'function' ? await options.headers() : options.headers
    const extra: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
    if (options.agentId !== undefined) extra['x-agent-id'] = options.agentId
    return { ...extra, ...custom }
  }

  function bodyOf(request: RunRequest, runId: string, handlers: RunHandlers): Record<string, unknown> {
    const body: Record<string, unknown> = {
      threadId,
      runId,
      messages: [],
      tools: [],
      context: [],
      state: {},
      forwardedProps: options.agentId === undefined ? {} : { agentId: options.agentId },
    }
    switch (request.kind) {
      case 'message': {
        body.messages = request.messages.map((message, index) => ({
          id: message.id ?? `${runId}:user:${index}`,
          role: 'user',
          content: message.content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join(''),
        }))
        return body
      }
      case 'confirm': {
        body.resume = permissionResume(request.confirmResults, handlers)
        return body
      }
      case 'tool-results': {
        body.resume = externalResume(request.toolResults)
        return body
      }
      default: {
        request satisfies never
        return body
      }
    }
  }

  function permissionResume(results: readonly ConfirmResult[], handlers: RunHandlers): unknown[] {
    const open = interrupts.filter((interrupt) => interrupt.kind === 'permission')
    if (open.length === 0) {
      throw new AgentStreamError(
        'refused',
        'AG-UI cannot send this answer: the server opened no interrupt for the confirmation (AgentScope 2.0.2 sends it as a RAW event only).',
      )
    }
    if (results.some((result) => result.confirmed && result.rules !== null && result.rules.length > 0)) {
      handlers.onError?.(
        new AgentStreamError('refused', 'AG-UI cannot send permission rules: "always allow" applies to this call only.', { field: 'rules' }),
      )
    }
    const byCall = firstById(results, (result) => result.toolCall.id)
    return open.map((interrupt) => {
      const result = byCall.get(interrupt.toolCallId)
      const approved = result?.confirmed === true
      const edited = approved && canonicalJson(result.toolCall.input) !== canonicalJson(interrupt.input)
      const payload = edited ? { approved, editedArgs: result.toolCall.input } : { approved }
      return { interruptId: interrupt.id, status: 'resolved', payload }
    })
  }

  function externalResume(results: readonly ToolResultBlock[]): unknown[] {
    const open = interrupts.filter((interrupt) => interrupt.kind === 'external')
    if (open.length === 0) throw new AgentStreamError('refused', 'No AG-UI interrupt is awaiting tool results on this thread.')
    const byCall = firstById(results, (result) => result.id)
    return open.map((interrupt) => {
      const result = byCall.get(interrupt.toolCallId)
      if (result === undefined) return { interruptId: interrupt.id, status: 'cancelled' }
      const text = result.output
        .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(block)))
        .join('')
      return { interruptId: interrupt.id, status: result.state === 'interrupted' ? 'cancelled' : 'resolved', payload: text }
    })
  }

  async function run(request: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    const { signal } = handlers
    // One transport is one thread: its interrupts and its Stop belong to one run at a time.
    if (current !== null && !current.signal.aborted) throw new AgentStreamError('refused', ALREADY_RUNNING)
    const runId = globalThis.crypto.randomUUID()
    const body = bodyOf(request, runId, handlers)
    const controller = new AbortController()
    const stop = () => controller.abort()
    signal.addEventListener('abort', stop, { once: true })
    current = controller
    try {
      let response: Response
      try {
        response = await fetchImpl(options.url, { method: 'POST', headers: await headers(), body: JSON.stringify(body), signal: controller.signal })
      } catch (error) {
        if (controller.signal.aborted) return 'aborted'
        throw new AgentStreamError('network-error', `Could not reach the AG-UI endpoint ${options.url}: ${messageOf(error)}`, { cause: error })
      }
      if (!response.ok) {
        const text = await bodyExcerpt(response)
        throw new AgentStreamError('http-error', `The AG-UI endpoint answered ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`, {
          status: response.status,
          body: text,
        })
      }
      const contentType = response.headers.get('content-type') ?? ''
      if (!contentType.toLowerCase().startsWith('text/event-stream')) {
        const text = await bodyExcerpt(response)
        throw new AgentStreamError(
          'wrong-content-type',
          `Expected a text/event-stream response from ${options.url}, got "${contentType || 'no content type'}"`,
          { status: response.status, body: text },
        )
      }
      handlers.onOpen?.()
      const mapper = createAguiEventMapper(runId, toolNames)
      let outcome: 'finished' | AgentStreamError | null = null
      // A resume is answered once the run it started says something: one cut before that can be sent again.
      let answered = request.kind === 'message'
      await readEventStream(response, {
        signal: controller.signal,
        onEvent: (value) => {
          if (!answered) {
            answered = true
            interrupts = []
          }
          const mapped = mapper.map(value)
          for (const event of mapped.events) handlers.onEvent(event)
          if (mapped.interrupts !== undefined) interrupts = mapped.interrupts
          if (mapped.end !== undefined) {
            outcome = mapped.end
            controller.abort()
          }
        },
        onError: handlers.onError,
        onActivity: handlers.onActivity,
      })
      if (outcome === 'finished') return 'ended'
      if (outcome !== null) throw outcome
      if (signal.aborted) return 'aborted'
      if (stopped === controller) {
        for (const event of mapper.stop()) handlers.onEvent(event)
        return 'ended'
      }
      throw new AgentStreamError(
        'incomplete-stream',
        'The AG-UI stream closed before RUN_FINISHED: the reply is incomplete (the server failed or the connection dropped). AG-UI cannot resume a run.',
      )
    } finally {
      signal.removeEventListener('abort', stop)
      if (current === controller) current = null
    }
  }

  // AG-UI has no stop endpoint: closing the connection interrupts the agent (interrupt-on-disconnect).
  async function interrupt(): Promise<void> {
    stopped = current
    current?.abort()
  }

  async function loadHistory(): Promise<Msg[]> {
    const { 'content-type': _json, ...rest } = await headers()
    return fetchHistory(fetchImpl, options.historyUrl as string, rest)
  }

  return { threadId, capabilities: AGUI_CAPABILITIES, run, interrupt, ...(options.historyUrl === undefined ? {} : { loadHistory }) }
}

/** What one AG-UI event turned into. */
interface MappedAguiEvent {
  readonly events: AgentEventObject[]
  /** The run ended: `'finished'` on RUN_FINISHED, or the error of RUN_ERROR. */
  readonly end?: 'finished' | AgentStreamError
  /** The open interrupts RUN_FINISHED reported. */
  readonly interrupts?: OpenInterrupt[]
}

function createAguiEventMapper(runId: string, toolNames: Map<string, string>) {
  let count = 0
  const modelCalls = new Set<string>()
  const toolReplyIds = new Map<string, string>()
  let sawStop = false
  let agentReplyId: string | null = null

  const event = (type: string, fields: Record<string, unknown>, timestamp?: unknown): AgentEventObject => {
    count += 1
    // a time Date cannot hold (beyond ±8.64e15 ms, or NaN) is left out, not thrown on
    const created = typeof timestamp === 'number' && Math.abs(timestamp) <= 8.64e15 ? { createdAt: new Date(timestamp).toISOString() } : {}
    return { type, id: `agui:${runId}:${count}`, ...created, ...fields }
  }

  function modelCall(replyId: string, timestamp: unknown): AgentEventObject[] {
    if (modelCalls.has(replyId)) return []
    modelCalls.add(replyId)
    return [event('MODEL_CALL_START', { replyId }, timestamp)]
  }

  function interruptsOf(outcome: unknown): { events: AgentEventObject[]; open: OpenInterrupt[] } {
    const events: AgentEventObject[] = []
    const open: OpenInterrupt[] = []
    const list =
      isJsonObject(outcome) && outcome.type === 'interrupt' && Array.isArray(outcome.interrupts) ? outcome.interrupts.filter(isJsonObject) : []
    const permission: Record<string, unknown>[] = []
    const external: Record<string, unknown>[] = []
    let permissionReplyId = ''
    let externalReplyId = ''
    for (const interrupt of list) {
      const id = String(interrupt.id ?? '')
      const metadata = isJsonObject(interrupt.metadata) ? interrupt.metadata : {}
      const separator = id.indexOf(':')
      const replyId = typeof metadata.replyId === 'string' ? metadata.replyId : separator === -1 ? runId : id.slice(0, separator)
      const toolCallId = separator === -1 ? id : id.slice(separator + 1)
      const input = isJsonObject(metadata.toolInput) ? metadata.toolInput : {}
      const name = typeof metadata.toolName === 'string' ? metadata.toolName : (toolNames.get(toolCallId) ?? null)
      const content = typeof metadata.toolContent === 'string' ? metadata.toolContent : JSON.stringify(input)
      const kind = metadata['agentscope.interruptKind'] === PERMISSION_KIND ? 'permission' : 'external'
      const call = { type: 'tool_use', id: toolCallId, name, input, content, metadata: {}, state: kind === 'permission' ? 'asking' : 'pending' }
      open.push({ id, toolCallId, kind, input })
      if (kind === 'permission') {
        permission.push(call)
        permissionReplyId = replyId
      } else {
        external.push(call)
        externalReplyId = replyId
        const resultFields = { replyId, toolCallId, toolCallName: name }
        const suspended = { agentscope_suspended: true }
        events.push(event('TOOL_RESULT_START', resultFields))
        events.push(event('TOOL_RESULT_TEXT_DELTA', { ...resultFields, delta: AWAITING_EXTERNAL_EXECUTION, metadata: suspended }))
        events.push(event('TOOL_RESULT_END', { ...resultFields, state: 'running', metadata: suspended }))
      }
    }
    if (permission.length > 0) {
      events.push(event('REQUIRE_USER_CONFIRM', { replyId: permissionReplyId, toolCalls: permission }))
      if (!sawStop) events.push(event('REQUEST_STOP', { reason: 'permission asking', generateReason: 'PERMISSION_ASKING' }))
    }
    if (external.length > 0) events.push(event('REQUIRE_EXTERNAL_EXECUTION', { replyId: externalReplyId, toolCalls: external }))
    return { events, open }
  }

  function map(value: unknown): MappedAguiEvent {
    if (!isJsonObject(value) || typeof value.type !== 'string') return { events: [] }
    const at = value.timestamp
    const messageId = String(value.messageId ?? '')
    switch (value.type) {
      case 'RUN_STARTED': {
        // the same run started twice (a replayed frame): its ids are the mapper's own, so the reducer cannot tell
        if (agentReplyId === String(value.runId ?? runId)) return { events: [] }
        agentReplyId = String(value.runId ?? runId)
        return { events: [event('AGENT_START', { replyId: agentReplyId, name: 'assistant', role: 'assistant' }, at)] }
      }
      case 'TEXT_MESSAGE_START': {
        return { events: [...modelCall(messageId, at), event('TEXT_BLOCK_START', { replyId: messageId, blockId: 'text' }, at)] }
      }
      case 'TEXT_MESSAGE_CONTENT': {
        return { events: [...modelCall(messageId, at), event('TEXT_BLOCK_DELTA', { replyId: messageId, blockId: 'text', delta: value.delta }, at)] }
      }
      case 'TEXT_MESSAGE_END': {
        return { events: [event('TEXT_BLOCK_END', { replyId: messageId, blockId: 'text' }, at)] }
      }
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END': {
        const replyId = messageId.replace(/-reasoning$/, '')
        const suffix = value.type.slice('REASONING_MESSAGE_'.length)
        const type = suffix === 'CONTENT' ? 'THINKING_BLOCK_DELTA' : `THINKING_BLOCK_${suffix}`
        const fields = suffix === 'CONTENT' ? { replyId, blockId: 'thinking', delta: value.delta } : { replyId, blockId: 'thinking' }
        return { events: [...(suffix === 'END' ? [] : modelCall(replyId, at)), event(type, fields, at)] }
      }
      case 'TOOL_CALL_START': {
        const toolCallId = String(value.toolCallId ?? '')
        const replyId = typeof value.parentMessageId === 'string' ? value.parentMessageId : runId
        toolNames.set(toolCallId, String(value.toolCallName ?? ''))
        toolReplyIds.set(toolCallId, replyId)
        return { events: [...modelCall(replyId, at), event('TOOL_CALL_START', { replyId, toolCallId, toolCallName: value.toolCallName }, at)] }
      }
      case 'TOOL_CALL_ARGS': {
        const toolCallId = String(value.toolCallId ?? '')
        return {
          events: [
            event(
              'TOOL_CALL_DELTA',
              { replyId: toolReplyIds.get(toolCallId) ?? runId, toolCallId, toolCallName: '__fragment__', delta: value.delta },
              at,
            ),
          ],
        }
      }
      case 'TOOL_CALL_END': {
        const toolCallId = String(value.toolCallId ?? '')
        return {
          events: [
            event('TOOL_CALL_END', { replyId: toolReplyIds.get(toolCallId) ?? runId, toolCallId, toolCallName: toolNames.get(toolCallId) ?? '' }, at),
          ],
        }
      }
      case 'TOOL_CALL_RESULT': {
        const toolCallId = String(value.toolCallId ?? '')
        const fields = { replyId: messageId || runId, toolCallId, toolCallName: toolNames.get(toolCallId) ?? '' }
        const content = typeof value.content === 'string' ? value.content : JSON.stringify(value.content ?? '')
        const deltas = resultParts(content).map((part) =>
          typeof part === 'string'
            ? event('TOOL_RESULT_TEXT_DELTA', { ...fields, delta: part }, at)
            : event('TOOL_RESULT_DATA_DELTA', { ...fields, data: part }, at),
        )
        // AG-UI drops the result state: success is all it can say
        return { events: [event('TOOL_RESULT_START', fields, at), ...deltas, event('TOOL_RESULT_END', { ...fields, state: 'success' }, at)] }
      }
      case 'CUSTOM': {
        return { events: customEvents(value, at) }
      }
      case 'RAW': {
        const raw = isJsonObject(value.event) ? value.event : isJsonObject(value.rawEvent) ? value.rawEvent : undefined
        if (raw === undefined) return { events: [] }
        if (typeof raw.type !== 'string' && raw.error !== undefined) {
          // the MVC error path puts the error map in RAW.event (AguiMvcController.sendErrorAndComplete)
          return { events: [], end: new AgentStreamError('network-error', `The agent run failed on the server: ${messageOf(raw.error)}`) }
        }
        if (raw.type === 'REQUEST_STOP') sawStop = true
        const source = typeof value.source === 'string' && raw.source === undefined ? { source: value.source } : {}
        return { events: [{ ...raw, ...source }] }
      }
      case 'RUN_ERROR': {
        const code = value.code === undefined ? '' : ` (${messageOf(value.code)})`
        return {
          events: [],
          end: new AgentStreamError('network-error', `The agent run failed on the server${code}: ${messageOf(value.message ?? 'no message')}`, {
            eventType: 'RUN_ERROR',
          }),
        }
      }
      case 'RUN_FINISHED': {
        const { events, open } = interruptsOf(value.outcome)
        return { events: [...events, event('AGENT_END', { replyId: String(value.runId ?? runId) }, at)], end: 'finished', interrupts: open }
      }
      default: {
        return { events: [] }
      }
    }
  }

  function customEvents(value: Record<string, unknown>, at: unknown): AgentEventObject[] {
    const name = String(value.name ?? '')
    const payload = isJsonObject(value.value) ? value.value : {}
    if (name === 'token_usage') {
      const modelCallInfo = isJsonObject(payload.modelCall) ? payload.modelCall : {}
      const replyId = String(modelCallInfo.replyId ?? '')
      return [...modelCall(replyId, at), event('MODEL_CALL_END', { replyId, usage: payload.delta }, at)]
    }
    if (name.startsWith('subagent.') && typeof payload.type === 'string') {
      // the subagent's own event, its fields (source included) flattened into the value
      const { type, ...fields } = payload
      return [event(type, subagentFields(type, fields), at)]
    }
    return [event('CUSTOM', { name, value: payload }, at)]
  }

  // The user stopped the run: what the server would have said had AG-UI a stop endpoint.
  function stop(): AgentEventObject[] {
    if (agentReplyId === null) return []
    return [event('REQUEST_STOP', { reason: 'stopped by the user', generateReason: 'INTERRUPTED' }), event('AGENT_END', { replyId: agentReplyId })]
  }

  return { map, stop }
}

/**
 * AgentScope 2.0.2's `SubagentEventConverter` sends a subagent's events lossy: no `replyId` or `blockId`, the tool's
 * name as `toolName`, result states in upper case, and a confirmation as its `toolCallCount` only. The missing ids
 * are filled (one reply per subagent source) so the lane still builds; the asked calls themselves cannot be.
 */
function subagentFields(type: string, fields: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...fields }
  filled.replyId ??= `agui-subagent:${String(fields.source ?? '')}`
  if (type === 'TEXT_BLOCK_DELTA') filled.blockId ??= 'text'
  if (type === 'THINKING_BLOCK_DELTA') filled.blockId ??= 'thinking'
  if (type.startsWith('TOOL_')) filled.toolCallName ??= fields.toolName
  if (type === 'TOOL_RESULT_END' && typeof fields.state === 'string') filled.state = fields.state.toLowerCase()
  if (type === 'REQUIRE_USER_CONFIRM') filled.toolCalls ??= []
  return filled
}

/**
 * A result text as AgentScope's AG-UI adapter writes it: text blocks as they are and every other block as its JSON,
 * one per line. Lines that are a whole media block (`{"type":"data","source":{…}}`) become that block again; the
 * text between them stays text, newlines included.
 */
function resultParts(content: string): (string | Record<string, unknown>)[] {
  if (!content.includes('{"type":"')) return content === '' ? [] : [content]
  const parts: (string | Record<string, unknown>)[] = []
  let text: string[] = []
  const lines = content.split('\n')
  lines.forEach((line, index) => {
    const block = mediaBlockOf(line)
    if (block === null) {
      text.push(index < lines.length - 1 ? `${line}\n` : line)
      return
    }
    // the newline before a media line separates blocks; it is not part of the text
    if (text.length > 0) parts.push(text.join('').replace(/\n$/, ''))
    text = []
    parts.push(block)
  })
  if (text.length > 0 && text.join('') !== '') parts.push(text.join(''))
  return parts
}

function mediaBlockOf(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{"type":"') || !line.endsWith('}')) return null
  try {
    const value: unknown = JSON.parse(line)
    return isJsonObject(value) && typeof value.type === 'string' && MEDIA_TYPES.has(value.type) && isJsonObject(value.source) ? value : null
  } catch {
    return null
  }
}

// The first of the answers for each call id: an answer is looked up once per open interrupt.
function firstById<T>(items: readonly T[], idOf: (item: T) => string): Map<string, T> {
  const byId = new Map<string, T>()
  for (const item of items) if (!byId.has(idOf(item))) byId.set(idOf(item), item)
  return byId
}
