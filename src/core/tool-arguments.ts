import { createPartialJsonParser } from './partial-json'
import type { PartialJsonParser } from './partial-json'
import type { ArgumentsLink, ToolUseEntry } from './state'

/** The entry with one more raw argument fragment: O(1), the text is parsed only on demand. */
export function appendToolArguments(entry: ToolUseEntry, delta: string): ToolUseEntry {
  // A literal rather than a spread: this runs once per delta (see copy-records.ts).
  return {
    kind: 'tool_use',
    key: entry.key,
    status: entry.status,
    startedAt: entry.startedAt,
    endedAt: entry.endedAt,
    block: entry.block,
    arguments: entry.arguments + delta,
    argumentsTail: { previous: entry.argumentsTail, delta },
    argumentsLineage: entry.argumentsLineage,
    editedFrom: entry.editedFrom,
  }
}

/**
 * The entry with its arguments final (protocol §7.5): a JSON object becomes `input` with the raw
 * text as `content`; anything else gives `input: {}` and `content: "{}"`, as upstream's
 * ToolCallsAccumulator does.
 */
export function finalizeToolArguments(entry: ToolUseEntry, endedAt: string | null = entry.endedAt): ToolUseEntry {
  const parsed = parseObject(entry.arguments)
  const block = parsed === undefined ? { ...entry.block, input: {}, content: '{}' } : { ...entry.block, input: parsed, content: entry.arguments }
  return { ...entry, status: 'done', block, endedAt }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

interface LineageParser {
  readonly parser: PartialJsonParser
  readonly consumed: ArgumentsLink | null
}

const parsers = new WeakMap<object, LineageParser>()
const partialValues = new WeakMap<ToolUseEntry, unknown>()

/**
 * A best-effort value of the arguments while they stream; the final `input` once they are done.
 * Computed at most once per revision of the entry, and incrementally: only the fragments that
 * arrived since the previous call are parsed, so the cost over a whole stream is linear.
 */
export function partialToolInput(entry: ToolUseEntry): unknown {
  if (entry.status === 'done') return entry.block.input
  if (partialValues.has(entry)) return partialValues.get(entry)
  const value = parseIncrementally(entry)
  partialValues.set(entry, value)
  return value
}

function parseIncrementally(entry: ToolUseEntry): unknown {
  const cached = parsers.get(entry.argumentsLineage)
  const pending: string[] = []
  let link = entry.argumentsTail
  while (link !== null && link !== cached?.consumed) {
    pending.push(link.delta)
    link = link.previous
  }
  // Reaching the start without meeting the consumed link means this revision is on another branch.
  const parser = cached !== undefined && link === cached.consumed ? cached.parser : createPartialJsonParser()
  for (let index = pending.length - 1; index >= 0; index--) parser.push(pending[index] as string)
  parsers.set(entry.argumentsLineage, { parser, consumed: entry.argumentsTail })
  return parser.value()
}
