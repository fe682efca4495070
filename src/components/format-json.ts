/** Options of {@link formatJson}. */
export interface FormatJsonOptions {
  /** Stop once the text is about this long. @default Infinity */
  readonly maxChars?: number
}

/** Pretty-printed JSON, and whether it was cut at `maxChars`. */
export interface FormattedJson {
  readonly text: string
  readonly truncated: boolean
}

// Indentation stops growing past this depth: a value nested 5,000 deep would otherwise print depth² spaces.
const MAX_INDENT_LEVELS = 12
const INDENTS = Array.from({ length: MAX_INDENT_LEVELS + 1 }, (_, level) => '  '.repeat(level))

function indent(level: number): string {
  return INDENTS[Math.min(level, MAX_INDENT_LEVELS)]!
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'bigint') return value.toString()
  return JSON.stringify(String(value))
}

type Frame =
  | { readonly kind: 'open'; readonly value: unknown; readonly level: number; readonly prefix: string }
  | { readonly kind: 'close'; readonly value: object; readonly text: string }

/**
 * JSON as a human reads it, in time linear in the size of the value however deep it is (an explicit stack, no
 * recursion, indentation capped); cut at `maxChars`. Never throws: cycles print as `"[circular]"`.
 */
export function formatJson(value: unknown, options: FormatJsonOptions = {}): FormattedJson {
  const maxChars = options.maxChars ?? Infinity
  const parts: string[] = []
  let length = 0
  const onPath = new Set<object>()
  const stack: Frame[] = [{ kind: 'open', value, level: 0, prefix: '' }]
  const push = (text: string) => {
    parts.push(text)
    length += text.length
  }
  while (stack.length > 0) {
    if (length > maxChars) return { text: parts.join('').slice(0, maxChars), truncated: true }
    const frame = stack.pop()!
    if (frame.kind === 'close') {
      onPath.delete(frame.value)
      push(frame.text)
      continue
    }
    const { value: current, level, prefix } = frame
    push(prefix)
    if (typeof current !== 'object' || current === null) {
      push(scalar(current))
      continue
    }
    if (onPath.has(current)) {
      push('"[circular]"')
      continue
    }
    onPath.add(current)
    const isArray = Array.isArray(current)
    const entries: [string, unknown][] = isArray
      ? (current as unknown[]).map((item, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>)
    if (entries.length === 0) {
      onPath.delete(current)
      push(isArray ? '[]' : '{}')
      continue
    }
    push(isArray ? '[' : '{')
    const inner = indent(level + 1)
    // pushed in reverse so the first entry comes off the stack first
    stack.push({ kind: 'close', value: current, text: `\n${indent(level)}${isArray ? ']' : '}'}` })
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!
      const comma = index === 0 ? '' : ','
      stack.push({ kind: 'open', value: item, level: level + 1, prefix: `${comma}\n${inner}${isArray ? '' : `${JSON.stringify(key)}: `}` })
    }
  }
  return { text: parts.join(''), truncated: false }
}

/** JSON as a human reads it, whole; never throws, linear in the size of the value. */
export function prettyJson(value: unknown): string {
  return formatJson(value).text
}

/**
 * A one-line summary of tool arguments for a card header: the single string argument (a command, a query), else
 * the first few `key: value` pairs; nested values show as `{…}` / `[…]`. Looks at a bounded number of keys.
 */
export function summarizeArguments(input: unknown, maxChars = 80): string {
  if (typeof input !== 'object' || input === null) return input === undefined ? '' : clip(scalar(input), maxChars)
  // A for…in enumerates every key before its first step: computed once per arguments object and length.
  const known = SUMMARIES.get(input)?.get(maxChars)
  if (known !== undefined) return known
  const summary = summarize(input, maxChars)
  SUMMARIES.set(input, (SUMMARIES.get(input) ?? new Map<number, string>()).set(maxChars, summary))
  return summary
}

const SUMMARIES = new WeakMap<object, Map<number, string>>()

function summarize(input: object, maxChars: number): string {
  const pairs: string[] = []
  let seen = 0
  let single: string | null = null
  for (const key in input as Record<string, unknown>) {
    if (!Object.prototype.hasOwnProperty.call(input, key)) continue
    const item = (input as Record<string, unknown>)[key]
    seen++
    if (seen === 1 && typeof item === 'string') single = item
    if (seen > 3) break
    const shown = typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (Array.isArray(item) ? '[…]' : '{…}') : scalar(item)
    pairs.push(Array.isArray(input) ? shown : `${key}: ${shown}`)
  }
  if (seen === 1 && single !== null) return clip(single, maxChars)
  return clip(pairs.join(', ') + (seen > 3 ? ', …' : ''), maxChars)
}

function clip(text: string, maxChars: number): string {
  const line = text.length > maxChars * 4 ? text.slice(0, maxChars * 4) : text
  const flat = line.replace(/\s+/g, ' ').trim()
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat
}
