/**
 * The body of `POST …/runs`, read the way the Java bridge deserializes it (protocol §9.1), and checked
 * against the session's pending request the way `validateAndAcceptConfirmResults` and
 * `validateAndAddToolResults` check a resume (§6.4, §6.5).
 */
import type { ConfirmResult, ContentBlock, Msg, PermissionRule, ToolResultBlock, ToolUseBlock } from '../core'
import type { AgentSession } from './agent-session'
import { messageTimestamp, type WireIds } from './wire-format'

/** What a run was asked to do. */
export type RunInput =
  | { readonly kind: 'message'; readonly messages: readonly Msg[] }
  | { readonly kind: 'confirm'; readonly results: readonly ConfirmResult[] }
  | { readonly kind: 'external'; readonly results: readonly ToolResultBlock[] }

/** A request the server refuses; `status` 400 for a body Jackson could not read, 500 for an `IllegalStateException`. */
export class RunRequestError extends Error {
  constructor(
    readonly status: 400 | 500,
    message: string,
  ) {
    super(message)
    this.name = 'RunRequestError'
  }
}

const ROLES = ['USER', 'ASSISTANT', 'SYSTEM', 'TOOL']
const TOOL_CALL_STATES = ['pending', 'asking', 'allowed', 'submitted', 'finished']
const TOOL_RESULT_STATES = ['success', 'error', 'interrupted', 'denied', 'running']
const BEHAVIORS = ['allow', 'deny', 'ask', 'passthrough']
const USER_BLOCK_TYPES = ['text', 'data', 'image', 'audio', 'video']

/** Reads a run body: exactly one of `msgs`, `confirmResults` or `toolResults`. */
export function readRunBody(body: unknown, ids: WireIds): RunInput {
  if (!isObject(body)) throw badRequest('The body must be a JSON object with "msgs", "confirmResults" or "toolResults"')
  const keys = ['msgs', 'confirmResults', 'toolResults'].filter((key) => body[key] !== undefined)
  if (keys.length !== 1) {
    throw badRequest(`The body must have exactly one of "msgs", "confirmResults" or "toolResults", got ${keys.length}`)
  }
  if (body.confirmResults !== undefined) {
    return { kind: 'confirm', results: arrayOf(body.confirmResults, 'confirmResults').map(readConfirmResult) }
  }
  if (body.toolResults !== undefined) {
    return { kind: 'external', results: arrayOf(body.toolResults, 'toolResults').map(readToolResult) }
  }
  const messages = arrayOf(body.msgs, 'msgs').map((value, index) => readMessage(value, `msgs[${index}]`, ids))
  // A Msg-shaped resume works too, as with `streamEvents(msgs)`: ConfirmResults in metadata, or a TOOL message.
  const confirmResults = messages.flatMap((message) => {
    const results = message.metadata.agentscope_confirm_results
    return Array.isArray(results) ? results.map(readConfirmResult) : []
  })
  if (confirmResults.length > 0) return { kind: 'confirm', results: confirmResults }
  const toolResults = messages
    .filter((message) => message.role === 'TOOL')
    .flatMap((message) => message.content.filter((block) => block.type === 'tool_result').map(readToolResult))
  if (toolResults.length > 0) return { kind: 'external', results: toolResults }
  return { kind: 'message', messages }
}

/** Throws a 500 `RunRequestError` when the input does not fit what the session waits for. */
export function validateRunInput(session: AgentSession, input: RunInput): void {
  const pending = session.pending
  switch (input.kind) {
    case 'message': {
      if (pending?.kind === 'confirm') {
        const asking = pending.calls.filter((entry) => entry.decision === 'asking').map((entry) => entry.call.id)
        const ids = asking.join(', ')
        throw illegalState(`Tool calls [${ids}] are awaiting user confirmation; resume with ConfirmResults first`)
      }
      if (pending?.kind === 'external') {
        const ids = pending.calls.map((call) => call.id).join(', ')
        throw illegalState(`Tool calls [${ids}] are awaiting external execution; resume with their ToolResultBlocks first`)
      }
      if (input.messages.length === 0) throw illegalState('No input messages')
      return
    }
    case 'confirm': {
      if (pending?.kind !== 'confirm') throw illegalState('No tool calls are awaiting user confirmation')
      if (input.results.length === 0) {
        throw illegalState('No ConfirmResult in the input, but tool calls are awaiting user confirmation')
      }
      const seen = new Set<string>()
      for (const result of input.results) {
        const id = result.toolCall?.id
        if (typeof id !== 'string') throw illegalState('ConfirmResult.toolCall is required')
        if (seen.has(id)) throw illegalState(`Duplicate ConfirmResult for tool call ${id}`)
        seen.add(id)
        const entry = pending.calls.find((candidate) => candidate.call.id === id)
        if (entry === undefined) throw illegalState(`ConfirmResult for unknown tool call ${id}`)
        if (entry.decision !== 'asking') throw illegalState(`Tool call ${id} is not in ASKING state`)
      }
      return
    }
    case 'external': {
      if (pending?.kind !== 'external') throw illegalState('No tool calls are awaiting external execution')
      const seen = new Set<string>()
      for (const result of input.results) {
        if (seen.has(result.id)) throw illegalState(`Duplicate tool result for tool call ${result.id}`)
        seen.add(result.id)
        if (!pending.calls.some((call) => call.id === result.id)) {
          throw illegalState(`Tool result for unknown tool call ${result.id}: it is not awaiting external execution`)
        }
      }
      const missing = pending.calls.filter((call) => !seen.has(call.id)).map((call) => call.id)
      if (missing.length > 0) {
        throw illegalState(`Missing external execution results for tool calls [${missing.join(', ')}]`)
      }
      return
    }
    default: {
      input satisfies never
    }
  }
}

function readMessage(value: unknown, path: string, ids: WireIds): Msg {
  if (!isObject(value)) throw badRequest(`${path} must be a Msg object`)
  if (typeof value.role !== 'string' || !ROLES.includes(value.role)) {
    throw badRequest(`${path}.role must be one of ${ROLES.join(', ')} (uppercase), got ${JSON.stringify(value.role)}`)
  }
  const content = arrayOf(value.content ?? [], `${path}.content`).map((block, index) => readBlock(block, `${path}.content[${index}]`))
  if (value.role === 'USER' && content.some((block) => !USER_BLOCK_TYPES.includes(block.type))) {
    throw badRequest(`${path}: a USER message may hold only text, data, image, audio and video blocks`)
  }
  return {
    id: typeof value.id === 'string' ? value.id : ids.uuid(),
    name: typeof value.name === 'string' ? value.name : null,
    role: value.role as Msg['role'],
    content,
    metadata: isObject(value.metadata) ? value.metadata : {},
    timestamp: typeof value.timestamp === 'string' ? value.timestamp : messageTimestamp(),
    usage: null,
  }
}

function readBlock(value: unknown, path: string): ContentBlock {
  if (!isObject(value) || typeof value.type !== 'string') {
    throw badRequest(`${path} must be a content block with a "type"`)
  }
  if (value.type === 'text') return { type: 'text', text: typeof value.text === 'string' ? value.text : '' }
  return value as ContentBlock
}

function readToolUse(value: unknown): ToolUseBlock {
  if (!isObject(value)) throw badRequest('A tool call must be a tool_use object')
  const state = value.state ?? 'pending'
  if (typeof state !== 'string' || !TOOL_CALL_STATES.includes(state)) {
    const allowed = TOOL_CALL_STATES.join(', ')
    throw badRequest(`tool_use.state must be one of ${allowed} (lowercase), got ${JSON.stringify(state)}`)
  }
  return {
    type: 'tool_use',
    id: typeof value.id === 'string' ? value.id : (null as unknown as string),
    name: typeof value.name === 'string' ? value.name : null,
    input: isObject(value.input) ? value.input : {},
    content: typeof value.content === 'string' ? value.content : null,
    metadata: isObject(value.metadata) ? value.metadata : {},
    state: state as ToolUseBlock['state'],
  }
}

function readConfirmResult(value: unknown): ConfirmResult {
  if (!isObject(value)) throw badRequest('A ConfirmResult must be an object')
  return {
    confirmed: value.confirmed === true,
    // a missing toolCall is left null here and fails validation as upstream's IllegalStateException does
    toolCall: isObject(value.toolCall) ? readToolUse(value.toolCall) : (null as unknown as ToolUseBlock),
    rules: Array.isArray(value.rules) ? value.rules.map(readRule) : null,
  }
}

function readRule(value: unknown): PermissionRule {
  if (!isObject(value)) throw badRequest('A PermissionRule must be an object')
  const behavior = typeof value.behavior === 'string' ? value.behavior.toLowerCase() : undefined
  if (typeof value.tool_name !== 'string' || typeof value.source !== 'string' || behavior === undefined) {
    throw badRequest('A PermissionRule needs "tool_name", "behavior" and "source"')
  }
  if (!BEHAVIORS.includes(behavior)) throw badRequest(`PermissionRule.behavior must be one of ${BEHAVIORS.join(', ')}`)
  return {
    tool_name: value.tool_name,
    rule_content: typeof value.rule_content === 'string' ? value.rule_content : null,
    behavior: behavior as PermissionRule['behavior'],
    source: value.source,
  }
}

function readToolResult(value: unknown): ToolResultBlock {
  if (!isObject(value) || typeof value.id !== 'string') {
    throw badRequest('A tool result must be a tool_result object with an "id"')
  }
  // ToolResultBlock's default state is `running`; input is case-sensitive (protocol §5.3)
  const state = value.state ?? 'running'
  if (typeof state !== 'string' || !TOOL_RESULT_STATES.includes(state)) {
    const allowed = TOOL_RESULT_STATES.join(', ')
    throw badRequest(`tool_result.state must be one of ${allowed} (lowercase), got ${JSON.stringify(state)}`)
  }
  return {
    type: 'tool_result',
    id: value.id,
    name: typeof value.name === 'string' ? value.name : null,
    output: arrayOf(value.output ?? [], 'tool_result.output').map((block, index) => readBlock(block, `output[${index}]`)),
    metadata: isObject(value.metadata) ? value.metadata : {},
    state: state as ToolResultBlock['state'],
  }
}

function arrayOf(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw badRequest(`"${path}" must be an array`)
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function badRequest(message: string): RunRequestError {
  return new RunRequestError(400, message)
}

function illegalState(message: string): RunRequestError {
  return new RunRequestError(500, message)
}
