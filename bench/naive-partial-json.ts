/**
 * The naive partial-JSON approach, for comparison only: repair the whole prefix (close the open
 * string and containers, drop a dangling key, literal or number tail) and `JSON.parse` it, on every
 * call. O(prefix) per call, so O(n²) over a stream. It follows the kit parser's documented
 * best-effort rules (a pending key or literal is left out, a number shows its longest valid prefix),
 * so its values can be compared with `partialToolInput` at every prefix.
 */

interface Frame {
  readonly close: '}' | ']'
  /** Where the frame's current member or item begins (just after `{`, `[` or `,`). */
  memberStart: number
}

const PARTIAL_LITERAL = /^(?:t(?:r(?:u)?)?|f(?:a(?:l(?:s)?)?)?|n(?:u(?:l)?)?)$/
const KEY_THEN_VALUE = /^\s*"(?:[^"\\]|\\.)*"\s*(?::([\s\S]*))?$/
const NUMBER_TAIL = /^-?(?:\d|$)[\d.eE+-]*$/

/** The repaired text, or undefined when nothing usable has arrived yet. */
export function repairJson(text: string): string | undefined {
  const stack: Frame[] = []
  let inString = false
  let escapeStart = -1
  let unicodeLeft = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (unicodeLeft > 0) {
        unicodeLeft--
        if (unicodeLeft === 0) escapeStart = -1
      } else if (escapeStart >= 0) {
        if (code === 0x75) unicodeLeft = 4
        else escapeStart = -1
      } else if (code === 0x5c) escapeStart = index
      else if (code === 0x22) inString = false
      continue
    }
    if (code === 0x22) inString = true
    else if (code === 0x7b) stack.push({ close: '}', memberStart: index + 1 })
    else if (code === 0x5b) stack.push({ close: ']', memberStart: index + 1 })
    else if (code === 0x7d || code === 0x5d) stack.pop()
    else if (code === 0x2c) {
      const frame = stack[stack.length - 1]
      if (frame !== undefined) frame.memberStart = index + 1
    }
  }
  let repaired = text
  if (inString) repaired = `${escapeStart >= 0 ? repaired.slice(0, escapeStart) : repaired}"`
  const frame = stack[stack.length - 1]
  if (frame !== undefined) repaired = repairTail(repaired, frame)
  for (let depth = stack.length - 1; depth >= 0; depth--) repaired += (stack[depth] as Frame).close
  return repaired.trim() === '' ? undefined : repaired
}

// Makes the innermost frame's last member complete, or cuts it (with its comma).
function repairTail(text: string, frame: Frame): string {
  const tail = text.slice(frame.memberStart)
  let value: string | undefined = tail
  if (frame.close === '}') {
    const match = KEY_THEN_VALUE.exec(tail)
    value = match === null ? (tail.trim() === '' ? '' : tail) : match[1]
  }
  const trimmed = value?.trim() ?? ''
  let keep = trimmed !== '' && !PARTIAL_LITERAL.test(trimmed)
  let repaired = text
  if (keep && NUMBER_TAIL.test(trimmed)) {
    const cut = trimmed.replace(/[.eE+-]+$/, '')
    if (cut === '' || cut === '-') keep = false
    else repaired = text.slice(0, text.length - (value as string).length) + cut
  }
  if (keep) return repaired
  const before = text.slice(0, frame.memberStart).trimEnd()
  return before.endsWith(',') ? before.slice(0, -1) : before
}

/** Best-effort value of a JSON prefix by repair + JSON.parse (undefined when the repair fails). */
export function naivePartialParse(text: string): unknown {
  const repaired = repairJson(text)
  if (repaired === undefined) return undefined
  try {
    return JSON.parse(repaired)
  } catch {
    return undefined
  }
}
