import { describeValue, truncate } from './describe-value'
import { AgentStreamError } from './errors'
import { LEGACY_EVENT_TYPE_ALIASES } from './events'
import { isJsonObject } from './is-json-object'
import type { AgentEvent, AgentEventType } from './events'

/** The outcome of {@link parseAgentEvent}: the event, or an error naming the type and field at fault. */
export type ParseAgentEventResult = { readonly ok: true; readonly event: AgentEvent } | { readonly ok: false; readonly error: AgentStreamError }

type JsonObject = Record<string, unknown>

// One checker per kind of field: it returns the value to keep (the same value when it is fine, a normalized one, or
// undefined to drop it from an event) or throws a FieldError naming the field's path. Specs are built from these.
type Check = (value: unknown, path: string) => unknown

const typed =
  (type: 'string' | 'number' | 'boolean'): Check =>
  (value, path) =>
    typeof value === type ? value : fail(path, `a ${type}`, value)
const string = typed('string')
const number = typed('number')
const boolean = typed('boolean')
const object =
  (expected: string): Check =>
  (value, path) =>
    isJsonObject(value) ? value : fail(path, expected, value)
const array: Check = (value, path) => (Array.isArray(value) ? value : fail(path, 'an array', value))

/** A field that may be absent or null; it then becomes what `fallback` makes (undefined: dropped). */
const optional =
  (check: Check, fallback?: () => unknown): Check =>
  (value, path) =>
    value == null ? fallback?.() : check(value, path)
const optionalString = optional(string)
const emptyObject = () => ({})

/** An array whose items are checked; copied only when an item changes. */
const arrayOf =
  (check: Check): Check =>
  (value, path) => {
    let copy: unknown[] | undefined
    ;(array(value, path) as unknown[]).forEach((item, index) => {
      const checked = check(item, `${path}[${index}]`)
      if (checked !== item) (copy ??= (value as unknown[]).slice())[index] = checked
    })
    return copy ?? value
  }

type Fields = Readonly<Record<string, Check>>

/** An object whose fields are checked; unknown fields are kept, and it is copied only when a field changes. */
const record =
  (expected: string, fields: Fields): Check =>
  (value, path) =>
    checkFields(fields, object(expected)(value, path) as JsonObject, path)

function checkFields(fields: Fields, value: JsonObject, path: string): JsonObject {
  let copy: JsonObject | undefined
  for (const field in fields) {
    const current = value[field]
    const checked = (fields[field] as Check)(current, path === '' ? field : `${path}.${field}`)
    if (checked === current) continue
    copy ??= { ...value }
    if (checked === undefined) delete copy[field]
    else copy[field] = checked
  }
  return copy ?? value
}

/** A lowercase enum value: another case is lowercased, anything else is an error. */
const oneOf =
  (allowed: readonly string[], fallback: string): Check =>
  (value, path) => {
    if (value == null) return fallback
    const lower = (string(value, path) as string).toLowerCase()
    if (allowed.includes(lower)) return lower
    throw new FieldError(path, `"${path}" must be one of ${allowed.join(', ')}, got "${truncate(value as string)}"`)
  }

const TOOL_RESULT_STATES = ['success', 'error', 'interrupted', 'denied', 'running']
const TOOL_CALL_STATES = ['pending', 'asking', 'allowed', 'submitted', 'finished']

// AgentScope 2.0.2's ImageBlock/VideoBlock name their creator parameters `min_pixels`, `max_frames`…: Spring's
// Jackson mapper (ParameterNamesModule) writes those names, a plain mapper writes `minPixels`. Both are read.
const SNAKE_MEDIA_FIELDS = ['min_pixels', 'max_pixels', 'max_frames', 'total_pixels']

const block: Check = (value, path) => {
  const checked = record('a content block object', { type: string })(value, path) as JsonObject
  if (checked.type !== 'image' && checked.type !== 'video') return checked
  let copy: JsonObject | undefined
  for (const snake of SNAKE_MEDIA_FIELDS) {
    if (!(snake in checked)) continue
    copy ??= { ...checked }
    const camel = snake.replace(/_(.)/, (_match, letter: string) => letter.toUpperCase())
    copy[camel] ??= checked[snake]
    delete copy[snake]
  }
  return copy ?? checked
}

const orNull = (check: Check) => optional(check, () => null)

// The Java classes' defaults are filled in: a tool call's input and metadata, a result's output and state.
const toolUse = record('a tool_use block', {
  type: () => 'tool_use',
  id: string,
  name: orNull(string),
  input: optional(object('an object'), emptyObject),
  content: orNull(string),
  metadata: optional(object('an object'), emptyObject),
  state: oneOf(TOOL_CALL_STATES, 'pending'),
})
const toolResult = record('a tool_result block', {
  type: () => 'tool_result',
  id: string,
  name: orNull(string),
  output: optional(arrayOf(block), () => []),
  metadata: optional(object('an object'), emptyObject),
  // Inside EXTERNAL_EXECUTION_RESULT a missing state is the ToolResultBlock default, running (protocol §7.1).
  state: oneOf(TOOL_RESULT_STATES, 'running'),
})
const confirmResult = record('a ConfirmResult object', {
  confirmed: optional(boolean, () => false),
  toolCall: toolUse,
  rules: orNull(array),
})
// The message is checked, not normalized: it is kept as the server sent it.
const msg: Check = (value, path) => {
  record('a Msg object', { content: optional(arrayOf(block)), metadata: optional(object('an object')) })(value, path)
  return value
}

const USAGE_FIELDS = ['inputTokens', 'outputTokens', 'cachedTokens', 'time', 'totalTokens']

// A partial ChatUsage is completed: missing counts are 0, and the total is input + output.
const usageRecord = record('a ChatUsage object', Object.fromEntries(USAGE_FIELDS.map((field) => [field, optional(number)])))
const usage: Check = (value, path) => {
  const checked = usageRecord(value, path)
  if (USAGE_FIELDS.every((field) => (value as JsonObject)[field] != null)) return value
  const [inputTokens = 0, outputTokens = 0, cachedTokens = 0, time = 0, totalTokens = inputTokens + outputTokens] = USAGE_FIELDS.map(
    (field) => (checked as Record<string, number | undefined>)[field],
  )
  return { inputTokens, outputTokens, cachedTokens, time, totalTokens }
}

const BASE_FIELDS: Fields = { id: optionalString, createdAt: optionalString, source: optionalString, metadata: optional(object('an object')) }
const REPLY: Fields = { ...BASE_FIELDS, replyId: optionalString }
const BLOCK: Fields = { ...REPLY, blockId: string }
const BLOCK_DELTA: Fields = { ...BLOCK, delta: optionalString }
const TOOL: Fields = { ...REPLY, toolCallId: string, toolCallName: optionalString }
const TOOL_DELTA: Fields = { ...TOOL, delta: optionalString }
const TOOL_CALLS: Fields = { ...REPLY, toolCalls: arrayOf(toolUse) }

const FIELDS: Readonly<Record<AgentEventType, Fields>> = {
  AGENT_START: { ...REPLY, sessionId: optionalString, name: optionalString, role: optionalString },
  AGENT_END: REPLY,
  AGENT_RESULT: { ...BASE_FIELDS, result: optional(msg) },
  EXCEED_MAX_ITERS: { ...REPLY, maxIters: optional(number), currentIter: optional(number) },
  REQUEST_STOP: {
    ...BASE_FIELDS,
    reason: optionalString,
    generateReason: optional(
      (value, path) => (string(value, path) as string).toUpperCase(),
      () => 'MIDDLEWARE_STOP_REQUESTED',
    ),
  },
  MODEL_CALL_START: REPLY,
  MODEL_CALL_END: { ...REPLY, usage: optional(usage) },
  TEXT_BLOCK_START: BLOCK,
  TEXT_BLOCK_DELTA: BLOCK_DELTA,
  TEXT_BLOCK_END: BLOCK,
  THINKING_BLOCK_START: BLOCK,
  THINKING_BLOCK_DELTA: BLOCK_DELTA,
  THINKING_BLOCK_END: BLOCK,
  DATA_BLOCK_START: { ...BLOCK, mediaType: optionalString },
  DATA_BLOCK_DELTA: BLOCK_DELTA,
  DATA_BLOCK_END: BLOCK,
  HINT_BLOCK: { ...BLOCK, hint: string, hintSource: optionalString },
  TOOL_CALL_START: TOOL,
  TOOL_CALL_DELTA: TOOL_DELTA,
  TOOL_CALL_END: TOOL,
  TOOL_RESULT_START: TOOL,
  TOOL_RESULT_TEXT_DELTA: TOOL_DELTA,
  TOOL_RESULT_DATA_DELTA: { ...TOOL, data: block },
  TOOL_RESULT_END: {
    ...TOOL,
    // A missing or unknown TOOL_RESULT_END state means success (protocol §7.1, RemoteEventCodec).
    state: optional(
      (value, path) => {
        const lower = (string(value, path) as string).toLowerCase()
        return TOOL_RESULT_STATES.includes(lower) ? lower : 'success'
      },
      () => 'success',
    ),
  },
  REQUIRE_USER_CONFIRM: TOOL_CALLS,
  USER_CONFIRM_RESULT: { ...REPLY, confirmResults: arrayOf(confirmResult) },
  REQUIRE_EXTERNAL_EXECUTION: TOOL_CALLS,
  EXTERNAL_EXECUTION_RESULT: { ...REPLY, toolResults: arrayOf(toolResult) },
  ALL_TOOLS_DENIED: { ...BASE_FIELDS, deniedToolCalls: optional(arrayOf(toolUse), () => []) },
  SUBAGENT_EXPOSED: { ...BASE_FIELDS, subagentId: string, agentId: optionalString, sessionId: optionalString, label: optionalString },
  CUSTOM: { ...BASE_FIELDS, name: string, value: (value) => value ?? {} },
}

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
    if (!isJsonObject(value)) {
      return invalid(undefined, undefined, `an event must be a JSON object, got ${describeValue(value)}`)
    }
    type = value.type
    if (typeof type !== 'string') {
      return invalid(undefined, 'type', `an event needs a string "type", got ${describeValue(type)}`)
    }
    if (isPlainDelta(value, type)) return { ok: true, event: value as unknown as AgentEvent }
    // FIELDS has a key per canonical type (its type says so): the kit's list of them need not be bundled too. Own
    // keys only, so that `toString` or `__proto__` is no type.
    const canonical = Object.hasOwn(FIELDS, type)
      ? (type as AgentEventType)
      : Object.hasOwn(LEGACY_EVENT_TYPE_ALIASES, type)
        ? LEGACY_EVENT_TYPE_ALIASES[type]
        : undefined
    if (canonical === undefined) {
      return invalid(type, 'type', `unknown event type "${truncate(type)}" (names are case-sensitive)`)
    }
    const checked = checkFields(FIELDS[canonical], value, '')
    const event = (canonical === type ? checked : { ...checked, type: canonical }) as unknown as AgentEvent
    return { ok: true, event }
  } catch (error) {
    const eventType = typeof type === 'string' ? type : undefined
    if (error instanceof FieldError) return invalid(eventType, error.field, error.message)
    return invalid(eventType, undefined, `the event could not be read: ${String(error)}`)
  }
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string'

// Deltas are nearly every event of a stream: one that is already exactly valid (no nulls to drop, nothing
// to normalize) skips the field-by-field walk below, which would return it unchanged anyway.
function isPlainDelta(value: JsonObject, type: string): boolean {
  if (type === 'TEXT_BLOCK_DELTA' || type === 'THINKING_BLOCK_DELTA' || type === 'DATA_BLOCK_DELTA') {
    if (typeof value.blockId !== 'string') return false
  } else if (type === 'TOOL_CALL_DELTA' || type === 'TOOL_RESULT_TEXT_DELTA') {
    if (typeof value.toolCallId !== 'string' || !isOptionalString(value.toolCallName)) return false
  } else {
    return false
  }
  const metadata = value.metadata
  return (
    isOptionalString(value.delta) &&
    isOptionalString(value.replyId) &&
    isOptionalString(value.id) &&
    isOptionalString(value.createdAt) &&
    isOptionalString(value.source) &&
    (metadata === undefined || isJsonObject(metadata))
  )
}

function invalid(eventType: string | undefined, field: string | undefined, reason: string): ParseAgentEventResult {
  const prefix = eventType === undefined ? 'Invalid event' : `Invalid ${truncate(eventType)} event`
  const message = `${prefix}: ${reason}`
  return { ok: false, error: new AgentStreamError('invalid-event', message, { eventType, field }) }
}

function fail(path: string, expected: string, value: unknown): never {
  throw new FieldError(path, `"${path}" must be ${expected}, got ${describeValue(value)}`)
}
