import type { InlineNode } from './types'

/** A run of `*`, `_` or `~~` that may open or close emphasis; `count` shrinks as the run is used. */
export interface DelimiterItem {
  readonly kind: 'delimiter'
  readonly char: '*' | '_' | '~'
  count: number
  readonly original: number
  readonly canOpen: boolean
  readonly canClose: boolean
}

/** An unresolved `[` or `![`; links inside links are refused by turning earlier openers inactive. */
export interface BracketItem {
  readonly kind: 'bracket'
  readonly image: boolean
  active: boolean
}

/** The inline parser's working list: finished nodes plus delimiters and brackets still waiting for a partner. */
export type InlineItem = InlineNode | DelimiterItem | BracketItem

/** Narrows a working item to a delimiter run. */
export function isDelimiter(item: InlineItem | undefined): item is DelimiterItem {
  return item !== undefined && 'kind' in item && item.kind === 'delimiter'
}

/** Narrows a working item to a pending bracket. */
export function isBracket(item: InlineItem | undefined): item is BracketItem {
  return item !== undefined && 'kind' in item && item.kind === 'bracket'
}

// more open emphasis than this in one live paragraph is not prose: the rest stays text, and nesting stays shallow
const MAX_OPEN_DELIMITERS = 16

/** CommonMark's "rule of 3": `*a**b*` must not pair a closer of one with an opener of two. */
function breaksRuleOfThree(opener: DelimiterItem, closer: DelimiterItem): boolean {
  if (opener.char === '~' || !(opener.canClose || closer.canOpen)) return false
  return (opener.original + closer.original) % 3 === 0 && !(opener.original % 3 === 0 && closer.original % 3 === 0)
}

/** Pairs closers with the nearest matching opener and wraps what lies between them (CommonMark §6.2, simplified). */
export function matchDelimiters(items: InlineItem[]): void {
  // CommonMark's "openers bottom": once a search for a kind of closer fails, later ones of that kind stop
  // there, which keeps `a* a* a* …` linear. Splices only happen above an opener, so these indexes stay valid.
  const bottoms = new Map<string, number>()
  let closerIndex = 0
  while (closerIndex < items.length) {
    const closer = items[closerIndex]
    if (!isDelimiter(closer) || !closer.canClose || closer.count === 0) {
      closerIndex++
      continue
    }
    const kind = `${closer.char}${closer.canOpen ? 1 : 0}${closer.original % 3}`
    const bottom = bottoms.get(kind) ?? -1
    let openerIndex = closerIndex - 1
    for (; openerIndex > bottom; openerIndex--) {
      const candidate = items[openerIndex]
      if (isDelimiter(candidate) && candidate.char === closer.char && candidate.canOpen && candidate.count > 0 &&
        !breaksRuleOfThree(candidate, closer)) break
    }
    const opener = items[openerIndex]
    if (openerIndex <= bottom || !isDelimiter(opener)) {
      bottoms.set(kind, closerIndex - 1)
      closerIndex++
      continue
    }
    const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1
    const children = finalizeItems(items.slice(openerIndex + 1, closerIndex), false)
    const node: InlineNode = closer.char === '~'
      ? { type: 'delete', children }
      : { type: use === 2 ? 'strong' : 'emphasis', children }
    opener.count -= use
    closer.count -= use
    items.splice(openerIndex + 1, closerIndex - openerIndex - 1, node)
    closerIndex = openerIndex + 2
    if (opener.count === 0) {
      items.splice(openerIndex, 1)
      closerIndex--
    }
    if (closer.count === 0) items.splice(closerIndex, 1)
  }
}

/**
 * Streaming only: an opener still waiting for its closer styles everything after it, innermost first, so
 * `**bold` shows bold instead of asterisks. A lone `*` that could also close (`a*b`) is left as text.
 */
export function closeOpenDelimiters(items: InlineItem[]): void {
  let closed = 0
  for (let index = items.length - 1; index >= 0 && closed < MAX_OPEN_DELIMITERS; index--) {
    const opener = items[index]
    if (!isDelimiter(opener) || opener.count === 0 || !opener.canOpen) continue
    if (opener.count === 1 && opener.canClose) continue
    closed++
    let node: InlineNode
    const children = finalizeItems(items.slice(index + 1), true)
    if (opener.char === '~') node = { type: 'delete', children }
    else if (opener.count >= 3) node = { type: 'emphasis', children: [{ type: 'strong', children }] }
    else node = { type: opener.count === 2 ? 'strong' : 'emphasis', children }
    items.splice(index, items.length - index, node)
  }
}

/**
 * Turns leftover delimiters and brackets into text and merges adjacent text. With `open` (a live tail), an
 * unclosed `[` is hidden and an unclosed `![` hides everything after it: an image renders only once complete.
 */
export function finalizeItems(items: readonly InlineItem[], open: boolean): InlineNode[] {
  const nodes: InlineNode[] = []
  const pushText = (value: string): void => {
    if (value === '') return
    const last = nodes[nodes.length - 1]
    if (last?.type === 'text') nodes[nodes.length - 1] = { type: 'text', value: last.value + value }
    else nodes.push({ type: 'text', value })
  }
  for (const item of items) {
    if (isDelimiter(item)) pushText(item.char.repeat(item.count))
    else if (isBracket(item)) {
      if (!open) pushText(item.image ? '![' : '[')
      else if (item.image) break
    } else if (item.type === 'text') pushText(item.value)
    else nodes.push(item)
  }
  return nodes
}

/** The plain text of nodes, used for an image's alt text. */
export function plainText(nodes: readonly InlineNode[]): string {
  let text = ''
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode': {
        text += node.value
        break
      }
      case 'emphasis':
      case 'strong':
      case 'delete':
      case 'link': {
        text += plainText(node.children)
        break
      }
      case 'image': {
        text += node.alt
        break
      }
      case 'break':
      case 'softBreak': {
        text += ' '
        break
      }
      default: {
        node satisfies never
      }
    }
  }
  return text
}
