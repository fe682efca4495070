import { decodeEntityAt } from './entities'
import { linkify } from './inline-autolinks'
import { BacktickIndex, DollarIndex } from './inline-indexes'
import {
  closeOpenDelimiters,
  collectNodes,
  MAX_INLINE_DEPTH,
  PieceList,
  plainText,
  processEmphasis,
  unlinkDelimiter,
  type BracketPiece,
  type DelimiterPiece,
} from './inline-items'
import { DestinationIndex, MAX_LABEL_LENGTH, normalizeLabel, parseAutolink, parseLinkLabel, parseLinkTail } from './inline-links'
import type { InlineNode } from './types'
import { PARSE_WORK } from './parse-work'
import { trimRunEnd } from './trim-run'

/** A link reference definition (`[label]: url "title"`). */
export interface LinkDefinition {
  readonly url: string
  readonly title: string | undefined
}

/** What inline parsing may look up beyond its own text. */
export interface InlineContext {
  /** Link reference definitions by normalized label. */
  readonly definitions?: ReadonlyMap<string, LinkDefinition>
  /** Told every normalized label a reference looked up, found or not, so a later definition can re-parse it. */
  readonly onLookup?: (label: string) => void
  /** GFM's extended autolinks (bare `https://…`, `www.…`, `a@b.c`). @default true */
  readonly extendedAutolinks?: boolean
  /** `$…$` and `$$…$$` math. @default true */
  readonly math?: boolean
}

const SPECIAL = /[\\`*_~![\]<&\n$]/g
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/
const WHITESPACE = /\s/u
// CJK text is read as punctuation for flanking, so `这是**“粗体”**吗` works (CommonMark alone refuses it)
const PUNCTUATION = /[\p{P}\p{S}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const PARTIAL_ENTITY = /&#?[a-zA-Z0-9]{0,31}$/y
// references may not expand a text by more than this factor (plus a constant): output stays linear in input
const REFERENCE_EXPANSION = 8
const REFERENCE_ALLOWANCE = 4096

function characterBefore(text: string, index: number): string {
  if (index <= 0) return ' '
  const code = text.charCodeAt(index - 1)
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : (text[index - 1] ?? ' ')
}

function characterAt(text: string, index: number): string {
  const code = text.codePointAt(index)
  return code === undefined ? ' ' : String.fromCodePoint(code)
}

function codeSpanContent(raw: string): string {
  const value = raw.replace(/\n/g, ' ')
  return value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '' ? value.slice(1, -1) : value
}

/**
 * Parses inline markdown into nodes. `open` marks the growing tail of a live stream: unclosed emphasis and
 * code render as if closed, an unfinished link shows only its text, and an unfinished image shows nothing.
 * Linear in the text, whatever it holds; nesting deeper than `MAX_INLINE_DEPTH` stays text.
 * @example parseInline('**bo', true) // [{ type: 'strong', children: [{ type: 'text', value: 'bo' }] }]
 */
export function parseInline(text: string, open: boolean, context: InlineContext = {}): InlineNode[] {
  const list = new PieceList()
  const stack: { top: DelimiterPiece | undefined } = { top: undefined }
  const brackets: BracketPiece[] = []
  let bracketOrder = 0
  // every `[` created before this order number is inactive: a link was made after it (links don't nest)
  let inactiveBefore = 0
  let budget = REFERENCE_ALLOWANCE + REFERENCE_EXPANSION * text.length
  let destinations: DestinationIndex | undefined
  const destinationIndex = (): DestinationIndex => (destinations ??= new DestinationIndex(text))
  let backticks: BacktickIndex | undefined
  let dollars: DollarIndex | undefined
  let buffer = ''
  const flush = (): void => {
    list.appendText(buffer)
    buffer = ''
  }
  const lookup = (label: string): { url: string; title: string | undefined } | undefined => {
    if (label.length > MAX_LABEL_LENGTH || label.trim() === '') return undefined
    const key = normalizeLabel(label)
    context.onLookup?.(key)
    const found = context.definitions?.get(key)
    if (found === undefined) return undefined
    const cost = found.url.length + (found.title?.length ?? 0)
    if (cost > budget) return undefined
    budget -= cost
    return found
  }
  let lastBracket = -1
  let position = 0
  let stopped = false
  while (position < text.length && !stopped) {
    SPECIAL.lastIndex = position
    const found = SPECIAL.exec(text)
    const index = found ? found.index : text.length
    PARSE_WORK.steps += index - position + 1
    buffer += text.slice(position, index)
    position = index
    if (!found) break
    const char = found[0]
    const next = text[position + 1]
    switch (char) {
      case '\\': {
        if (next === '\n') {
          flush()
          list.append({ kind: 'node', node: { type: 'break' }, height: 0, prev: undefined, next: undefined })
          position += 2
          while (text[position] === ' ' || text[position] === '\t') position++
        } else if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
          buffer += next
          position += 2
        } else {
          if (!(open && next === undefined)) buffer += '\\'
          position++
        }
        break
      }
      case '`': {
        let runEnd = position
        while (text[runEnd] === '`') runEnd++
        const length = runEnd - position
        backticks ??= new BacktickIndex(text)
        const close = backticks.next(length, runEnd)
        if (close !== -1) {
          flush()
          const node: InlineNode = { type: 'inlineCode', value: codeSpanContent(text.slice(runEnd, close)) }
          list.append({ kind: 'node', node, height: 1, prev: undefined, next: undefined })
          position = close + length
        } else if (open) {
          flush()
          const value = codeSpanContent(trimRunEnd(text.slice(runEnd), '`'))
          const node: InlineNode = { type: 'inlineCode', value }
          if (value !== '') list.append({ kind: 'node', node, height: 1, prev: undefined, next: undefined })
          position = text.length
        } else {
          buffer += text.slice(position, runEnd)
          position = runEnd
        }
        break
      }
      case '$': {
        let runEnd = position
        while (text[runEnd] === '$') runEnd++
        const length = runEnd - position
        const after = text[runEnd]
        // an opener needs TeX right after it: `$ 5` and `$5` (a price) are text
        const opens =
          (length === 1 || length === 2) &&
          context.math !== false &&
          after !== undefined &&
          !/\s/.test(after) &&
          !(length === 1 && /[0-9]/.test(after))
        dollars ??= opens ? new DollarIndex(text) : undefined
        const close = opens && dollars ? dollars.next(length as 1 | 2, runEnd) : -1
        if (close !== -1 && close > runEnd) {
          flush()
          const node: InlineNode = { type: 'inlineMath', value: text.slice(runEnd, close), display: length === 2 }
          list.append({ kind: 'node', node, height: 1, prev: undefined, next: undefined })
          position = close + length
        } else {
          buffer += text.slice(position, runEnd)
          position = runEnd
        }
        break
      }
      case '*':
      case '_':
      case '~': {
        let runEnd = position
        while (text[runEnd] === char) runEnd++
        // a run at the very end of a live tail may be half of `**` or a closer: hide it for now
        if (open && runEnd === text.length) {
          position = runEnd
          break
        }
        const delimiter = char === '~' && runEnd - position > 2 ? undefined : delimiterRun(text, position, runEnd)
        if (delimiter) {
          flush()
          list.append(delimiter)
          delimiter.previousDelimiter = stack.top
          if (stack.top) stack.top.nextDelimiter = delimiter
          stack.top = delimiter
        } else buffer += text.slice(position, runEnd)
        position = runEnd
        break
      }
      case '!':
      case '[': {
        if (char === '!' && next !== '[') {
          buffer += '!'
          position++
          break
        }
        flush()
        position += char === '!' ? 2 : 1
        lastBracket = position - 1
        const bracket: BracketPiece = {
          kind: 'bracket',
          image: char === '!',
          textStart: position,
          order: bracketOrder++,
          delimiterBottom: stack.top,
          prev: undefined,
          next: undefined,
        }
        list.append(bracket)
        brackets.push(bracket)
        break
      }
      case ']': {
        const opener = brackets.pop()
        if (opener === undefined || (!opener.image && opener.order < inactiveBefore)) {
          lastBracket = position
          if (opener) list.literal(opener)
          buffer += ']'
          position++
          break
        }
        // a label holds no unescaped bracket: when one came after the opener, only an inline link can match
        const plainLabel = lastBracket < opener.textStart
        lastBracket = position
        const target = resolveLink(text, position, opener, open, lookup, plainLabel, destinationIndex)
        if (target === 'incomplete' && open) {
          // `[text](htt` in a live tail: show the text, not the brackets; an image shows nothing yet
          flush()
          if (opener.image) {
            while (stack.top !== opener.delimiterBottom && stack.top !== undefined) unlinkDelimiter(stack.top, stack)
            list.tail = opener.prev
            if (list.tail) list.tail.next = undefined
            else list.head = undefined
          } else list.remove(opener)
          stopped = true
          break
        }
        if (target === 'incomplete' || target === undefined) {
          list.literal(opener)
          buffer += ']'
          position++
          break
        }
        flush()
        processEmphasis(list, stack, opener.delimiterBottom)
        const { nodes, height } = collectNodes(opener.next, undefined, false)
        const node: InlineNode = opener.image
          ? { type: 'image', url: target.url, title: target.title, alt: plainText(nodes) }
          : { type: 'link', url: target.url, title: target.title, children: nodes }
        list.replaceBetween(opener.prev, undefined, {
          kind: 'node',
          node,
          height: opener.image ? 1 : Math.min(height, MAX_INLINE_DEPTH) + 1,
          prev: undefined,
          next: undefined,
        })
        if (!opener.image) inactiveBefore = bracketOrder
        position = target.end
        break
      }
      case '<': {
        const autolink = parseAutolink(text, position, open)
        if (autolink) {
          flush()
          if (autolink.node) list.append({ kind: 'node', node: autolink.node, height: 1, prev: undefined, next: undefined })
          position = autolink.end
        } else {
          buffer += '<'
          position++
        }
        break
      }
      case '&': {
        const entity = decodeEntityAt(text, position)
        PARTIAL_ENTITY.lastIndex = position
        if (entity) {
          buffer += entity.value
          position += entity.length
        } else if (open && PARTIAL_ENTITY.test(text)) position = text.length
        else {
          buffer += '&'
          position++
        }
        break
      }
      case '\n': {
        let trailing = buffer.length
        while (trailing > 0 && buffer[trailing - 1] === ' ') trailing--
        const hard = buffer.length - trailing >= 2
        buffer = buffer.slice(0, trailing)
        flush()
        list.append({ kind: 'node', node: { type: hard ? 'break' : 'softBreak' }, height: 0, prev: undefined, next: undefined })
        position++
        while (text[position] === ' ' || text[position] === '\t') position++
        break
      }
      default: {
        buffer += char
        position++
      }
    }
  }
  flush()
  processEmphasis(list, stack, undefined)
  if (open) closeOpenDelimiters(list)
  // with `open`, collectNodes hides the `[` of links still being written
  const nodes = collectNodes(list.head, undefined, open).nodes
  return context.extendedAutolinks === false ? nodes : linkify(nodes)
}

function delimiterRun(text: string, start: number, end: number): DelimiterPiece | undefined {
  const char = text[start] as '*' | '_' | '~'
  const before = characterBefore(text, start)
  const after = characterAt(text, end)
  const beforeSpace = WHITESPACE.test(before)
  const afterSpace = WHITESPACE.test(after)
  const beforePunctuation = PUNCTUATION.test(before)
  const afterPunctuation = PUNCTUATION.test(after)
  const left = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
  const right = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
  const canOpen = char === '_' ? left && (!right || beforePunctuation) : left
  const canClose = char === '_' ? right && (!left || afterPunctuation) : right
  const count = end - start
  return {
    kind: 'delimiter',
    char,
    count,
    literal: 0,
    original: count,
    canOpen,
    canClose,
    previousDelimiter: undefined,
    nextDelimiter: undefined,
    inStack: true,
    prev: undefined,
    next: undefined,
  }
}

/** What a `]` at `position` closes: an inline link, a reference, nothing, or (in a live tail) not known yet. */
function resolveLink(
  text: string,
  position: number,
  opener: BracketPiece,
  open: boolean,
  lookup: (label: string) => { url: string; title: string | undefined } | undefined,
  plainLabel: boolean,
  destinations: () => DestinationIndex,
): { url: string; title: string | undefined; end: number } | 'incomplete' | undefined {
  const shortcutLookup = plainLabel ? lookup : (): undefined => undefined
  const after = position + 1
  const tail = parseLinkTail(text, after, destinations)
  if (tail.status === 'complete') return tail
  if (tail.status === 'incomplete' && open && after < text.length) return 'incomplete'
  const label = parseLinkLabel(text, after)
  if (label === 'incomplete') return open ? 'incomplete' : shortcut(text, position, opener, shortcutLookup, after)
  if (label !== undefined && label.label.trim() !== '') {
    const found = lookup(label.label)
    return found === undefined ? undefined : { ...found, end: label.end }
  }
  const reference = shortcut(text, position, opener, shortcutLookup, label === undefined ? after : label.end)
  if (reference === undefined && open && after >= text.length) return 'incomplete'
  return reference
}

function shortcut(
  text: string,
  position: number,
  opener: BracketPiece,
  lookup: (label: string) => { url: string; title: string | undefined } | undefined,
  end: number,
): { url: string; title: string | undefined; end: number } | undefined {
  if (position - opener.textStart > MAX_LABEL_LENGTH) return undefined
  const found = lookup(text.slice(opener.textStart, position))
  return found === undefined ? undefined : { ...found, end }
}
