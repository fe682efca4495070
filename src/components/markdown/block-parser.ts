import {
  BLOCKQUOTE, FENCE_CLOSE, FENCE_OPEN, HEADING, indentWidth, isAmbiguousTail, isBlank, MAX_NESTING, parseListMarker,
  stripIndent, THEMATIC_BREAK, type ScanContext,
} from './block-lines'
import { scanList } from './block-list'
import { scanTable, tableStartAt } from './block-table'
import { parseInline } from './inline-parser'
import type { BlockNode } from './types'

/** A block found by `scanBlocks`, with its line range `[from, to)`; `open` marks the live tail. */
export interface BlockSegment {
  readonly node: BlockNode
  readonly from: number
  readonly to: number
  readonly open: boolean
}

const TABLE_ROW_START = /^[ \t]*\|/
// the first character every interrupting block starts with: a cheap test before the regexes
const BLOCK_START = /^[ \t]*[`~#*_>+\d-]/

/** Whether the line at `index` starts a block that may interrupt a paragraph. */
function interruptsParagraph(lines: readonly string[], index: number, context: ScanContext): boolean {
  const line = lines[index] ?? ''
  if (!BLOCK_START.test(line)) return tableStartAt(lines, index, context) !== undefined
  if (FENCE_OPEN.test(line) || HEADING.test(line) || THEMATIC_BREAK.test(line) || BLOCKQUOTE.test(line)) return true
  const marker = parseListMarker(line)
  if (marker && marker.indent < 4 && !isBlank(marker.content) && (!marker.ordered || marker.start === 1)) return true
  return tableStartAt(lines, index, context) !== undefined
}

function scanFence(
  lines: readonly string[], from: number, match: RegExpExecArray, context: ScanContext,
): { node: BlockNode; to: number } {
  const indent = match[1]?.length ?? 0
  const fence = match[2] ?? '```'
  const code: string[] = []
  let closed = false
  let to = from + 1
  for (; to < lines.length; to++) {
    const line = lines[to] ?? ''
    const close = FENCE_CLOSE.exec(line)?.[1]
    if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) {
      closed = true
      to++
      break
    }
    code.push(stripIndent(line, indent))
  }
  const last = lines.length - 1
  // a last line that may still become the closing fence (`` ` `` or ``` `` ```) is not shown as code
  if (!closed && context.partialLast && to > from + 1 && /^ {0,3}(`+|~+)$/.test(lines[last] ?? '') &&
    (lines[last] ?? '').trim()[0] === fence[0]) code.pop()
  // while the opening line is still arriving, its info string (`pyth…`) is not a language yet
  const infoDone = !(context.partialLast && from === last)
  const info = infoDone ? (match[3] ?? '').trim().split(/\s+/)[0] ?? '' : ''
  // `{.python}` and `python{1,3}` shapes are trimmed; anything but word characters and `#+.-` is dropped
  const language = info.replace(/^[{.]+/, '').replace(/[{}].*$/, '').replace(/[^\w#+.-]/g, '').toLowerCase()
  const status = !closed && context.openEnd ? 'streaming' : 'done'
  return { node: { type: 'code', language: language || undefined, code: code.join('\n'), status }, to }
}

function scanParagraph(
  lines: readonly string[], from: number, end: number, context: ScanContext,
): { node: BlockNode | undefined; to: number } {
  let to = from + 1
  for (; to < end; to++) {
    const line = lines[to] ?? ''
    if (isBlank(line) || interruptsParagraph(lines, to, context)) break
    // `- ` alone can't interrupt a paragraph, but in a live tail it is about to become an item: let it
    if (context.partialLast && to === lines.length - 1 && isBlank(parseListMarker(line)?.content ?? 'x')) break
  }
  const open = context.openEnd && to >= end
  let visible = to
  // live tail: up to two trailing `|` lines may be a table whose delimiter row is still on its way
  if (open) while (visible > from && visible > to - 2 && TABLE_ROW_START.test(lines[visible - 1] ?? '')) visible--
  if (visible === from) return { node: undefined, to }
  const text = lines.slice(from, visible).map((line) => line.trimStart()).join('\n').trimEnd()
  return { node: { type: 'paragraph', children: parseInline(text, open) }, to }
}

function scanBlockquote(
  lines: readonly string[], from: number, end: number, context: ScanContext,
): { node: BlockNode; to: number } {
  const inner: string[] = []
  let to = from
  for (; to < end; to++) {
    const line = lines[to] ?? ''
    const marker = BLOCKQUOTE.exec(line)
    if (marker) inner.push(line.slice(marker[0].length))
    else if (isBlank(line) || isBlank(inner[inner.length - 1] ?? '') || interruptsParagraph(lines, to, context)) break
    else inner.push(line)
  }
  const reachesEnd = to >= end
  const children = scanChildren(inner, {
    openEnd: context.openEnd && reachesEnd,
    partialLast: context.partialLast && to === lines.length,
    depth: (context.depth ?? 0) + 1,
  })
  return { node: { type: 'blockquote', children: children.blocks }, to }
}

function scanIndentedCode(lines: readonly string[], from: number, end: number): { node: BlockNode; to: number } {
  let to = from
  while (to < end && (isBlank(lines[to] ?? '') || indentWidth(lines[to] ?? '') >= 4)) to++
  while (isBlank(lines[to - 1] ?? '')) to--
  const code = lines.slice(from, to).map((line) => stripIndent(line, 4)).join('\n')
  return { node: { type: 'code', language: undefined, code, status: 'done' }, to }
}

/**
 * Splits lines into blocks. In a live stream (`context`), a last line that could still turn into another
 * construct is held back, and the block reaching the end is marked `open`.
 */
export function scanBlocks(lines: readonly string[], context: ScanContext): BlockSegment[] {
  if ((context.depth ?? 0) > MAX_NESTING) {
    const node: BlockNode = { type: 'paragraph', children: [{ type: 'text', value: lines.join('\n') }] }
    return lines.length === 0 ? [] : [{ node, from: 0, to: lines.length, open: context.openEnd }]
  }
  const segments: BlockSegment[] = []
  const last = lines.length - 1
  const end = context.partialLast && last >= 0 && isAmbiguousTail(lines[last] ?? '') ? last : lines.length
  let index = 0
  while (index < lines.length) {
    const line = lines[index] ?? ''
    const fence = FENCE_OPEN.exec(line)
    if (fence && !(fence[2]?.startsWith('`') && fence[3]?.includes('`'))) {
      const { node, to } = scanFence(lines, index, fence, context)
      segments.push({ node, from: index, to, open: context.openEnd && to >= end })
      index = to
      continue
    }
    if (index >= end) break
    if (isBlank(line)) {
      index++
      continue
    }
    const result = scanLeafOrContainer(lines, index, end, context)
    if (result.node) segments.push({ node: result.node, from: index, to: result.to, open: context.openEnd && result.to >= end })
    index = result.to
  }
  return segments
}

function scanLeafOrContainer(
  lines: readonly string[], index: number, end: number, context: ScanContext,
): { node: BlockNode | undefined; to: number } {
  const line = lines[index] ?? ''
  if (indentWidth(line) >= 4) return scanIndentedCode(lines, index, end)
  const heading = HEADING.exec(line)
  if (heading) {
    const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6
    const open = context.partialLast && index === lines.length - 1
    return { node: { type: 'heading', level, children: parseInline((heading[2] ?? '').trim(), open) }, to: index + 1 }
  }
  if (THEMATIC_BREAK.test(line)) return { node: { type: 'thematicBreak' }, to: index + 1 }
  if (BLOCKQUOTE.test(line)) return scanBlockquote(lines, index, end, context)
  const marker = parseListMarker(line)
  if (marker) {
    return scanList(lines, index, end, marker, context, (at) => interruptsParagraph(lines, at, context), scanChildren)
  }
  const table = tableStartAt(lines, index, context)
  if (table) return scanTable(lines, index, end, table, context)
  return scanParagraph(lines, index, end, context)
}

/** Parses a container's lines; the container is loose when a blank line separates two of its blocks. */
export function scanChildren(lines: string[], context: ScanContext): { blocks: BlockNode[]; loose: boolean } {
  const segments = scanBlocks(lines, context)
  let loose = false
  for (let index = 1; index < segments.length; index++) {
    if ((segments[index]?.from ?? 0) > (segments[index - 1]?.to ?? 0)) loose = true
  }
  return { blocks: segments.map((segment) => segment.node), loose }
}
