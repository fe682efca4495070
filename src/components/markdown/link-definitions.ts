import type { LinkDefinition } from './inline-parser'
import { normalizeLabel, parseLinkLabel, scanTitle, skipLinkSpaces, unescapeText } from './inline-links'
import { PARSE_WORK } from './parse-work'

function destinationAt(text: string, at: number): { url: string; end: number } | undefined {
  if (text[at] === '<') {
    let close = at + 1
    while (close < text.length && text[close] !== '>' && text[close] !== '\n' && text[close] !== '<') {
      close += text[close] === '\\' ? 2 : 1
    }
    if (text[close] !== '>') return undefined
    return { url: text.slice(at + 1, close), end: close + 1 }
  }
  let depth = 0
  let end = at
  for (; end < text.length; end++) {
    const char = text[end] ?? ''
    if (char === '\\' && /[!-/:-@[-`{-~]/.test(text[end + 1] ?? '')) end++
    else if (char === '(') depth++
    else if (char === ')') {
      if (depth === 0) break
      depth--
    } else if (char <= ' ') break
  }
  if (end === at || depth !== 0) return undefined
  return { url: text.slice(at, end), end }
}

function lineEndAt(text: string, at: number): number {
  let end = at
  while (text[end] === ' ' || text[end] === '\t') end++
  if (end >= text.length) return end
  return text[end] === '\n' ? end + 1 : -1
}

/** Reads one definition at `at`: its label, target and where the next line starts; undefined when there is none. */
function definitionAt(text: string, at: number): { label: string; definition: LinkDefinition; end: number } | undefined {
  const label = parseLinkLabel(text, at)
  if (label === undefined || label === 'incomplete' || text[label.end] !== ':') return undefined
  const key = normalizeLabel(label.label)
  if (key === '') return undefined
  const destinationStart = skipLinkSpaces(text, label.end + 1)
  const destination = destinationAt(text, destinationStart)
  if (destination === undefined) return undefined
  const url = unescapeText(destination.url)
  const beforeTitle = destination.end
  const titleStart = skipLinkSpaces(text, beforeTitle)
  const quote = text[titleStart]
  if (titleStart > beforeTitle && (quote === '"' || quote === "'" || quote === '(')) {
    const close = scanTitle(text, titleStart)
    if (close >= 0) {
      const end = lineEndAt(text, close + 1)
      if (end !== -1) return { label: key, definition: { url, title: unescapeText(text.slice(titleStart + 1, close)) }, end }
    }
  }
  // no title (or one that doesn't end its line): the destination must end its line
  const end = lineEndAt(text, beforeTitle)
  if (end === -1) return undefined
  return { label: key, definition: { url, title: undefined }, end }
}

/**
 * Takes the link reference definitions off the start of a paragraph's text (CommonMark §4.7).
 * @example takeDefinitions('[a]: /u\ntext') // { definitions: [['A', { url: '/u', title: undefined }]], rest: 'text' }
 */
export function takeDefinitions(text: string): { definitions: [string, LinkDefinition][]; rest: string } {
  const definitions: [string, LinkDefinition][] = []
  let at = 0
  while (text[at] === '[') {
    const found = definitionAt(text, at)
    if (found === undefined) break
    PARSE_WORK.steps += found.end - at
    definitions.push([found.label, found.definition])
    at = found.end
  }
  return { definitions, rest: at === 0 ? text : text.slice(at) }
}

/** True when a live paragraph's text may still be turning into a definition (`[label]:` so far). */
export function mayBecomeDefinition(text: string): boolean {
  const label = parseLinkLabel(text, 0)
  if (label === 'incomplete') return false
  return label !== undefined && text[label.end] === ':'
}
