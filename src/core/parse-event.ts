import { AgentStreamError } from './errors'
import { AGENT_EVENT_TYPES, LEGACY_EVENT_TYPE_ALIASES } from './events'
import type { AgentEvent, AgentEventType } from './events'

/** The outcome of {@link parseAgentEvent}: the event, or an error naming the type and field at fault. */
export type ParseAgentEventResult = { readonly ok: true; readonly event: AgentEvent } | { readonly ok: false; readonly error: AgentStreamError }

type JsonObject = Record<string, unknown>

// The kinds of field the validator knows. `?` means optional: absent or null.
type FieldKind =
  | 'string'
  | 'string?'
  | 'number?'
  | 'object?'
  | 'block'
  | 'msg?'
  | 'usage?'
  | 'toolUses'
  | 'toolUses?'
  | 'confirmResults'
  | 'toolResults'
  | 'state'
  | 'generateReason'
  | 'value?'

type FieldSpec = readonly (readonly [field: string, kind: FieldKind])[]

const BLOCK: FieldSpec = [
  ['replyId', 'string?'],
  ['blockId', 'string'],
]
const BLOCK_DELTA: FieldSpec = [...BLOCK, ['delta', 'string?']]
const TOOL: FieldSpec = [
  ['replyId', 'string?'],
  ['toolCallId', 'string'],
  ['toolCallName', 'string?'],
]
const TOOL_DELTA: FieldSpec = [...TOOL, ['delta', 'string?']]
const REPLY: FieldSpec = [['replyId', 'string?']]

const FIELDS: Readonly<Record<AgentEventType, FieldSpec>> = {
  AGENT_START: [
    ['replyId', 'string?'],
    ['sessionId', 'string?'],
    ['name', 'string?'],
    ['role', 'string?'],
  ],
  AGENT_END: REPLY,
  AGENT_RESULT: [['result', 'msg?']],
  EXCEED_MAX_ITERS: [
    ['replyId', 'string?'],
    ['maxIters', 'number?'],
    ['currentIter', 'number?'],
  ],
  REQUEST_STOP: [
    ['reason', 'string?'],
    ['generateReason', 'generateReason'],
  ],
  MODEL_CALL_START: REPLY,
  MODEL_CALL_END: [
    ['replyId', 'string?'],
    ['usage', 'usage?'],
  ],
  TEXT_BLOCK_START: BLOCK,
  TEXT_BLOCK_DELTA: BLOCK_DELTA,
  TEXT_BLOCK_END: BLOCK,
  THINKING_BLOCK_START: BLOCK,
  THINKING_BLOCK_DELTA: BLOCK_DELTA,
  THINKING_BLOCK_END: BLOCK,
  DATA_BLOCK_START: [...BLOCK, ['mediaType', 'string?']],
  DATA_BLOCK_DELTA: BLOCK_DELTA,
  DATA_BLOCK_END: BLOCK,
  HINT_BLOCK: [...BLOCK, ['hint', 'string'], ['hintSource', 'string?']],
  TOOL_CALL_START: TOOL,
  TOOL_CALL_DELTA: TOOL_DELTA,
  TOOL_CALL_END: TOOL,
  TOOL_RESULT_START: TOOL,
  TOOL_RESULT_TEXT_DELTA: TOOL_DELTA,
  TOOL_RESULT_DATA_DELTA: [...TOOL, ['data', 'block']],
  TOOL_RESULT_END: [...TOOL, ['state', 'state']],
  REQUIRE_USER_CONFIRM: [
    ['replyId', 'string?'],
    ['toolCalls', 'toolUses'],
  ],
  USER_CONFIRM_RESULT: [
    ['replyId', 'string?'],
    ['confirmResults', 'confirmResults'],
  ],
  REQUIRE_EXTERNAL_EXECUTION: [
    ['replyId', 'string?'],
    ['toolCalls', 'toolUses'],
  ],
  EXTERNAL_EXECUTION_RESULT: [
    ['replyId', 'string?'],
    ['toolResults', 'toolResults'],
  ],
  ALL_TOOLS_DENIED: [['deniedToolCalls', 'toolUses?']],
  SUBAGENT_EXPOSED: [
    ['subagentId', 'string'],
    ['agentId', 'string?'],
    ['sessionId', 'string?'],
    ['label', 'string?'],
  ],
  CUSTOM: [
    ['name', 'string'],
    ['value', 'value?'],
  ],
}

const BASE_FIELDS: FieldSpec = [
  ['id', 'string?'],
  ['createdAt', 'string?'],
  ['source', 'string?'],
  ['metadata', 'object?'],
]

const KNOWN_TYPES: ReadonlySet<string> = new Set(AGENT_EVENT_TYPES)
const TOOL_RESULT_STATES: ReadonlySet<string> = new Set(['success', 'error', 'interrupted', 'denied', 'running'])
const TOOL_CALL_STATES: ReadonlySet<string> = new Set(['pending', 'asking', 'allowed', 'submitted', 'finished'])

// Thrown inside the validator only, and always caught by parseAgentEvent.
class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Validates one wire value as an AgentEvent: maps legacy type aliases, normalizes enum case and
 * fills the defaults the Java classes apply. Never throws; a bad value gives an error that names
 * the event type and the field at fault. A value that needs no change is returned as is, not copied.
 */
export function parseAgentEvent(value: unknown): ParseAgentEventResult {
  let type: unknown
  try {
    if (!isObject(value)) {
      return invalid(undefined, undefined, `an event must be a JSON object, got ${describe(value)}`)
    }
    type = value.type
    if (typeof type !== 'string') {
      return invalid(undefined, 'type', `an event needs a string "type", got ${describe(type)}`)
    }
    if (isPlainDelta(value, type)) return { ok: true, event: value as unknown as AgentEvent }
    const canonical = KNOWN_TYPES.has(type) ? (type as AgentEventType) : LEGACY_EVENT_TYPE_ALIASES[type]
    if (canonical === undefined) {
      return invalid(type, 'type', `unknown event type "${truncate(type)}" (names are case-sensitive)`)
    }
    let patch: JsonObject | undefined = canonical === type ? undefined : { type: canonical }
    patch = checkFields(BASE_FIELDS, value, patch)
    patch = checkFields(FIELDS[canonical], value, patch)
    const event = (patch === undefined ? value : stripUndefined({ ...value, ...patch })) as unknown as AgentEvent
    return { ok: true, event }
  } catch (error) {
    const eventType = typeof type === 'string' ? type : undefined
    if (error instanceof FieldError) return invalid(eventType, error.field, error.message)
    return invalid(eventType, undefined, `the event could not be read: ${String(error)}`)
  }
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string'

// Deltas are nearly every event of a stream: one that is already exactly valid (no nulls to drop, nothing
// to normalize) skips the field-by-field walk below, which would return it unchanged anyway.
function isPlainDelta(value: JsonObject, type: string): boolean {
  if (type === 'TEXT_BLOCK_DELTA' || type === 'THINKING_BLOCK_DELTA' || type === 'DATA_BLOCK_DELTA') {
    if (typeof value.blockId !== 'string') return false
  } else if (type === 'TOOL_CALL_DELTA' || type === 'TOOL_RESULT_TEXT_DELTA') {
    if (typeof value.toolCallId !== 'string' || !optionalString(value.toolCallName)) return false
  } else {
    return false
  }
  const metadata = value.metadata
  return (
    optionalString(value.delta) &&
    optionalString(value.replyId) &&
    optionalString(value.id) &&
    optionalString(value.createdAt) &&
    optionalString(value.source) &&
    (metadata === undefined || (typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)))
  )
}

function invalid(eventType: string | undefined, field: string | undefined, reason: string): ParseAgentEventResult {
  const prefix = eventType === undefined ? 'Invalid event' : `Invalid ${truncate(eventType)} event`
  const message = `${prefix}: ${reason}`
  return { ok: false, error: new AgentStreamError('invalid-event', message, { eventType, field }) }
}

// Returns the fields to overwrite, or undefined while the value needs no change.
function checkFields(spec: FieldSpec, value: JsonObject, patch: JsonObject | undefined): JsonObject | undefined {
  for (const [field, kind] of spec) {
    const current = value[field]
    const normalized = checkField(kind, current, field)
    if (normalized !== current) (patch ??= {})[field] = normalized
  }
  return patch
}

// Returns the value to keep: the same value when it is fine, a normalized one, or undefined to drop a null.
function checkField(kind: FieldKind, value: unknown, path: string): unknown {
  switch (kind) {
    case 'string': {
      if (typeof value !== 'string') throw fieldError(path, 'a string', value)
      return value
    }
    case 'string?': {
      if (value == null) return undefined
      if (typeof value !== 'string') throw fieldError(path, 'a string', value)
      return value
    }
    case 'number?': {
      if (value == null) return undefined
      if (typeof value !== 'number') throw fieldError(path, 'a number', value)
      return value
    }
    case 'object?': {
      if (value == null) return undefined
      if (!isObject(value)) throw fieldError(path, 'an object', value)
      return value
    }
    case 'value?': {
      return value === undefined || value === null ? {} : value
    }
    case 'block': {
      return checkBlock(value, path)
    }
    case 'msg?': {
      if (value == null) return undefined
      return checkMsg(value, path)
    }
    case 'usage?': {
      if (value == null) return undefined
      return checkUsage(value, path)
    }
    case 'toolUses': {
      return checkArray(value, path, checkToolUse)
    }
    case 'toolUses?': {
      return value == null ? [] : checkArray(value, path, checkToolUse)
    }
    case 'confirmResults': {
      return checkArray(value, path, checkConfirmResult)
    }
    case 'toolResults': {
      return checkArray(value, path, checkToolResult)
    }
    case 'state': {
      // A missing or unknown TOOL_RESULT_END state means success (protocol §7.1, RemoteEventCodec).
      if (value == null) return 'success'
      if (typeof value !== 'string') throw fieldError(path, 'a string', value)
      const lower = value.toLowerCase()
      return TOOL_RESULT_STATES.has(lower) ? lower : 'success'
    }
    case 'generateReason': {
      if (value == null) return 'MIDDLEWARE_STOP_REQUESTED'
      if (typeof value !== 'string') throw fieldError(path, 'a string', value)
      return value.toUpperCase()
    }
    default: {
      kind satisfies never
      return value
    }
  }
}

function checkArray(value: unknown, path: string, check: (item: unknown, path: string) => unknown): unknown {
  if (!Array.isArray(value)) throw fieldError(path, 'an array', value)
  let copy: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index]
    const checked = check(item, `${path}[${index}]`)
    if (checked !== item) (copy ??= value.slice())[index] = checked
  }
  return copy ?? value
}

function checkBlock(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a content block object', value)
  if (typeof value.type !== 'string') throw fieldError(`${path}.type`, 'a string', value.type)
  return value.type === 'image' || value.type === 'video' ? withCamelCaseMediaFields(value) : value
}

// AgentScope 2.0.2's ImageBlock/VideoBlock name their creator parameters `min_pixels`, `max_frames`…: Spring's
// Jackson mapper (ParameterNamesModule) writes those names, a plain mapper writes `minPixels`. Both are read.
const SNAKE_MEDIA_FIELDS: readonly (readonly [string, string])[] = [
  ['min_pixels', 'minPixels'],
  ['max_pixels', 'maxPixels'],
  ['max_frames', 'maxFrames'],
  ['total_pixels', 'totalPixels'],
]

function withCamelCaseMediaFields(value: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const [snake, camel] of SNAKE_MEDIA_FIELDS) {
    if (!(snake in value)) continue
    copy ??= { ...value }
    if (copy[camel] === undefined || copy[camel] === null) copy[camel] = value[snake]
    delete copy[snake]
  }
  return copy ?? value
}

function checkToolUse(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a tool_use block', value)
  if (typeof value.id !== 'string') throw fieldError(`${path}.id`, 'a string', value.id)
  const name = optional(value.name, `${path}.name`, 'string')
  const content = optional(value.content, `${path}.content`, 'string')
  const input = value.input == null ? {} : value.input
  if (!isObject(input)) throw fieldError(`${path}.input`, 'an object', input)
  const metadata = value.metadata == null ? {} : value.metadata
  if (!isObject(metadata)) throw fieldError(`${path}.metadata`, 'an object', metadata)
  const state = enumValue(value.state, `${path}.state`, TOOL_CALL_STATES, 'pending')
  if (
    value.type === 'tool_use' &&
    name === value.name &&
    content === value.content &&
    input === value.input &&
    metadata === value.metadata &&
    state === value.state
  ) {
    return value
  }
  return { ...value, type: 'tool_use', id: value.id, name, input, content, metadata, state }
}

function checkToolResult(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a tool_result block', value)
  if (typeof value.id !== 'string') throw fieldError(`${path}.id`, 'a string', value.id)
  const name = optional(value.name, `${path}.name`, 'string')
  const output = value.output == null ? [] : checkArray(value.output, `${path}.output`, checkBlock)
  const metadata = value.metadata == null ? {} : value.metadata
  if (!isObject(metadata)) throw fieldError(`${path}.metadata`, 'an object', metadata)
  // Inside EXTERNAL_EXECUTION_RESULT a missing state is the ToolResultBlock default, running (protocol §7.1).
  const state = enumValue(value.state, `${path}.state`, TOOL_RESULT_STATES, 'running')
  if (value.type === 'tool_result' && name === value.name && output === value.output && metadata === value.metadata && state === value.state) {
    return value
  }
  return { ...value, type: 'tool_result', id: value.id, name, output, metadata, state }
}

function checkConfirmResult(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a ConfirmResult object', value)
  const confirmed = value.confirmed == null ? false : value.confirmed
  if (typeof confirmed !== 'boolean') throw fieldError(`${path}.confirmed`, 'a boolean', confirmed)
  const toolCall = checkToolUse(value.toolCall, `${path}.toolCall`)
  const rules = value.rules == null ? null : value.rules
  if (rules !== null && !Array.isArray(rules)) throw fieldError(`${path}.rules`, 'an array', rules)
  if (confirmed === value.confirmed && toolCall === value.toolCall && rules === value.rules) return value
  return { ...value, confirmed, toolCall, rules }
}

function checkMsg(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a Msg object', value)
  if (value.content != null) checkArray(value.content, `${path}.content`, checkBlock)
  if (value.metadata != null && !isObject(value.metadata)) {
    throw fieldError(`${path}.metadata`, 'an object', value.metadata)
  }
  return value
}

const USAGE_FIELDS = ['inputTokens', 'outputTokens', 'cachedTokens', 'time'] as const

function checkUsage(value: unknown, path: string): unknown {
  if (!isObject(value)) throw fieldError(path, 'a ChatUsage object', value)
  let complete = true
  for (const field of USAGE_FIELDS) {
    const number = value[field]
    if (number == null) complete = false
    else if (typeof number !== 'number') throw fieldError(`${path}.${field}`, 'a number', number)
  }
  if (value.totalTokens != null && typeof value.totalTokens !== 'number') {
    throw fieldError(`${path}.totalTokens`, 'a number', value.totalTokens)
  }
  if (complete && value.totalTokens != null) return value
  const inputTokens = (value.inputTokens as number | undefined) ?? 0
  const outputTokens = (value.outputTokens as number | undefined) ?? 0
  return {
    inputTokens,
    outputTokens,
    cachedTokens: (value.cachedTokens as number | undefined) ?? 0,
    time: (value.time as number | undefined) ?? 0,
    totalTokens: (value.totalTokens as number | undefined) ?? inputTokens + outputTokens,
  }
}

function optional(value: unknown, path: string, type: 'string'): string | null {
  if (value == null) return null
  if (typeof value !== type) throw fieldError(path, `a ${type}`, value)
  return value as string
}

function enumValue(value: unknown, path: string, allowed: ReadonlySet<string>, fallback: string): string {
  if (value == null) return fallback
  if (typeof value !== 'string') throw fieldError(path, 'a string', value)
  if (allowed.has(value)) return value
  const lower = value.toLowerCase()
  if (allowed.has(lower)) return lower
  throw new FieldError(path, `"${path}" must be one of ${[...allowed].join(', ')}, got "${truncate(value)}"`)
}

function fieldError(path: string, expected: string, value: unknown): FieldError {
  return new FieldError(path, `"${path}" must be ${expected}, got ${describe(value)}`)
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stripUndefined(value: JsonObject): JsonObject {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key]
  return value
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string "${truncate(value)}"`
  if (typeof value === 'object') return 'an object'
  if (value === undefined) return 'nothing'
  return `${typeof value} ${truncate(String(value))}`
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
