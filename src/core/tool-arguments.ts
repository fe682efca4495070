import type { ToolUseEntry } from './state'
import { isJsonObject } from './is-json-object'

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
  // The fragments and the partial parser of the lineage are let go (they held 3 to 4 times the text): a call that
  // streams again goes on from its whole text as one fragment, in a lineage of its own.
  const argumentsTail = entry.argumentsTail === null ? null : { previous: null, delta: entry.arguments }
  return { ...entry, status: 'done', block, endedAt, argumentsTail, argumentsLineage: {} }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return isJsonObject(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The raw text of arguments given as a value; empty for input nested deeper than JSON.stringify can go (a hostile
 * history or echo), which then still loads or applies with only its text missing.
 */
export function argumentsText(input: unknown): string {
  try {
    return JSON.stringify(input) ?? ''
  } catch {
    return ''
  }
}
