// Apart from tool-arguments.ts, which the reducer needs: only a view of streaming arguments needs the parser.
import { createPartialJsonParser } from './partial-json'
import type { PartialJsonParser } from './partial-json'
import type { ArgumentsLink, ToolUseEntry } from './state'

interface LineageParser {
  readonly parser: PartialJsonParser
  readonly consumed: ArgumentsLink | null
  /** The last value read, and how much text the parser had consumed then. */
  readonly value: unknown
  readonly valueAt: number
}

// Reading a value copies the open objects and arrays on its path, which costs their size (a flat object of a
// megabyte, once per frame). Past this many characters, the value is read again only once the text has grown by an
// eighth since the last read, so that a whole stream stays linear; until then the last one stands.
const LARGE_ARGUMENTS = 65_536

const parsers = new WeakMap<object, LineageParser>()
const partialValues = new WeakMap<ToolUseEntry, unknown>()

/**
 * A best-effort value of the arguments while they stream; the final `input` once they are done.
 * Computed at most once per revision of the entry, and incrementally: only the fragments that
 * arrived since the previous call are parsed, so the cost over a whole stream is linear. Past 64 K characters
 * the value is refreshed each time the text has grown by an eighth (it lags by less than that).
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
  const stale =
    cached !== undefined &&
    parser === cached.parser &&
    parser.status === 'partial' &&
    parser.length > LARGE_ARGUMENTS &&
    parser.length - cached.valueAt < cached.valueAt / 8
  const value = stale ? cached.value : parser.value()
  parsers.set(entry.argumentsLineage, { parser, consumed: entry.argumentsTail, value, valueAt: stale ? cached.valueAt : parser.length })
  return value
}
