import { describeValue } from './describe-value'
import { AgentStreamError } from './errors'
import { isJsonObject } from './is-json-object'
import type { ContentBlock, Msg, MsgRole } from './message'

/** The outcome of {@link validateHistory}: every valid message, and one warning per message or block skipped. */
export interface ValidatedHistory {
  readonly messages: readonly Msg[]
  readonly warnings: readonly AgentStreamError[]
}

type JsonObject = Record<string, unknown>

const ROLES: ReadonlySet<unknown> = new Set<MsgRole>(['USER', 'ASSISTANT', 'SYSTEM', 'TOOL'])
const MEDIA_TYPES: ReadonlySet<string> = new Set(['data', 'image', 'audio', 'video'])

class FieldProblem {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {}
}

function expect(condition: boolean, field: string, expected: string, value: unknown): void {
  if (!condition) throw new FieldProblem(field, `expected ${expected}, got ${describeValue(value)}`)
}

function optionalString(value: JsonObject, key: string, path: string): void {
  const field = value[key]
  expect(field == null || typeof field === 'string', `${path}.${key}`, 'a string or null', field)
}

// The fields the kit reads of each known block; unknown block types are kept verbatim (protocol §5). A tool call
// stored without arguments gets `{}`, a result without output `[]`, as their events would: readers count on them.
function checkBlock(block: unknown, path: string): unknown {
  expect(isJsonObject(block), path, 'a content block object', block)
  const value = block as JsonObject
  expect(typeof value.type === 'string', `${path}.type`, 'a string', value.type)
  switch (value.type) {
    case 'text': {
      expect(typeof value.text === 'string', `${path}.text`, 'a string', value.text)
      return value
    }
    case 'thinking': {
      expect(typeof value.thinking === 'string', `${path}.thinking`, 'a string', value.thinking)
      return value
    }
    case 'hint': {
      expect(typeof value.hint === 'string', `${path}.hint`, 'a string', value.hint)
      return value
    }
    case 'tool_use': {
      expect(typeof value.id === 'string', `${path}.id`, 'a string', value.id)
      optionalString(value, 'name', path)
      optionalString(value, 'content', path)
      expect(value.input == null || isJsonObject(value.input), `${path}.input`, 'an object', value.input)
      return value.input == null ? { ...value, input: {} } : value
    }
    case 'tool_result': {
      expect(typeof value.id === 'string', `${path}.id`, 'a string', value.id)
      optionalString(value, 'name', path)
      expect(value.output == null || Array.isArray(value.output), `${path}.output`, 'an array', value.output)
      if (Array.isArray(value.output)) value.output.forEach((item, index) => checkBlock(item, `${path}.output[${index}]`))
      return value.output == null ? { ...value, output: [] } : value
    }
    default: {
      if (MEDIA_TYPES.has(value.type as string)) expect(isJsonObject(value.source), `${path}.source`, 'a source object', value.source)
      return value
    }
  }
}

function readMessage(value: unknown, path: string, warnings: AgentStreamError[]): Msg {
  expect(isJsonObject(value), path, 'a Msg object', value)
  const message = value as JsonObject
  expect(ROLES.has(message.role), `${path}.role`, 'USER, ASSISTANT, SYSTEM or TOOL', message.role)
  expect(Array.isArray(message.content), `${path}.content`, 'an array of content blocks', message.content)
  expect(message.metadata == null || isJsonObject(message.metadata), `${path}.metadata`, 'an object', message.metadata)
  expect(message.usage == null || isJsonObject(message.usage), `${path}.usage`, 'a ChatUsage object', message.usage)
  for (const key of ['id', 'name', 'timestamp']) optionalString(message, key, path)
  const usage = usageOf(message.usage, `${path}.usage`, warnings)
  const blocks = message.content as unknown[]
  const content: ContentBlock[] = []
  blocks.forEach((block, index) => {
    try {
      content.push(checkBlock(block, `${path}.content[${index}]`) as ContentBlock)
    } catch (problem) {
      if (!(problem instanceof FieldProblem)) throw problem
      warnings.push(historyError(problem, 'the block was skipped'))
    }
  })
  const complete =
    content.length === blocks.length &&
    content.every((block, index) => block === blocks[index]) &&
    message.metadata != null &&
    message.id !== undefined &&
    message.name !== undefined &&
    message.timestamp !== undefined &&
    usage === message.usage
  if (complete) return message as unknown as Msg
  return {
    ...message,
    id: (message.id as string | null | undefined) ?? null,
    name: (message.name as string | null | undefined) ?? null,
    role: message.role as MsgRole,
    content,
    metadata: (message.metadata as JsonObject | null | undefined) ?? {},
    timestamp: (message.timestamp as string | null | undefined) ?? null,
    usage,
  }
}

const USAGE_FIELDS = ['inputTokens', 'outputTokens', 'cachedTokens', 'time', 'totalTokens'] as const

// The usage as the views read it: a count that is missing becomes 0; one of another type is reported, and 0 too.
function usageOf(value: unknown, path: string, warnings: AgentStreamError[]): Msg['usage'] {
  if (!isJsonObject(value)) return null
  let usage = value
  for (const key of USAGE_FIELDS) {
    const count = value[key]
    if (Number.isFinite(count)) continue
    if (count != null)
      warnings.push(historyError(new FieldProblem(`${path}.${key}`, `expected a number, got ${describeValue(count)}`), 'it counts as 0'))
    usage = { ...usage, [key]: 0 }
  }
  return usage as unknown as Msg['usage']
}

function historyError(problem: FieldProblem, outcome: string): AgentStreamError {
  return new AgentStreamError('invalid-history', `Invalid history at ${problem.field}: ${problem.reason}; ${outcome}.`, {
    field: problem.field,
  })
}

/**
 * Validates stored messages (AgentScope's context) as strictly as `parseAgentEvent` validates events:
 * a message that is not an object, has no known role or no content array is skipped, as is a block the
 * kit cannot read; each skip is a warning naming the index and field (`messages[3].content[1].text`).
 * Absent optional fields get the Java defaults (`metadata` `{}`, `id` null …). Never throws.
 */
export function validateHistory(values: unknown): ValidatedHistory {
  if (!Array.isArray(values)) {
    const problem = new FieldProblem('messages', `expected an array of Msg objects, got ${describeValue(values)}`)
    return { messages: [], warnings: [historyError(problem, 'nothing was loaded')] }
  }
  const messages: Msg[] = []
  const warnings: AgentStreamError[] = []
  values.forEach((value, index) => {
    try {
      messages.push(readMessage(value, `messages[${index}]`, warnings))
    } catch (problem) {
      const found = problem instanceof FieldProblem ? problem : new FieldProblem(`messages[${index}]`, String(problem))
      warnings.push(historyError(found, 'the message was skipped'))
    }
  })
  return { messages, warnings }
}
