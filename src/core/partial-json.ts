import { setOwn } from './set-own'

/**
 * An incremental JSON parser for tool-call arguments that arrive as raw text fragments. Each
 * `push` is one pass over its fragment through an explicit state machine (no recursion, nothing
 * re-scanned), and `value()` rebuilds only the open path, as shallow copies, when it changed.
 */

/** Where the pushed text stands: nothing yet, a document still open, one complete value, or a syntax error. */
export type PartialJsonStatus = 'empty' | 'partial' | 'complete' | 'invalid'

/** A streaming JSON parser that gives a best-effort value of the text pushed so far. */
export interface PartialJsonParser {
  /** Feeds the next fragment; never throws, whatever it is given, and ignores anything that isn't a string. */
  push(text: string): void
  /**
   * Best-effort value of everything pushed so far (undefined when nothing is usable yet): completed
   * values keep their identity across calls, open containers are fresh copies only when they changed,
   * and a number still being written shows its longest valid prefix (`1.` → 1, a lone `-` is left out).
   */
  value(): unknown
  /**
   * 'empty' before any non-whitespace, 'partial' while a document is open, 'complete' while the text
   * so far is exactly one JSON document (as `JSON.parse` would accept it: a top-level `12` is complete,
   * `12.` is not), 'invalid' from the first syntax error on (`value()` then keeps the value just before it).
   */
  readonly status: PartialJsonStatus
  /** Number of UTF-16 code units consumed so far; once invalid, the offset of the offending one. */
  readonly length: number
}

type Mode = 'value' | 'firstItem' | 'firstKey' | 'key' | 'colon' | 'afterValue' | 'string' | 'escape' | 'unicode' | 'number' | 'literal' | 'done'

type NumberPhase = 'start' | 'sign' | 'zero' | 'integer' | 'point' | 'fraction' | 'exponent' | 'exponentSign' | 'exponentDigits'

interface ArrayFrame {
  readonly kind: 'array'
  readonly items: unknown[]
}

interface ObjectFrame {
  readonly kind: 'object'
  readonly members: Record<string, unknown>
  /** Key of the member whose value is being written; meaningful only once its colon was read. */
  key: string
}

type Frame = ArrayFrame | ObjectFrame

const LITERALS: Readonly<Record<string, readonly [string, boolean | null]>> = {
  t: ['true', true],
  f: ['false', false],
  n: ['null', null],
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Creates a parser for one streamed JSON document. */
export function createPartialJsonParser(): PartialJsonParser {
  const stack: Frame[] = []
  let mode: Mode = 'value'
  let invalid = false
  let consumed = 0
  let root: unknown
  let rootClosed = false

  let stringText = ''
  let stringIsKey = false
  let unicodeCode = 0
  let unicodeDigits = 0

  let numberText = ''
  let numberPhase: NumberPhase = 'start'
  let numberValidLength = 0

  let literalWord = ''
  let literalResult: boolean | null = null
  let literalIndex = 0

  let changed = false
  let snapshot: unknown

  function commit(result: unknown): void {
    const frame = stack[stack.length - 1]
    if (frame === undefined) {
      root = result
      rootClosed = true
      mode = 'done'
      return
    }
    if (frame.kind === 'array') frame.items.push(result)
    else setOwn(frame.members, frame.key, result)
    mode = 'afterValue'
  }

  function closeContainer(): void {
    const frame = stack.pop()
    if (frame === undefined) return
    // The internal container becomes the completed value: it was never handed out, and nothing writes to it again.
    changed = true
    commit(frame.kind === 'array' ? frame.items : frame.members)
  }

  function appendString(chunk: string): void {
    stringText += chunk
    if (!stringIsKey) changed = true
  }

  function finishString(): void {
    const text = stringText
    stringText = ''
    if (!stringIsKey) {
      commit(text)
      return
    }
    const frame = stack[stack.length - 1]
    if (frame?.kind === 'object') frame.key = text
    mode = 'colon'
  }

  function startString(isKey: boolean): void {
    mode = 'string'
    stringIsKey = isKey
    stringText = ''
    if (!isKey) changed = true
  }

  /** Starts the value whose first character is at `index`; returns where to continue. */
  function startValue(text: string, index: number): number {
    const character = text[index] ?? ''
    if (character === '{') {
      stack.push({ kind: 'object', members: {}, key: '' })
      mode = 'firstKey'
      changed = true
      return index + 1
    }
    if (character === '[') {
      stack.push({ kind: 'array', items: [] })
      mode = 'firstItem'
      changed = true
      return index + 1
    }
    if (character === '"') {
      startString(false)
      return index + 1
    }
    if (character === '-' || (character >= '0' && character <= '9')) {
      mode = 'number'
      numberText = ''
      numberPhase = 'start'
      numberValidLength = 0
      return index
    }
    const literal = LITERALS[character]
    if (literal !== undefined) {
      mode = 'literal'
      literalWord = literal[0]
      literalResult = literal[1]
      literalIndex = 0
      return index
    }
    return errorAt(index)
  }

  function scanString(text: string, index: number): number {
    const start = index
    let position = index
    while (position < text.length) {
      const code = text.charCodeAt(position)
      if (code === QUOTE || code === BACKSLASH || code < 0x20) break
      position++
    }
    // A fragment may end between the halves of a surrogate pair; appending keeps the halves adjacent.
    if (position > start) appendString(text.slice(start, position))
    if (position === text.length) return position
    const code = text.charCodeAt(position)
    if (code === QUOTE) {
      finishString()
      return position + 1
    }
    if (code === BACKSLASH) {
      mode = 'escape'
      return position + 1
    }
    return errorAt(position)
  }

  function scanEscape(text: string, index: number): number {
    const character = text[index] ?? ''
    if (character === 'u') {
      mode = 'unicode'
      unicodeCode = 0
      unicodeDigits = 0
      return index + 1
    }
    const decoded = ESCAPES[character]
    if (decoded === undefined) return errorAt(index)
    appendString(decoded)
    mode = 'string'
    return index + 1
  }

  function scanUnicode(text: string, index: number): number {
    let position = index
    while (position < text.length && unicodeDigits < 4) {
      const digit = hexDigit(text.charCodeAt(position))
      if (digit < 0) return errorAt(position)
      unicodeCode = unicodeCode * 16 + digit
      unicodeDigits++
      position++
    }
    if (unicodeDigits === 4) {
      // Each half of an escaped surrogate pair is appended as it completes, as JSON.parse decodes it.
      appendString(String.fromCharCode(unicodeCode))
      mode = 'string'
    }
    return position
  }

  function scanNumber(text: string, index: number): number {
    const start = index
    let position = index
    let validEnd = -1
    while (position < text.length) {
      const next = stepNumber(numberPhase, text.charCodeAt(position))
      if (next === undefined) break
      numberPhase = next
      position++
      if (isAccepting(next)) validEnd = position
    }
    if (position > start) {
      const lengthBefore = numberText.length
      numberText += text.slice(start, position)
      if (validEnd >= 0) {
        numberValidLength = lengthBefore + validEnd - start
        changed = true
      }
    }
    if (position === text.length) return position
    if (!isAccepting(numberPhase)) return errorAt(position)
    const result = Number(numberText)
    numberText = ''
    commit(result)
    // The character that ended the number belongs to whatever follows it.
    return position
  }

  function scanLiteral(text: string, index: number): number {
    let position = index
    while (position < text.length && literalIndex < literalWord.length) {
      if (text.charCodeAt(position) !== literalWord.charCodeAt(literalIndex)) return errorAt(position)
      position++
      literalIndex++
    }
    if (literalIndex === literalWord.length) {
      changed = true
      commit(literalResult)
    }
    return position
  }

  /** Reads the structural character at `index` (whitespace already skipped). */
  function scanStructure(text: string, index: number): number {
    const character = text[index] ?? ''
    const frame = stack[stack.length - 1]
    switch (mode) {
      case 'value': {
        return startValue(text, index)
      }
      case 'firstItem': {
        if (character !== ']') return startValue(text, index)
        closeContainer()
        return index + 1
      }
      case 'firstKey': {
        if (character === '}') {
          closeContainer()
          return index + 1
        }
        if (character !== '"') return errorAt(index)
        startString(true)
        return index + 1
      }
      case 'key': {
        if (character !== '"') return errorAt(index)
        startString(true)
        return index + 1
      }
      case 'colon': {
        if (character !== ':') return errorAt(index)
        mode = 'value'
        return index + 1
      }
      case 'afterValue': {
        if (character === ',') {
          mode = frame?.kind === 'array' ? 'value' : 'key'
          return index + 1
        }
        if ((character === ']' && frame?.kind === 'array') || (character === '}' && frame?.kind === 'object')) {
          closeContainer()
          return index + 1
        }
        return errorAt(index)
      }
      case 'done':
      case 'string':
      case 'escape':
      case 'unicode':
      case 'number':
      case 'literal': {
        return errorAt(index)
      }
      default: {
        mode satisfies never
        return errorAt(index)
      }
    }
  }

  function push(text: string): void {
    // Deltas come off the wire; a missing one is skipped rather than thrown on.
    if (invalid || typeof text !== 'string') return
    let index = 0
    while (index < text.length) {
      let next: number
      switch (mode) {
        case 'string': {
          next = scanString(text, index)
          break
        }
        case 'escape': {
          next = scanEscape(text, index)
          break
        }
        case 'unicode': {
          next = scanUnicode(text, index)
          break
        }
        case 'number': {
          next = scanNumber(text, index)
          break
        }
        case 'literal': {
          next = scanLiteral(text, index)
          break
        }
        case 'value':
        case 'firstItem':
        case 'firstKey':
        case 'key':
        case 'colon':
        case 'afterValue':
        case 'done': {
          const start = skipWhitespace(text, index)
          if (start === text.length) {
            next = start
            break
          }
          next = scanStructure(text, start)
          break
        }
        default: {
          mode satisfies never
          next = errorAt(index)
        }
      }
      if (next < 0) {
        // Scanners stop at the offending character without touching the state, so value() keeps what came before it.
        invalid = true
        index = -1 - next
        break
      }
      index = next
    }
    consumed += index
  }

  function pendingScalar(): unknown {
    if (mode === 'string' || mode === 'escape' || mode === 'unicode') return stringIsKey ? undefined : stringText
    if (mode === 'number' && numberValidLength > 0) {
      return Number(numberValidLength === numberText.length ? numberText : numberText.slice(0, numberValidLength))
    }
    return undefined
  }

  function value(): unknown {
    if (!changed) return snapshot
    changed = false
    if (rootClosed) {
      snapshot = root
      return snapshot
    }
    // Built bottom-up from the innermost open value, so deep nesting needs no recursion.
    let child = pendingScalar()
    for (let depth = stack.length - 1; depth >= 0; depth--) {
      const frame = stack[depth] as Frame
      if (frame.kind === 'array') {
        const copy = frame.items.slice()
        if (child !== undefined) copy.push(child)
        child = copy
      } else {
        const copy = { ...frame.members }
        if (child !== undefined) setOwn(copy, frame.key, child)
        child = copy
      }
    }
    snapshot = child
    return snapshot
  }

  return {
    push,
    value,
    get status(): PartialJsonStatus {
      if (invalid) return 'invalid'
      if (rootClosed) return 'complete'
      if (stack.length === 0 && mode === 'value') return 'empty'
      if (stack.length === 0 && mode === 'number' && isAccepting(numberPhase)) return 'complete'
      return 'partial'
    },
    get length(): number {
      return consumed
    },
  }
}

/** Scanners return the next position, or this encoding of the position of a syntax error. */
function errorAt(position: number): number {
  return -1 - position
}

function skipWhitespace(text: string, index: number): number {
  let position = index
  while (position < text.length) {
    const code = text.charCodeAt(position)
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break
    position++
  }
  return position
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10
  return -1
}

function isAccepting(phase: NumberPhase): boolean {
  return phase === 'zero' || phase === 'integer' || phase === 'fraction' || phase === 'exponentDigits'
}

function stepNumber(phase: NumberPhase, code: number): NumberPhase | undefined {
  const isDigit = code >= 0x30 && code <= 0x39
  const isExponent = code === 0x65 || code === 0x45
  switch (phase) {
    case 'start': {
      if (code === 0x2d) return 'sign'
      return code === 0x30 ? 'zero' : isDigit ? 'integer' : undefined
    }
    case 'sign': {
      return code === 0x30 ? 'zero' : isDigit ? 'integer' : undefined
    }
    case 'zero': {
      return code === 0x2e ? 'point' : isExponent ? 'exponent' : undefined
    }
    case 'integer': {
      return isDigit ? 'integer' : code === 0x2e ? 'point' : isExponent ? 'exponent' : undefined
    }
    case 'point': {
      return isDigit ? 'fraction' : undefined
    }
    case 'fraction': {
      return isDigit ? 'fraction' : isExponent ? 'exponent' : undefined
    }
    case 'exponent': {
      return code === 0x2b || code === 0x2d ? 'exponentSign' : isDigit ? 'exponentDigits' : undefined
    }
    case 'exponentSign':
    case 'exponentDigits': {
      return isDigit ? 'exponentDigits' : undefined
    }
    default: {
      phase satisfies never
      return undefined
    }
  }
}
