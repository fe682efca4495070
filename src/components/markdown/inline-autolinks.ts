import type { InlineNode } from './types'
import { PARSE_WORK } from './parse-work'
import { trimRunEnd } from './trim-run'

// GFM's extended autolinks (`www.…`, `http(s)://…`, `ftp://…`, `a@b.c`), stopped at whitespace, `<` and, for
// model output, CJK text or punctuation (`详见https://a.b。`)
const URL_CANDIDATE = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]*/gi
const EMAIL_LOCAL = /[a-zA-Z0-9._+-]/
const EMAIL_DOMAIN = /[a-zA-Z0-9._-]/
const HINT = /https?:\/\/|ftp:\/\/|www\.|@/i
const DOMAIN = /^[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*/u
const TRAILING_ENTITY = /&[a-zA-Z0-9]+;$/
const TRAILING_PUNCTUATION = '?!.,:*_~\'"'

/** Removes what GFM leaves out of a URL's end: trailing punctuation, unbalanced `)`, an entity-like `&x;`. */
function trimTrailing(url: string): string {
  let opens = 0
  let closes = 0
  for (let index = 0; index < url.length; index++) {
    if (url[index] === '(') opens++
    else if (url[index] === ')') closes++
  }
  let end = url.length
  for (;;) {
    const last = url[end - 1]
    if (last === undefined) break
    if (TRAILING_PUNCTUATION.includes(last)) end--
    else if (last === ')' && closes > opens) {
      end--
      closes--
    } else if (last === ';') {
      const entity = TRAILING_ENTITY.exec(url.slice(Math.max(0, end - 40), end))
      if (!entity) break
      end -= entity[0].length
    } else break
  }
  return url.slice(0, end)
}

function validDomain(host: string): boolean {
  const domain = DOMAIN.exec(host)?.[0] ?? ''
  if (domain === '') return false
  const segments = domain.split('.')
  // the last two segments may not hold an underscore
  return !segments.slice(-2).some((segment) => segment.includes('_'))
}

function matchUrl(candidate: string, before: string | undefined): { text: string; url: string } | undefined {
  const lower = candidate.toLowerCase()
  if (lower.startsWith('www.')) {
    if (before !== undefined && !/[\s*_~(]/.test(before)) return undefined
    if (!validDomain(candidate) || (!candidate.slice(4).includes('.') && !DOMAIN.exec(candidate)?.[0].includes('.'))) return undefined
    const text = trimTrailing(candidate)
    return text.length <= 4 ? undefined : { text, url: `http://${text}` }
  }
  if (before !== undefined && /[A-Za-z0-9/@.:]/.test(before)) return undefined
  const schemeEnd = candidate.indexOf('://') + 3
  const host = candidate.slice(schemeEnd)
  if (!validDomain(host) || !(DOMAIN.exec(host)?.[0] ?? '').includes('.')) return undefined
  const text = trimTrailing(candidate)
  return text.length <= schemeEnd ? undefined : { text, url: text }
}

function matchEmail(candidate: string, before: string | undefined, scheme: string, resource: string): { text: string; url: string } | undefined {
  if (before !== undefined && /[a-zA-Z0-9/:]/.test(before)) return undefined
  const at = candidate.indexOf('@')
  if (at <= 0) return undefined
  let domain = candidate.slice(at + 1)
  while (domain.endsWith('.')) domain = domain.slice(0, -1)
  if (!domain.includes('.') || /[-_]$/.test(domain)) return undefined
  const address = `${candidate.slice(0, at + 1)}${domain}`
  // `xmpp:` addresses may carry one `/resource`
  const tail = scheme === 'xmpp:' && domain.length === candidate.length - at - 1 ? trimRunEnd(resource, '.') : ''
  const text = `${scheme}${address}${tail}`
  return { text, url: scheme === '' ? `mailto:${address}` : text }
}

/** The e-mail address around the `@` at `at`, read without a regex (a backtracking one is quadratic on long words). */
function emailAround(value: string, at: number, floor: number): { start: number; candidate: string } | undefined {
  let start = at
  while (start > floor && EMAIL_LOCAL.test(value[start - 1] ?? '')) start--
  let end = at + 1
  while (end < value.length && EMAIL_DOMAIN.test(value[end] ?? '')) end++
  PARSE_WORK.steps += end - start
  if (start === at || end === at + 1) return undefined
  return { start, candidate: value.slice(start, end) }
}

function linkifyText(value: string, out: InlineNode[]): void {
  let last = 0
  let from = 0
  // the next URL candidate is searched again only once the scan has passed it: re-searching from every
  // `@` would rescan the rest of the text each time
  let url: RegExpExecArray | null | undefined
  let atSign = -2
  let email: { start: number; candidate: string } | undefined
  while (from < value.length) {
    if (url === undefined || (url !== null && url.index < from)) {
      URL_CANDIDATE.lastIndex = from
      url = URL_CANDIDATE.exec(value)
      PARSE_WORK.steps += (url === null ? value.length : url.index + url[0].length) - from
    }
    if (atSign !== -1 && atSign < from) {
      atSign = value.indexOf('@', from)
      PARSE_WORK.steps += (atSign === -1 ? value.length : atSign) - from
      email = atSign === -1 ? undefined : emailAround(value, atSign, last)
    } else if (email !== undefined && email.start < last) email = emailAround(value, atSign, last)
    const useEmail = email !== undefined && (url === null || email.start < url.index)
    if (!useEmail && url === null) {
      if (atSign === -1) break
      from = atSign + 1
      continue
    }
    let start = useEmail ? (email as { start: number }).start : (url as RegExpExecArray).index
    const candidate = useEmail ? (email as { candidate: string }).candidate : (url as RegExpExecArray)[0]
    const scheme = useEmail ? (/(?:mailto|xmpp):$/i.exec(value.slice(Math.max(0, start - 7), start))?.[0] ?? '') : ''
    start -= scheme.length
    const before = start === 0 ? undefined : value[start - 1]
    const resource = scheme === '' ? '' : (/^\/[A-Za-z0-9@.]+/.exec(value.slice(start + scheme.length + candidate.length))?.[0] ?? '')
    const found = useEmail ? matchEmail(candidate, before, scheme.toLowerCase(), resource) : matchUrl(candidate, before)
    if (found === undefined) {
      // a refused URL is skipped whole: trying again inside it would make a long token quadratic
      from = useEmail ? atSign + 1 : start + Math.max(1, candidate.length)
      continue
    }
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) })
    out.push({ type: 'link', url: found.url, title: undefined, children: [{ type: 'text', value: found.text }] })
    last = start + found.text.length
    from = last
  }
  if (last < value.length) out.push({ type: 'text', value: last === 0 ? value : value.slice(last) })
}

/** Turns bare URLs and e-mail addresses in text nodes into links (never inside a link or code). */
export function linkify(nodes: readonly InlineNode[]): InlineNode[] {
  const out: InlineNode[] = []
  for (const node of nodes) {
    PARSE_WORK.steps++
    switch (node.type) {
      case 'text': {
        if (HINT.test(node.value)) linkifyText(node.value, out)
        else out.push(node)
        break
      }
      case 'emphasis':
      case 'strong':
      case 'delete': {
        // bounded by the parser's depth limit
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
