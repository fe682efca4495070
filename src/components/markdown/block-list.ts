import {
  indentWidth, isBlank, parseListMarker, stripIndent, THEMATIC_BREAK, type ListMarker, type ScanContext,
} from './block-lines'
import type { BlockNode, ListItemNode } from './types'

/** Parses the lines of a container (item, quote) into blocks; `loose` tells whether blank lines separate them. */
export type ScanChildren = (lines: string[], context: ScanContext) => { blocks: BlockNode[]; loose: boolean }

const TASK = /^\[([ xX])\](?:[ \t]+|$)/

interface ItemDraft {
  readonly marker: ListMarker
  readonly lines: string[]
}

function sameList(a: ListMarker, b: ListMarker): boolean {
  return a.ordered === b.ordered && a.symbol === b.symbol
}

/**
 * Reads a list starting at `from`. Lines indented to an item's content belong to it; so does a list item
 * indented at least two columns past the marker (`1. a` then `  - b`), a common shape in LLM output that
 * CommonMark would split into two lists.
 */
export function scanList(
  lines: readonly string[], from: number, end: number, first: ListMarker, context: ScanContext,
  interrupts: (index: number) => boolean, scanChildren: ScanChildren,
): { node: BlockNode; to: number } {
  const items: ItemDraft[] = [{ marker: first, lines: [first.content] }]
  let loose = false
  let to = from + 1
  for (; to < end; to++) {
    const line = lines[to] ?? ''
    const current = items[items.length - 1] as ItemDraft
    if (isBlank(line)) {
      current.lines.push('')
      continue
    }
    const indent = indentWidth(line)
    if (indent >= current.marker.contentIndent) {
      current.lines.push(stripIndent(line, current.marker.contentIndent))
      continue
    }
    if (THEMATIC_BREAK.test(line)) break
    const previousBlank = isBlank(lines[to - 1] ?? '')
    const marker = parseListMarker(line)
    if (marker && indent >= current.marker.indent + 2) {
      current.lines.push(stripIndent(line, indent))
      continue
    }
    if (marker) {
      if (!sameList(marker, first)) break
      if (previousBlank) loose = true
      trimTrailingBlanks(current.lines)
      items.push({ marker, lines: [marker.content] })
      continue
    }
    // lazy continuation of the item's last paragraph
    if (previousBlank || indent >= 4 || interrupts(to)) break
    current.lines.push(line.trimStart())
  }
  while (to > from + 1 && isBlank(lines[to - 1] ?? '')) to--
  const reachesEnd = to >= end
  const nodes: ListItemNode[] = items.map((item, index) => {
    trimTrailingBlanks(item.lines)
    const last = reachesEnd && index === items.length - 1
    const task = TASK.exec(item.lines[0] ?? '')
    if (task) item.lines[0] = (item.lines[0] ?? '').slice(task[0].length)
    const children = scanChildren(item.lines, {
      openEnd: context.openEnd && last,
      partialLast: context.partialLast && last && to === lines.length,
      depth: (context.depth ?? 0) + 1,
    })
    if (children.loose) loose = true
    return { checked: task ? task[1] !== ' ' : undefined, children: children.blocks }
  })
  return { node: { type: 'list', ordered: first.ordered, start: first.start, tight: !loose, items: nodes }, to }
}

function trimTrailingBlanks(lines: string[]): void {
  while (lines.length > 1 && isBlank(lines[lines.length - 1] ?? '')) lines.pop()
}
