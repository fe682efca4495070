import type { TreeBlock } from './block-lines'
import { fitRows } from './block-table'
import { unescapeText } from './inline-links'
import { parseInline, type InlineContext, type LinkDefinition } from './inline-parser'
import { mayBecomeDefinition } from './link-definitions'
import type { BlockNode, InlineNode, ListItemNode } from './types'
import { PARSE_WORK } from './parse-work'
import { trimRun } from './trim-run'

const TASK = /^\[([ xX])\](?:[ \t]+|$)/
const TABLE_ROW_START = /^[ \t]*\|/

/** A build and the reference labels it looked up, to report again when it is reused. */
interface Kept<Node> {
  readonly node: Node
  readonly labels: readonly string[]
}

/**
 * What one parse of a growing block keeps for the next (with the same definitions): the inline content of its
 * leaves by their text, and its finished list items and table rows by their tree (a tree the block phase closed
 * never changes again).
 */
export interface BuildCache {
  readonly inlines: Map<string, Kept<InlineNode[]>>
  readonly items: WeakMap<TreeBlock, Kept<ListItemNode>>
  readonly rows: WeakMap<readonly string[], Kept<InlineNode[][]>>
}

export function newBuildCache(): BuildCache {
  return { inlines: new Map(), items: new WeakMap(), rows: new WeakMap() }
}

/** How a tree is turned into nodes: a live stream or not, and what inline parsing may look up. */
export interface BuildContext extends InlineContext {
  readonly streaming: boolean
  /**
   * Kept from one parse of a growing block to the next: its finished rows, items and lines are not built again, so
   * a table or list streamed row by row costs the rows it gained.
   */
  readonly cache?: BuildCache
}

// A live block with more distinct leaves than this starts its cache again
const INLINE_CACHE_LIMIT = 8192

// The inline parse of one leaf's text, from the cache when the same text was parsed the same way before. A leaf
// still being written (open) is never kept: its text is another one at each parse.
function inline(text: string, open: boolean, context: BuildContext): InlineNode[] {
  const cache = context.cache?.inlines
  if (cache === undefined || open) return parseInline(text, open, context)
  if (cache.size >= INLINE_CACHE_LIMIT && !cache.has(text)) cache.clear()
  return reuse(cache, text, context, parseFinished)
}

function parseFinished(text: string, context: BuildContext): InlineNode[] {
  return parseInline(text, false, context)
}

// A finished item is built once; one still being written (live) is another at each parse.
function item(tree: TreeBlock, context: BuildContext): ListItemNode {
  const items = context.cache?.items
  return items === undefined || tree.live ? buildItem(tree, context) : reuse(items, tree, context, buildItem)
}

// A row that fits the header's width is the array the block phase read, so it is built once.
function row(cells: readonly string[], context: BuildContext): InlineNode[][] {
  const rows = context.cache?.rows
  return rows === undefined ? buildRow(cells, context) : reuse(rows, cells, context, buildRow)
}

function buildRow(cells: readonly string[], context: BuildContext): InlineNode[][] {
  return cells.map((cell) => inline(cell, false, context))
}

// The build kept under `key`, its labels reported again as building it would have; else built, noting its labels.
function reuse<Key, Node>(
  kept: { get(key: Key): Kept<Node> | undefined; set(key: Key, value: Kept<Node>): unknown },
  key: Key,
  context: BuildContext,
  build: (key: Key, context: BuildContext) => Node,
): Node {
  const known = kept.get(key)
  if (known !== undefined) {
    for (const label of known.labels) context.onLookup?.(label)
    return known.node
  }
  const labels: string[] = []
  const node = build(key, {
    ...context,
    onLookup: (label) => {
      labels.push(label)
      context.onLookup?.(label)
    },
  })
  kept.set(key, { node, labels })
  return node
}

function trimContent(text: string): string {
  return trimRun(text, ' \t\n')
}

function endsWithBlankLine(block: TreeBlock, next: TreeBlock | undefined): boolean {
  return next !== undefined && block.endLine !== next.startLine - 1
}

function isTight(list: TreeBlock): boolean {
  const items = list.children
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as TreeBlock
    if (endsWithBlankLine(item, items[index + 1])) return false
    const children = item.children
    for (let child = 0; child < children.length - 1; child++) {
      if (endsWithBlankLine(children[child] as TreeBlock, children[child + 1])) return false
    }
  }
  return true
}

function language(info: string): string | undefined {
  const word = unescapeText(info.trim()).split(/[ \t]+/)[0] ?? ''
  // `{.python}` and `python{1,3}` shapes are trimmed
  const name = word
    .replace(/^[{.]+/, '')
    .replace(/[{}].*$/, '')
    .toLowerCase()
  return name === '' ? undefined : name
}

function paragraphText(block: TreeBlock, context: BuildContext): { text: string; open: boolean } | undefined {
  const open = context.streaming && block.live
  let lines = block.lines
  // live tail: up to two trailing `|` lines may be a table whose delimiter row is still on its way
  if (open) {
    let visible = lines.length
    while (visible > 0 && visible > lines.length - 2 && TABLE_ROW_START.test(lines[visible - 1] ?? '')) visible--
    lines = lines.slice(0, visible)
  }
  const text = trimContent(lines.join('\n'))
  if (text === '' || (open && mayBecomeDefinition(text))) return undefined
  return { text, open }
}

function buildItem(item: TreeBlock, context: BuildContext): ListItemNode {
  let checked: boolean | undefined
  const children: BlockNode[] = []
  for (const [index, child] of item.children.entries()) {
    if (index === 0 && child.kind === 'paragraph') {
      const paragraph = paragraphText(child, context)
      const task = paragraph === undefined ? null : TASK.exec(paragraph.text)
      if (paragraph !== undefined && task) {
        checked = task[1] !== ' '
        const rest = paragraph.text.slice(task[0].length)
        if (rest !== '') children.push({ type: 'paragraph', children: inline(rest, paragraph.open, context) })
        continue
      }
    }
    const node = buildBlock(child, context)
    if (node !== undefined) children.push(node)
  }
  return { checked, children }
}

/** The node for a finished tree, or undefined when it shows nothing (definitions only, a held live tail). */
export function buildBlock(block: TreeBlock, context: BuildContext): BlockNode | undefined {
  PARSE_WORK.steps++
  switch (block.kind) {
    case 'paragraph': {
      const paragraph = paragraphText(block, context)
      if (paragraph === undefined) return undefined
      return { type: 'paragraph', children: inline(paragraph.text, paragraph.open, context) }
    }
    case 'heading': {
      const open = context.streaming && block.live && block.partialLine
      return { type: 'heading', level: block.level, children: inline(trimContent(block.lines.join('\n')), open, context) }
    }
    case 'code': {
      if (block.fence?.char === '$') {
        const status = !block.fenceClosed && context.streaming && block.live ? 'streaming' : 'done'
        return { type: 'math', value: block.lines.join('\n'), status }
      }
      const fenced = block.fence !== undefined
      // while the opening line is still arriving, its info string (`pyth…`) is not a language yet
      const name = fenced && !(context.streaming && block.partialLine && block.live) ? language(block.info) : undefined
      const status = fenced && !block.fenceClosed && context.streaming && block.live ? 'streaming' : 'done'
      return { type: 'code', language: name, code: block.lines.join('\n'), status }
    }
    case 'blockquote': {
      return { type: 'blockquote', children: buildChildren(block, context) }
    }
    case 'list': {
      const data = block.list
      const items = block.children.map((child) => item(child, context))
      return { type: 'list', ordered: data?.ordered ?? false, start: data?.start ?? 1, tight: isTight(block), items }
    }
    case 'table': {
      const table = block.table
      if (table === undefined) return undefined
      const head = table.head.map((cell) => inline(cell, false, context))
      return { type: 'table', align: table.align, head, rows: fitRows(table.rows, table.head.length).map((cells) => row(cells, context)) }
    }
    case 'thematicBreak': {
      return { type: 'thematicBreak' }
    }
    case 'item':
    case 'document': {
      return undefined
    }
    default: {
      block.kind satisfies never
      return undefined
    }
  }
}

function buildChildren(block: TreeBlock, context: BuildContext): BlockNode[] {
  const nodes: BlockNode[] = []
  for (const child of block.children) {
    const node = buildBlock(child, context)
    if (node !== undefined) nodes.push(node)
  }
  return nodes
}

type Definitions = readonly (readonly [string, LinkDefinition])[]

const NO_DEFINITIONS: Definitions = []
// A tree is read after the block phase closed it, and a closed tree never changes: what it defines is found once.
const definitionsOfTree = new WeakMap<TreeBlock, Definitions>()

/** Every definition in a tree, in document order (the first of a label wins). */
export function definitionsIn(block: TreeBlock): Definitions {
  const known = definitionsOfTree.get(block)
  if (known !== undefined) return known
  let found: (readonly [string, LinkDefinition])[] | undefined
  if (block.definitions.length > 0) found = [...block.definitions]
  for (const child of block.children) {
    const inChild = definitionsIn(child)
    if (inChild.length > 0) (found ??= []).push(...inChild)
  }
  const definitions = found ?? NO_DEFINITIONS
  definitionsOfTree.set(block, definitions)
  return definitions
}
