import { decodeEntities } from './entities'
import type { InlineNode } from './types'
import { PARSE_WORK } from './parse-work'

/** The `(url "title")` after a `]`: found, cut off by the end of a live text, or absent. */
export type LinkTail =
  | { readonly status: 'complete'; readonly url: string; readonly title: string | undefined; readonly end: number }
  | { readonly status: 'incomplete' }
  | { readonly status: 'none' }

const INCOMPLETE: LinkTail = { status: 'incomplete' }
const NONE: LinkTail = { status: 'none' }
const ESCAPABLE = /[!-/:-@[-`{-~]/
/** Link labels longer than this are not labels (CommonMark §4.7), which also bounds every label scan. */
export const MAX_LABEL_LENGTH = 999

/** Removes backslash escapes and decodes entities, as CommonMark does in destinations and titles. */
export function unescapeText(text: string): string {
  if (!text.includes('\\') && !text.includes('&')) return text
  return decodeEntities(text.replace(/\\([!-/:-@[-`{-~])/g, '$1'))
}

/** A label as references are matched: case-folded, inner whitespace collapsed. */
export function normalizeLabel(label: string): string {
  return label
    .trim()
    .replace(/[ \t\r\n]+/g, ' ')
    .toLowerCase()
    .toUpperCase()
}

function isSpaceOrTab(char: string | undefined): boolean {
  return char === ' ' || char === '\t'
}

/** Skips spaces, tabs and at most one newline. */
export function skipLinkSpaces(text: string, index: number): number {
  let at = index
  let newline = false
  while (at < text.length) {
    PARSE_WORK.steps++
    const char = text[at]
    if (char === '\n') {
      if (newline) break
      newline = true
    } else if (!isSpaceOrTab(char)) break
    at++
  }
  return at
}

/**
 * Precomputed answers for bare link destinations, so that each `](` costs O(1) instead of a scan to the end
 * of the text (`[a](b[a](b…` would otherwise be quadratic): where the next whitespace is, and where the
 * parenthesis balance first drops below its value at a position.
 */
export class DestinationIndex {
  private readonly nextSpace: Int32Array
  private readonly nextLower: Int32Array
  private readonly balance: Int32Array

  constructor(text: string) {
    const length = text.length
    PARSE_WORK.steps += 3 * length
    this.balance = new Int32Array(length + 1)
    let depth = 0
    for (let index = 0; index < length; index++) {
      const char = text.charCodeAt(index)
      if (char === 92 && index + 1 < length && ESCAPABLE.test(text[index + 1] ?? '')) {
        this.balance[index + 1] = depth
        index++
      } else if (char === 40) depth++
      else if (char === 41) depth--
      this.balance[index + 1] = depth
    }
    this.nextSpace = new Int32Array(length + 1)
    this.nextSpace[length] = length
    for (let index = length - 1; index >= 0; index--) {
      this.nextSpace[index] = text.charCodeAt(index) <= 32 ? index : (this.nextSpace[index + 1] ?? length)
    }
    // next smaller value, by a monotonic stack over the balance sequence
    this.nextLower = new Int32Array(length + 1).fill(-1)
    const stack: number[] = []
    for (let index = 0; index <= length; index++) {
      const value = this.balance[index] ?? 0
      while (stack.length > 0 && (this.balance[stack[stack.length - 1] as number] ?? 0) > value) {
        this.nextLower[stack.pop() as number] = index
      }
      stack.push(index)
    }
  }

  /** Reads a bare destination at `start`: its end, and whether parentheses inside it are balanced. */
  scan(start: number): { end: number; balanced: boolean } {
    const space = this.nextSpace[start] ?? start
    const lower = this.nextLower[start] ?? -1
    // `lower` is the index after the unbalanced `)`: the destination stops before it
    const close = lower === -1 ? Number.MAX_SAFE_INTEGER : lower - 1
    if (close < space) return { end: close, balanced: true }
    return { end: space, balanced: this.balance[space] === this.balance[start] }
  }
}

/** Parses the inline link tail that starts at `index` (which must hold `(`). */
export function parseLinkTail(text: string, index: number, destinations: () => DestinationIndex): LinkTail {
  if (index >= text.length) return INCOMPLETE
  if (text[index] !== '(') return NONE
  let at = skipLinkSpaces(text, index + 1)
  if (at >= text.length) return INCOMPLETE
  let url: string
  if (text[at] === '<') {
    let close = at + 1
    while (close < text.length && text[close] !== '>' && text[close] !== '\n' && text[close] !== '<') {
      close += text[close] === '\\' ? 2 : 1
    }
    PARSE_WORK.steps += close - at
    if (close >= text.length) return INCOMPLETE
    if (text[close] !== '>') return NONE
    url = text.slice(at + 1, close)
    at = close + 1
  } else {
    const { end, balanced } = destinations().scan(at)
    if (end >= text.length) return INCOMPLETE
    if (!balanced) return NONE
    url = text.slice(at, end)
    at = end
  }
  const afterUrl = at
  at = skipLinkSpaces(text, at)
  if (at >= text.length) return INCOMPLETE
  let title: string | undefined
  const quote = text[at]
  if (at > afterUrl && (quote === '"' || quote === "'" || quote === '(')) {
    const close = scanTitle(text, at)
    if (close === -1) return INCOMPLETE
    if (close === -2) return NONE
    title = unescapeText(text.slice(at + 1, close))
    at = skipLinkSpaces(text, close + 1)
    if (at >= text.length) return INCOMPLETE
  }
  if (text[at] !== ')') return NONE
  return { status: 'complete', url: unescapeText(url), title, end: at + 1 }
}

/**
 * The index of the quote that closes the title opened at `at`: -1 when the text ends first, -2 when it
 * can't be a title (a blank line inside, or an unescaped `(` in a `(…)` title).
 */
export function scanTitle(text: string, at: number): number {
  const opener = text[at]
  const closer = opener === '(' ? ')' : opener
  let close = at + 1
  while (close < text.length && text[close] !== closer) {
    PARSE_WORK.steps++
    if (opener === '(' && text[close] === '(') return -2
    if (text[close] === '\n') {
      let after = close + 1
      while (isSpaceOrTab(text[after])) after++
      if (text[after] === '\n') return -2
    }
    close += text[close] === '\\' ? 2 : 1
  }
  return close >= text.length ? -1 : close
}

/**
 * Reads a `[label]` at `index`: its raw text and end, `incomplete` when the text ends inside it, or undefined
 * when there is none. At most `MAX_LABEL_LENGTH` characters are read.
 */
export function parseLinkLabel(text: string, index: number): { readonly label: string; readonly end: number } | 'incomplete' | undefined {
  if (text[index] !== '[') return undefined
  let at = index + 1
  const limit = Math.min(text.length, index + 1 + MAX_LABEL_LENGTH + 1)
  for (; at < limit; at++) {
    PARSE_WORK.steps++
    const char = text[at]
    if (char === '\\') at++
    else if (char === '[') return undefined
    else if (char === ']') break
  }
  if (at >= text.length) return 'incomplete'
  if (text[at] !== ']' || at - index - 1 > MAX_LABEL_LENGTH) return undefined
  return { label: text.slice(index + 1, at), end: at + 1 }
}

const URI_AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\u0000-\u0020<>]*)>/y
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y
const PARTIAL_AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]*(?::[^\s<>]*)?)$/y

/**
 * Reads `<https://…>` or `<a@b.c>` at `index`. In a live tail, a `<scheme:…` cut off by the end shows its
 * text so far (without the `<`) and a `<tag` cut off by the end shows nothing, so no raw `<` flashes.
 */
export function parseAutolink(text: string, index: number, open: boolean): { node: InlineNode | undefined; end: number } | undefined {
  URI_AUTOLINK.lastIndex = index
  const uri = URI_AUTOLINK.exec(text)
  if (uri?.[1] !== undefined) {
    return { node: { type: 'link', url: uri[1], title: undefined, children: [{ type: 'text', value: uri[1] }] }, end: URI_AUTOLINK.lastIndex }
  }
  EMAIL_AUTOLINK.lastIndex = index
  const email = EMAIL_AUTOLINK.exec(text)
  if (email?.[1] !== undefined) {
    const children: InlineNode[] = [{ type: 'text', value: email[1] }]
    return { node: { type: 'link', url: `mailto:${email[1]}`, title: undefined, children }, end: EMAIL_AUTOLINK.lastIndex }
  }
  if (!open) return undefined
  PARTIAL_AUTOLINK.lastIndex = index
  const partial = PARTIAL_AUTOLINK.exec(text)
  if (partial?.[1] === undefined) return undefined
  const value = partial[1]
  return { node: value.includes(':') ? { type: 'text', value } : undefined, end: text.length }
}
