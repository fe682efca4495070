import { decodeEntities } from './entities'
import type { InlineNode } from './types'

/** The `(url "title")` after a `]`: found, cut off by the end of a live text, or absent. */
export type LinkTail =
  | { readonly status: 'complete'; readonly url: string; readonly title: string | undefined; readonly end: number }
  | { readonly status: 'incomplete' }
  | { readonly status: 'none' }

const INCOMPLETE: LinkTail = { status: 'incomplete' }
const NONE: LinkTail = { status: 'none' }
const ESCAPABLE = /[!-/:-@[-`{-~]/

/** Removes backslash escapes and decodes entities, as CommonMark does in destinations and titles. */
export function unescapeText(text: string): string {
  return decodeEntities(text.replace(/\\([!-/:-@[-`{-~])/g, '$1'))
}

function skipSpaces(text: string, index: number): number {
  let at = index
  let newlines = 0
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n')) {
    if (text[at] === '\n' && ++newlines > 1) break
    at++
  }
  return at
}

/** Parses the inline link tail that starts at `index` (which must hold `(`). */
export function parseLinkTail(text: string, index: number): LinkTail {
  if (index >= text.length) return INCOMPLETE
  if (text[index] !== '(') return NONE
  let at = skipSpaces(text, index + 1)
  if (at >= text.length) return INCOMPLETE
  let url: string
  if (text[at] === '<') {
    let close = at + 1
    while (close < text.length && text[close] !== '>' && text[close] !== '\n' && text[close] !== '<') {
      close += text[close] === '\\' ? 2 : 1
    }
    if (close >= text.length) return INCOMPLETE
    if (text[close] !== '>') return NONE
    url = text.slice(at + 1, close)
    at = close + 1
  } else {
    const start = at
    let depth = 0
    for (; at < text.length; at++) {
      const char = text[at] ?? ''
      if (char === '\\' && ESCAPABLE.test(text[at + 1] ?? '')) at++
      else if (char === '(') depth++
      else if (char === ')') {
        if (depth === 0) break
        depth--
      } else if (char <= ' ') break
    }
    if (at >= text.length) return INCOMPLETE
    url = text.slice(start, at)
  }
  const afterUrl = at
  at = skipSpaces(text, at)
  if (at >= text.length) return INCOMPLETE
  let title: string | undefined
  const quote = text[at]
  if (at > afterUrl && (quote === '"' || quote === "'" || quote === '(')) {
    const closer = quote === '(' ? ')' : quote
    let close = at + 1
    while (close < text.length && text[close] !== closer) close += text[close] === '\\' ? 2 : 1
    if (close >= text.length) return INCOMPLETE
    title = unescapeText(text.slice(at + 1, close))
    at = skipSpaces(text, close + 1)
    if (at >= text.length) return INCOMPLETE
  }
  if (text[at] !== ')') return NONE
  return { status: 'complete', url: unescapeText(url), title, end: at + 1 }
}

const URI_AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y
const PARTIAL_AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]*(?::[^\s<>]*)?)$/y

/**
 * Reads `<https://…>` or `<a@b.c>` at `index`. In a live tail, a `<scheme:…` cut off by the end shows its
 * text so far (without the `<`) and a `<tag` cut off by the end shows nothing, so no raw `<` flashes.
 */
export function parseAutolink(
  text: string, index: number, open: boolean,
): { node: InlineNode | undefined; end: number } | undefined {
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

// GFM's extended autolinks, stopped at whitespace, `<` and CJK text or punctuation (`详见https://a.b。`)
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<>\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+/gi
const BARE_URL_HINT = /https?:\/\/|www\./i
const TRAILING_PUNCTUATION = /[?!.,:;*_~'"]+$/

function trimUrl(url: string): string {
  let trimmed = url.replace(TRAILING_PUNCTUATION, '')
  // a closing parenthesis belongs to the URL only when balanced: `(see https://x.y/a_(b))`
  while (trimmed.endsWith(')')) {
    const opens = trimmed.split('(').length - 1
    const closes = trimmed.split(')').length - 1
    if (closes <= opens) break
    trimmed = trimmed.slice(0, -1).replace(TRAILING_PUNCTUATION, '')
  }
  return trimmed
}

function linkifyText(value: string, out: InlineNode[]): void {
  let last = 0
  for (const match of value.matchAll(BARE_URL)) {
    const start = match.index
    const before = value[start - 1]
    if (before !== undefined && /[A-Za-z0-9/@.:]/.test(before)) continue
    const url = trimUrl(match[0])
    if (!url.includes('.') || url.endsWith('//')) continue
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) })
    const href = url.toLowerCase().startsWith('www.') ? `http://${url}` : url
    out.push({ type: 'link', url: href, title: undefined, children: [{ type: 'text', value: url }] })
    last = start + url.length
  }
  if (last < value.length) out.push({ type: 'text', value: last === 0 ? value : value.slice(last) })
}

/** Turns bare `https://…` and `www.…` URLs in text nodes into links (never inside an existing link). */
export function linkify(nodes: readonly InlineNode[]): InlineNode[] {
  const out: InlineNode[] = []
  for (const node of nodes) {
    switch (node.type) {
      case 'text': {
        if (BARE_URL_HINT.test(node.value)) linkifyText(node.value, out)
        else out.push(node)
        break
      }
      case 'emphasis':
      case 'strong':
      case 'delete': {
        out.push({ type: node.type, children: linkify(node.children) })
        break
      }
      default: {
        out.push(node)
      }
    }
  }
  return out
}
