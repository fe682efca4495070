import { decodeEntityAt } from './entities'
import {
  closeOpenDelimiters, finalizeItems, matchDelimiters, plainText,
  type BracketItem, type DelimiterItem, type InlineItem,
} from './inline-items'
import { linkify, parseAutolink, parseLinkTail } from './inline-links'
import type { InlineNode } from './types'

const SPECIAL = /[\\`*_~![\]<&\n]/g
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/
const WHITESPACE = /\s/u
// CJK text is read as punctuation for flanking, so `这是**“粗体”**吗` works (CommonMark alone refuses it)
const PUNCTUATION = /[\p{P}\p{S}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const PARTIAL_ENTITY = /&#?[a-zA-Z0-9]{0,31}$/y

function characterBefore(text: string, index: number): string {
  if (index <= 0) return ' '
  const code = text.charCodeAt(index - 1)
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text[index - 1] ?? ' '
}

function characterAt(text: string, index: number): string {
  const code = text.codePointAt(index)
  return code === undefined ? ' ' : String.fromCodePoint(code)
}

function delimiterRun(text: string, start: number, end: number): DelimiterItem | undefined {
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
  if (!canOpen && !canClose) return undefined
  const count = end - start
  return { kind: 'delimiter', char, count, original: count, canOpen, canClose }
}

function codeSpanContent(raw: string): string {
  const value = raw.replace(/\n/g, ' ')
  return value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== ''
    ? value.slice(1, -1)
    : value
}

/** Finds the end of the backtick run of exactly `length` that closes a code span opened before `from`. */
function findCodeSpanEnd(text: string, from: number, length: number): number {
  for (let next = text.indexOf('`', from); next !== -1; next = text.indexOf('`', next)) {
    let end = next
    while (text[end] === '`') end++
    if (end - next === length) return next
    next = end
  }
  return -1
}

/**
 * Parses inline markdown into nodes. `open` marks the growing tail of a live stream: unclosed emphasis and
 * code render as if closed, an unfinished link shows only its text, and an unfinished image shows nothing.
 * @example parseInline('**bo', true) // [{ type: 'strong', children: [{ type: 'text', value: 'bo' }] }]
 */
export function parseInline(text: string, open: boolean): InlineNode[] {
  const items: InlineItem[] = []
  const brackets: BracketItem[] = []
  let buffer = ''
  const flush = (): void => {
    if (buffer !== '') items.push({ type: 'text', value: buffer })
    buffer = ''
  }
  const dropBracket = (opener: BracketItem): void => {
    flush()
    const index = items.lastIndexOf(opener)
    if (opener.image) items.length = index
    else items.splice(index, 1)
  }
  // a bracket that turned out not to open a link is plain text, even in a live tail
  const literalBracket = (opener: BracketItem): void => {
    const index = items.lastIndexOf(opener)
    items[index] = { type: 'text', value: opener.image ? '![' : '[' }
  }
  let position = 0
  while (position < text.length) {
    SPECIAL.lastIndex = position
    const found = SPECIAL.exec(text)
    const index = found ? found.index : text.length
    buffer += text.slice(position, index)
    position = index
    if (!found) break
    const char = found[0]
    const next = text[position + 1]
    switch (char) {
      case '\\': {
        if (next === '\n') {
          flush()
          items.push({ type: 'break' })
          position += 2
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
        const close = findCodeSpanEnd(text, runEnd, length)
        if (close !== -1) {
          flush()
          items.push({ type: 'inlineCode', value: codeSpanContent(text.slice(runEnd, close)) })
          position = close + length
        } else if (open) {
          flush()
          const value = codeSpanContent(text.slice(runEnd).replace(/`+$/, ''))
          if (value !== '') items.push({ type: 'inlineCode', value })
          position = text.length
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
        const delimiter = char === '~' && runEnd - position !== 2 ? undefined : delimiterRun(text, position, runEnd)
        if (delimiter) {
          flush()
          items.push(delimiter)
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
        const bracket: BracketItem = { kind: 'bracket', image: char === '!', active: true }
        items.push(bracket)
        brackets.push(bracket)
        position += char === '!' ? 2 : 1
        break
      }
      case ']': {
        const opener = brackets.pop()
        if (opener === undefined || !opener.active) {
          if (opener) literalBracket(opener)
          buffer += ']'
          position++
          break
        }
        const tail = parseLinkTail(text, position + 1)
        if (tail.status !== 'complete') {
          if (open && tail.status === 'incomplete') {
            // `[text](htt` in a live tail: show the text, not the brackets; an image shows nothing yet
            dropBracket(opener)
            position = text.length
          } else {
            literalBracket(opener)
            buffer += ']'
            position++
          }
          break
        }
        flush()
        const inner = items.splice(items.lastIndexOf(opener))
        inner.shift()
        matchDelimiters(inner)
        const children = finalizeItems(inner, false)
        if (opener.image) items.push({ type: 'image', url: tail.url, title: tail.title, alt: plainText(children) })
        else {
          items.push({ type: 'link', url: tail.url, title: tail.title, children })
          for (const earlier of brackets) if (!earlier.image) earlier.active = false
        }
        position = tail.end
        break
      }
      case '<': {
        const autolink = parseAutolink(text, position, open)
        if (autolink) {
          flush()
          if (autolink.node) items.push(autolink.node)
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
        const hard = / {2,}$/.test(buffer)
        buffer = buffer.replace(/[ \t]+$/, '')
        flush()
        items.push({ type: hard ? 'break' : 'softBreak' })
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
  matchDelimiters(items)
  if (open) closeOpenDelimiters(items)
  // with `open`, finalizeItems hides the `[` of links still being written
  return linkify(finalizeItems(items, open).filter((node, index, all) => !(isBreak(node) && index === all.length - 1)))
}

function isBreak(node: InlineNode): boolean {
  return node.type === 'break' || node.type === 'softBreak'
}
