/**
 * The AG-UI route of the scripted server (protocol §9.2): `POST {base}/agui/run` (or `/agui/run/{agentId}`) takes
 * a `RunAgentInput` and streams AG-UI events converted from the same scripted AgentEvents, the way upstream's
 * `*EventConverter` classes and `AguiStreamContext` do (reasoning, tool-call args and token usage all enabled).
 * Frames are WebFlux-style `data:{json}` with no `event:` line. The thread id is the session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConfirmResult, Msg, ToolResultBlock, ToolUseBlock } from '../core'
import { userText } from './agent-loop'
import { createAgentSession, type AgentSession } from './agent-session'
import { startDetachedRun } from './detached-run'
import { BodyError, CORS_HEADERS, readJsonBody, sendError } from './http-responses'
import { toJacksonJson } from './jackson-json'
import type { Pacer } from './pace'
import { validateRunInput, RunRequestError, type RunInput } from './read-run-body'
import { HELP, pickScenario } from './scenario-catalog'
import { messageTimestamp } from './wire-format'

const RUN_ROUTE = /^\/agui\/run(?:\/([^/]+))?$/

/** What the route needs from the handler. */
export interface AguiRoutesOptions {
  readonly seed: number
  readonly pacer: () => Pacer
}

/** The AG-UI route; `handle` returns false for a path that is not its own. */
export interface AguiRoutes {
  handle(request: IncomingMessage, response: ServerResponse, route: string, url: URL): Promise<boolean>
  close(): void
}

type AguiEvent = Record<string, unknown> & { readonly type: string }

/** Creates the route. */
export function createAguiRoutes(options: AguiRoutesOptions): AguiRoutes {
  const sessions = new Map<string, AgentSession>()
  const running = new Set<ServerResponse>()

  async function handle(request: IncomingMessage, response: ServerResponse, route: string, url: URL): Promise<boolean> {
    if (!RUN_ROUTE.test(route)) return false
    const path = url.pathname
    if (request.method !== 'POST') {
      request.resume()
      sendError(response, path, 405, 'Use POST')
      return true
    }
    let body: unknown
    try {
      body = await readJsonBody(request)
    } catch (error) {
      if (!(error instanceof BodyError)) throw error
      sendError(response, path, error.status, error.message)
      return true
    }
    if (!isObject(body) || typeof body.threadId !== 'string' || body.threadId === '') {
      sendError(response, path, 400, 'RunAgentInput needs a "threadId"')
      return true
    }
    const threadId = body.threadId
    const runId = typeof body.runId === 'string' && body.runId !== '' ? body.runId : globalThis.crypto.randomUUID()
    let session = sessions.get(threadId)
    if (session === undefined) {
      session = createAgentSession(threadId, options.seed)
      sessions.set(threadId, session)
    }
    if (session.writer !== null) {
      sendError(response, path, 409, `Thread ${threadId} already has a run streaming`)
      return true
    }
    let input: RunInput
    try {
      input = readInput(body, session)
      validateRunInput(session, input)
    } catch (error) {
      if (error instanceof RunRequestError) {
        sendError(response, path, error.status, error.message)
        return true
      }
      throw error
    }
    const scenario = input.kind === 'message' ? pickScenario(userText(input.messages)) : (session.thread?.scenario ?? HELP)
    response.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
    response.flushHeaders()
    running.add(response)
    const converter = createAguiConverter(threadId, runId)
    const run = startDetachedRun(session, input, scenario, options.pacer(), (event) => {
      if (response.destroyed || response.writableEnded) return
      for (const aguiEvent of converter.convert(event)) response.write(`data:${toJacksonJson(aguiEvent)}\n\n`)
    })
    // interrupt-on-disconnect (the default): closing the connection stops the agent
    response.on('close', () => {
      if (!response.writableFinished) run.writer.cancel()
    })
    const end = await run.done
    running.delete(response)
    if (end === 'failed' && !response.destroyed) {
      const error = { type: 'RUN_ERROR', message: 'The model provider closed the stream', code: 'AGENT_ERROR', timestamp: Date.now() }
      response.write(`data:${toJacksonJson(error)}\n\n`)
    }
    if (!response.destroyed) response.end()
    return true
  }

  return {
    handle,
    close() {
      for (const response of running) response.destroy()
    },
  }
}

// A resume answers the session's open interrupts; anything else is a new user message.
function readInput(body: Record<string, unknown>, session: AgentSession): RunInput {
  const resume = Array.isArray(body.resume) ? body.resume.filter(isObject) : []
  const pending = session.pending
  if (resume.length > 0 && pending !== null) {
    const byId = new Map(resume.map((entry) => [String(entry.interruptId), entry]))
    if (pending.kind === 'confirm') {
      const results: ConfirmResult[] = pending.calls
        .filter((entry) => entry.decision === 'asking')
        .map(({ call }) => {
          const answer = byId.get(`${pending.replyId}:${call.id}`)
          if (answer === undefined) throw new RunRequestError(400, `Interrupt ${pending.replyId}:${call.id} is not covered by resume`)
          const payload = isObject(answer.payload) ? answer.payload : {}
          const approved = answer.status === 'resolved' && payload.approved === true
          const edited = approved && isObject(payload.editedArgs) ? payload.editedArgs : undefined
          const toolCall: ToolUseBlock = edited === undefined ? call : { ...call, input: edited, content: JSON.stringify(edited) }
          return { confirmed: approved, toolCall, rules: null }
        })
      return { kind: 'confirm', results }
    }
    const results: ToolResultBlock[] = pending.calls.map((call) => {
      const answer = byId.get(`${pending.replyId}:${call.id}`)
      if (answer === undefined) throw new RunRequestError(400, `Interrupt ${pending.replyId}:${call.id} is not covered by resume`)
      const text = typeof answer.payload === 'string' ? answer.payload : JSON.stringify(answer.payload ?? null)
      const state = answer.status === 'cancelled' ? 'interrupted' : 'success'
      return { type: 'tool_result', id: call.id, name: call.name, output: [{ type: 'text', text }], metadata: {}, state }
    })
    return { kind: 'external', results }
  }
  const messages = (Array.isArray(body.messages) ? body.messages.filter(isObject) : []).filter((message) => message.role === 'user')
  const last = messages[messages.length - 1]
  const text = typeof last?.content === 'string' ? last.content : ''
  const message: Msg = {
    id: typeof last?.id === 'string' ? last.id : session.ids.uuid(),
    name: 'user',
    role: 'USER',
    content: [{ type: 'text', text }],
    metadata: {},
    timestamp: messageTimestamp(),
    usage: null,
  }
  return { kind: 'message', messages: last === undefined ? [] : [message] }
}

/** Turns AgentEvents into AG-UI events for one run, as upstream's `AguiStreamContext` does. */
export function createAguiConverter(threadId: string, runId: string) {
  const openText = new Set<string>()
  const openReasoning = new Set<string>()
  const openTools = new Set<string>()
  const startedTools = new Set<string>()
  const results = new Map<string, string[]>()
  const interrupts: Record<string, unknown>[] = []
  let cumulative = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }

  function closeDangling(): AguiEvent[] {
    const closing: AguiEvent[] = []
    for (const messageId of openText) closing.push({ type: 'TEXT_MESSAGE_END', messageId })
    for (const messageId of openReasoning) closing.push({ type: 'REASONING_MESSAGE_END', messageId })
    for (const toolCallId of openTools) closing.push({ type: 'TOOL_CALL_END', toolCallId })
    openText.clear()
    openReasoning.clear()
    openTools.clear()
    return closing
  }

  function convert(event: Record<string, unknown>): AguiEvent[] {
    const type = String(event.type)
    if (typeof event.source === 'string' && event.source !== '') return [subagentEvent(event)]
    const replyId = String(event.replyId ?? '')
    switch (type) {
      case 'AGENT_START':
      case 'REPLY_START': {
        return [{ type: 'RUN_STARTED', threadId, runId }]
      }
      case 'TEXT_BLOCK_DELTA': {
        const start: AguiEvent[] = openText.has(replyId) ? [] : [{ type: 'TEXT_MESSAGE_START', messageId: replyId, role: 'assistant' }]
        openText.add(replyId)
        return [...start, { type: 'TEXT_MESSAGE_CONTENT', messageId: replyId, delta: event.delta }]
      }
      case 'TEXT_BLOCK_END': {
        if (!openText.delete(replyId)) return []
        return [{ type: 'TEXT_MESSAGE_END', messageId: replyId }]
      }
      case 'THINKING_BLOCK_DELTA': {
        const messageId = `${replyId}-reasoning`
        const start: AguiEvent[] = openReasoning.has(messageId) ? [] : [{ type: 'REASONING_MESSAGE_START', messageId, role: 'assistant' }]
        openReasoning.add(messageId)
        return [...start, { type: 'REASONING_MESSAGE_CONTENT', messageId, delta: event.delta }]
      }
      case 'THINKING_BLOCK_END': {
        const messageId = `${replyId}-reasoning`
        return openReasoning.delete(messageId) ? [{ type: 'REASONING_MESSAGE_END', messageId }] : []
      }
      case 'TOOL_CALL_START': {
        const toolCallId = String(event.toolCallId)
        if (openTools.has(toolCallId) || startedTools.has(toolCallId)) return []
        openTools.add(toolCallId)
        startedTools.add(toolCallId)
        return [{ type: 'TOOL_CALL_START', toolCallId, toolCallName: event.toolCallName, parentMessageId: replyId }]
      }
      case 'TOOL_CALL_DELTA': {
        return [{ type: 'TOOL_CALL_ARGS', toolCallId: event.toolCallId, delta: event.delta }]
      }
      case 'TOOL_CALL_END': {
        const toolCallId = String(event.toolCallId)
        return openTools.delete(toolCallId) ? [{ type: 'TOOL_CALL_END', toolCallId }] : []
      }
      case 'TOOL_RESULT_START': {
        results.set(String(event.toolCallId), [])
        return []
      }
      case 'TOOL_RESULT_TEXT_DELTA': {
        results.get(String(event.toolCallId))?.push(String(event.delta ?? ''))
        return []
      }
      case 'TOOL_RESULT_DATA_DELTA':
      case 'TOOL_RESULT_BINARY_DELTA': {
        results.get(String(event.toolCallId))?.push(JSON.stringify(event.data))
        return []
      }
      case 'TOOL_RESULT_END': {
        const toolCallId = String(event.toolCallId)
        const content = (results.get(toolCallId) ?? []).join('')
        results.delete(toolCallId)
        // a suspended (external) result becomes an interrupt instead
        if (event.state === 'running') return []
        return [{ type: 'TOOL_CALL_RESULT', messageId: replyId, toolCallId, content, role: 'tool' }]
      }
      case 'MODEL_CALL_END':
      case 'MODEL_CALL_ENDED': {
        const usage = event.usage as { inputTokens?: number; outputTokens?: number; totalTokens?: number } | undefined
        if (usage === undefined) return []
        cumulative = {
          inputTokens: cumulative.inputTokens + (usage.inputTokens ?? 0),
          outputTokens: cumulative.outputTokens + (usage.outputTokens ?? 0),
          totalTokens: cumulative.totalTokens + (usage.totalTokens ?? 0),
        }
        return [{ type: 'CUSTOM', name: 'token_usage', value: { delta: usage, cumulative, modelCall: { replyId } } }]
      }
      case 'CUSTOM': {
        return [{ type: 'CUSTOM', name: event.name, value: event.value ?? {} }]
      }
      // AgentScope 2.0.2 opens no interrupt for a confirmation: REQUIRE_USER_CONFIRM goes out as RAW (default below)
      // and nothing in AG-UI can answer it (test/interop, AGUI_CAPABILITIES.confirm).
      case 'REQUIRE_EXTERNAL_EXECUTION': {
        for (const call of (event.toolCalls ?? []) as ToolUseBlock[]) {
          interrupts.push({ id: `${replyId}:${call.id}`, reason: 'tool_call', metadata: { toolName: call.name, toolInput: call.input, replyId } })
        }
        return []
      }
      case 'AGENT_END':
      case 'REPLY_END': {
        const outcome = interrupts.length > 0 ? { type: 'interrupt', interrupts: [...interrupts] } : undefined
        return [...closeDangling(), { type: 'RUN_FINISHED', threadId, runId, ...(outcome === undefined ? {} : { outcome }) }]
      }
      case 'AGENT_RESULT':
      case 'USER_CONFIRM_RESULT':
      case 'EXTERNAL_EXECUTION_RESULT':
      case 'MODEL_CALL_START':
      case 'MODEL_CALL_STARTED':
      case 'TEXT_BLOCK_START':
      case 'THINKING_BLOCK_START': {
        return []
      }
      default: {
        return [{ type: 'RAW', event: typedOnceAtEnd(event) }]
      }
    }
  }

  return { convert }
}

const SUBAGENT_NAMES: Readonly<Record<string, string>> = {
  AGENT_START: 'subagent.lifecycle',
  AGENT_END: 'subagent.lifecycle',
  TEXT_BLOCK_DELTA: 'subagent.text',
  THINKING_BLOCK_DELTA: 'subagent.thinking',
  TOOL_CALL_START: 'subagent.tool_call',
  TOOL_CALL_END: 'subagent.tool_call',
  TOOL_RESULT_END: 'subagent.tool_result',
  REQUIRE_USER_CONFIRM: 'subagent.require_confirm',
}

function subagentEvent(event: Record<string, unknown>): AguiEvent {
  const name = SUBAGENT_NAMES[String(event.type)]
  if (name === undefined) return { type: 'RAW', event: typedOnceAtEnd(event), source: event.source }
  const { id: _id, createdAt: _createdAt, ...value } = event
  return { type: 'CUSTOM', name, value }
}

// The RAW payload is typed as Object upstream, so Jackson writes `type` once, as the last key.
function typedOnceAtEnd(event: Record<string, unknown>): Record<string, unknown> {
  const { type, ...rest } = event
  return { ...rest, type }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
