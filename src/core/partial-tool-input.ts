// Apart from tool-arguments.ts, which the reducer needs: only a view of streaming arguments needs the parser.
import { createPartialJsonParser } from './partial-json'
import type { PartialJsonParser } from './partial-json'
import type { ArgumentsLink, ToolUseEntry } from './state'

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
