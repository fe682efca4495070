import type { InlineNode } from './types'
import { PARSE_WORK } from './parse-work'

/** Inline nodes nested deeper than this stay as text (their delimiters show), so rendering never recurses far. */
export const MAX_INLINE_DEPTH = 24
// more open emphasis than this in one live paragraph is not prose: the rest stays text
const MAX_OPEN_DELIMITERS = 16

/**
 * One entry of the inline parser's working list, a doubly linked list so that wrapping a run of entries into
 * emphasis or a link costs the size of that run, never the size of the paragraph.
 */
export type Piece = TextPiece | NodePiece | DelimiterPiece | BracketPiece | GroupPiece

interface Linked {
  prev: Piece | undefined
  next: Piece | undefined
}

/** Literal text. */
export interface TextPiece extends Linked {
  readonly kind: 'text'
  value: string
}

/** A finished node and how deep its tree goes. */
export interface NodePiece extends Linked {
  readonly kind: 'node'
  readonly node: InlineNode
  readonly height: number
}

/** Pieces set aside as they are (emphasis around them would nest too deep), kept as a sub-list. */
export interface GroupPiece extends Linked {
  readonly kind: 'group'
  readonly first: Piece
  readonly last: Piece
  readonly height: number
}

/** A run of `*`, `_` or `~` that may open or close emphasis; `count` shrinks as the run is used. */
export interface DelimiterPiece extends Linked {
  readonly kind: 'delimiter'
  readonly char: '*' | '_' | '~'
  count: number
  /** Characters of the run that could not become emphasis (too deep) and show as text. */
  literal: number
  readonly original: number
  readonly canOpen: boolean
  readonly canClose: boolean
  /** The delimiter stack: earlier and later runs still waiting for a partner. */
  previousDelimiter: DelimiterPiece | undefined
  nextDelimiter: DelimiterPiece | undefined
  inStack: boolean
}

/** An unresolved `[` or `![`. */
export interface BracketPiece extends Linked {
  readonly kind: 'bracket'
  readonly image: boolean
  /** Offset just past the bracket in the source, where a reference label starts. */
  readonly textStart: number
  /** Order of creation: a link made later deactivates every earlier `[` (links don't nest). */
  readonly order: number
  /** The delimiter stack's top when the bracket was pushed: emphasis inside the link stops there. */
  readonly delimiterBottom: DelimiterPiece | undefined
}

/** The working list: a head and tail sentinel-free doubly linked list. */
export class PieceList {
  head: Piece | undefined
  tail: Piece | undefined

  append(piece: Piece): void {
    piece.prev = this.tail
    piece.next = undefined
    if (this.tail) this.tail.next = piece
    else this.head = piece
    this.tail = piece
  }

  appendText(value: string): void {
    if (value === '') return
    if (this.tail?.kind === 'text') this.tail.value += value
    else this.append({ kind: 'text', value, prev: undefined, next: undefined })
  }

  /** Puts literal text where a bracket was that turned out not to open a link. */
  literal(bracket: BracketPiece): void {
    const text: TextPiece = { kind: 'text', value: bracket.image ? '![' : '[', prev: bracket.prev, next: bracket.next }
    if (bracket.prev) bracket.prev.next = text
    else this.head = text
    if (bracket.next) bracket.next.prev = text
    else this.tail = text
  }

  remove(piece: Piece): void {
    if (piece.prev) piece.prev.next = piece.next
    else this.head = piece.next
    if (piece.next) piece.next.prev = piece.prev
    else this.tail = piece.prev
    piece.prev = undefined
    piece.next = undefined
  }

  /** Replaces the pieces strictly between `after` and `before` (undefined: the list's ends) with `piece`. */
  replaceBetween(after: Piece | undefined, before: Piece | undefined, piece: Piece): void {
    piece.prev = after
    piece.next = before
    if (after) after.next = piece
    else this.head = piece
    if (before) before.prev = piece
    else this.tail = piece
  }
}

/** The tallest node among the pieces from `first` up to (not including) `stop`. */
function heightOf(first: Piece | undefined, stop: Piece | undefined): number {
  let height = 0
  for (let piece = first; piece !== undefined && piece !== stop; piece = piece.next) {
    PARSE_WORK.steps++
    if ((piece.kind === 'node' || piece.kind === 'group') && piece.height > height) height = piece.height
  }
  return height
}

/** The nodes and tree height of the pieces from `first` up to (not including) `stop`; unmatched runs become text. */
export function collectNodes(first: Piece | undefined, stop: Piece | undefined, open: boolean): { nodes: InlineNode[]; height: number } {
  const nodes: InlineNode[] = []
  let height = 0
  let text = ''
  const flush = (): void => {
    if (text !== '') nodes.push({ type: 'text', value: text })
    text = ''
  }
  // groups are walked with an explicit stack of where to resume, since they may nest in each other
  const resume: { piece: Piece | undefined; stop: Piece | undefined }[] = []
  let piece = first
  let end = stop
  for (;;) {
    PARSE_WORK.steps++
    if (piece === undefined || piece === end) {
      const frame = resume.pop()
      if (frame === undefined) break
      piece = frame.piece
      end = frame.stop
      continue
    }
    switch (piece.kind) {
      case 'text': {
        text += piece.value
        break
      }
      case 'delimiter': {
        text += piece.char.repeat(piece.count + piece.literal)
        break
      }
      case 'bracket': {
        // a live tail hides an unclosed `[`, and everything after an unclosed `![` (an image shows once complete)
        if (!open) text += piece.image ? '![' : '['
        else if (piece.image) {
          flush()
          return { nodes, height }
        }
        break
      }
      case 'node': {
        if (piece.node.type === 'text') text += piece.node.value
        else {
          flush()
          nodes.push(piece.node)
          if (piece.height > height) height = piece.height
        }
        break
      }
      case 'group': {
        resume.push({ piece: piece.next, stop: end })
        end = piece.last.next
        piece = piece.first
        continue
      }
      default: {
        piece satisfies never
      }
    }
    piece = piece.next
  }
  flush()
  return { nodes, height }
}

/** Removes a run from the delimiter stack (it stays in the list as text). */
export function unlinkDelimiter(delimiter: DelimiterPiece, stack: { top: DelimiterPiece | undefined }): void {
  if (!delimiter.inStack) return
  delimiter.inStack = false
  if (delimiter.previousDelimiter) delimiter.previousDelimiter.nextDelimiter = delimiter.nextDelimiter
  if (delimiter.nextDelimiter) delimiter.nextDelimiter.previousDelimiter = delimiter.previousDelimiter
  else stack.top = delimiter.previousDelimiter
  delimiter.previousDelimiter = undefined
  delimiter.nextDelimiter = undefined
}

// CommonMark's "rule of 3": `*a**b*` must not pair a closer of one with an opener of two
function breaksRuleOfThree(opener: DelimiterPiece, closer: DelimiterPiece): boolean {
  if (opener.char === '~' || !(opener.canClose || closer.canOpen)) return false
  return (opener.original + closer.original) % 3 === 0 && !(opener.original % 3 === 0 && closer.original % 3 === 0)
}

function canPair(opener: DelimiterPiece, closer: DelimiterPiece): boolean {
  if (opener.char !== closer.char || !opener.canOpen) return false
  // GFM strikethrough pairs runs of the same length only (`~a~`, `~~a~~`)
  if (closer.char === '~') return opener.count === closer.count
  return !breaksRuleOfThree(opener, closer)
}

function bottomKey(closer: DelimiterPiece): string {
  return closer.char === '~' ? `~${closer.original}` : `${closer.char}${closer.canOpen ? 1 : 0}${closer.original % 3}`
}

/**
 * CommonMark's "process emphasis" over the delimiter stack above `bottom`: pairs closers with the nearest
 * matching opener and wraps what lies between. Linear: each failed search moves its kind's "openers bottom"
 * up, and each wrap moves the wrapped pieces once.
 */
export function processEmphasis(list: PieceList, stack: { top: DelimiterPiece | undefined }, bottom: DelimiterPiece | undefined): void {
  if (stack.top === bottom) return
  const openersBottom = new Map<string, DelimiterPiece | undefined>()
  let closer = stack.top
  while (closer !== undefined && closer.previousDelimiter !== bottom) closer = closer.previousDelimiter
  while (closer !== undefined) {
    PARSE_WORK.steps++
    if (!closer.canClose) {
      closer = closer.nextDelimiter
      continue
    }
    const key = bottomKey(closer)
    const floor = openersBottom.has(key) ? openersBottom.get(key) : bottom
    let opener = closer.previousDelimiter
    while (opener !== undefined && opener !== bottom && opener !== floor && !canPair(opener, closer)) {
      PARSE_WORK.steps++
      opener = opener.previousDelimiter
    }
    if (opener === undefined || opener === bottom || opener === floor) {
      openersBottom.set(key, closer.previousDelimiter)
      const next: DelimiterPiece | undefined = closer.nextDelimiter
      if (!closer.canOpen) unlinkDelimiter(closer, stack)
      closer = next
      continue
    }
    const use = closer.char === '~' ? closer.count : opener.count >= 2 && closer.count >= 2 ? 2 : 1
    for (let between = opener.nextDelimiter; between !== undefined && between !== closer;) {
      const next: DelimiterPiece | undefined = between.nextDelimiter
      unlinkDelimiter(between, stack)
      between = next
    }
    opener.count -= use
    closer.count -= use
    const deep = opener.literal > 0 || closer.literal > 0 || heightOf(opener.next, closer) + 1 > MAX_INLINE_DEPTH
    if (deep) {
      // too deep: the delimiters stay as text, and the pieces between are set aside as one group
      opener.literal += use
      closer.literal += use
      if (opener.next !== closer) {
        const first = opener.next as Piece
        const last = closer.prev as Piece
        const group: GroupPiece = { kind: 'group', first, last, height: heightOf(first, closer), prev: undefined, next: undefined }
        last.next = undefined
        list.replaceBetween(opener, closer, group)
      }
    } else {
      const { nodes, height } = collectNodes(opener.next, closer, false)
      const node: InlineNode =
        closer.char === '~' ? { type: 'delete', children: nodes } : { type: use === 2 ? 'strong' : 'emphasis', children: nodes }
      list.replaceBetween(opener, closer, { kind: 'node', node, height: height + 1, prev: undefined, next: undefined })
    }
    if (opener.count === 0) {
      unlinkDelimiter(opener, stack)
      if (opener.literal === 0) list.remove(opener)
    }
    if (closer.count === 0) {
      const next: DelimiterPiece | undefined = closer.nextDelimiter
      unlinkDelimiter(closer, stack)
      if (closer.literal === 0) list.remove(closer)
      closer = next
    }
  }
  while (stack.top !== undefined && stack.top !== bottom) unlinkDelimiter(stack.top, stack)
}

/**
 * Streaming only: an opener still waiting for its closer styles everything after it, innermost first, so
 * `**bold` shows bold instead of asterisks. A lone `*` that could also close (`a*b`) is left as text.
 */
export function closeOpenDelimiters(list: PieceList): void {
  let closed = 0
  for (let piece = list.tail; piece !== undefined && closed < MAX_OPEN_DELIMITERS; piece = piece.prev) {
    PARSE_WORK.steps++
    if (piece.kind !== 'delimiter' || piece.count === 0 || !piece.canOpen || piece.literal > 0) continue
    if (piece.count === 1 && piece.canClose) continue
    if (heightOf(piece.next, undefined) + 2 > MAX_INLINE_DEPTH) break
    const { nodes, height } = collectNodes(piece.next, undefined, true)
    closed++
    let node: InlineNode
    if (piece.char === '~') node = { type: 'delete', children: nodes }
    else if (piece.count >= 3) node = { type: 'emphasis', children: [{ type: 'strong', children: nodes }] }
    else node = { type: piece.count === 2 ? 'strong' : 'emphasis', children: nodes }
    const before = piece.prev
    list.replaceBetween(before, undefined, { kind: 'node', node, height: height + 2, prev: undefined, next: undefined })
    piece = list.tail as Piece
  }
}

/** The plain text of nodes, used for an image's alt text. */
export function plainText(nodes: readonly InlineNode[]): string {
  let text = ''
  // an explicit stack: alt text may come from nodes nested as deep as the parser allows
  const stack: InlineNode[] = [...nodes].reverse()
  while (stack.length > 0) {
    const node = stack.pop() as InlineNode
    switch (node.type) {
      case 'text':
      case 'inlineMath':
      case 'inlineCode': {
        text += node.value
        break
      }
      case 'emphasis':
      case 'strong':
      case 'delete':
      case 'link': {
        for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as InlineNode)
        break
      }
      case 'image': {
        text += node.alt
        break
      }
      case 'break':
      case 'softBreak': {
        text += '\n'
        break
      }
      default: {
        node satisfies never
      }
    }
  }
  return text
}
