import { createBlock, isBlank, MAX_NESTING, type LineCursor, type ListData, type TreeBlock, type TreeKind } from './block-lines'
import { endsWithPipe, parseAlign, splitRow } from './block-table'
import { takeDefinitions } from './link-definitions'
import { runStart } from './trim-run'

/** What the block starts need from the parser. */
export interface BlockStarter {
  readonly cursor: LineCursor
  readonly lineNumber: number
  tip: TreeBlock
  closeUnmatchedBlocks(): void
  addChild(kind: TreeKind, offset: number): TreeBlock
  finalize(block: TreeBlock): void
  tableColumns(head: string): number
  readonly math: boolean
}

/** What a block start did with the line: opened a container or a leaf, consumed it, held it back, or nothing. */
export type OpenResult = 'container' | 'leaf' | 'consumed' | 'held' | 'none'

const ATX_HEADING = /^#{1,6}(?:[ \t]+|$)/
const FENCE_OPEN = /^`{3,}(?!.*`)|^~{3,}/
const MATH_OPEN = /^\$\$[ \t]*$/
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/
// the first characters every block start needs: a cheap test before the others
const MAYBE_SPECIAL = /^[#`~*+_=<>0-9-|:$]/

function replaceBlock(old: TreeBlock, replacement: TreeBlock): void {
  const siblings = old.parent?.children
  if (siblings === undefined) return
  // the block replaced is the last child, so the search is O(1)
  siblings[siblings.lastIndexOf(old)] = replacement
}

function startBlockquote(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  if (cursor.indented || cursor.peek() !== '>' || container.depth >= MAX_NESTING) return 'none'
  cursor.advanceNextNonspace()
  cursor.advanceOffset(1, false)
  if (cursor.peek(cursor.offset) === ' ' || cursor.peek(cursor.offset) === '\t') cursor.advanceOffset(1, true)
  parser.closeUnmatchedBlocks()
  parser.addChild('blockquote', cursor.nextNonspace)
  return 'container'
}

// A heading's content without its closing #s: spaces or tabs, #s, then optional spaces or tabs at the end (the whole
// content when it is only that).
function withoutClosingSequence(content: string): string {
  const end = runStart(content, ' \t')
  const hashes = runStart(content, '#', end)
  if (hashes === end) return content
  const spaces = runStart(content, ' \t', hashes)
  if (spaces === 0) return ''
  return spaces === hashes ? content : content.slice(0, spaces)
}

function startHeading(parser: BlockStarter): OpenResult {
  const cursor = parser.cursor
  const rest = cursor.line.slice(cursor.nextNonspace)
  const match = cursor.indented ? null : ATX_HEADING.exec(rest)
  if (!match) return 'none'
  cursor.advanceNextNonspace()
  cursor.advanceOffset(match[0].length, false)
  parser.closeUnmatchedBlocks()
  const heading = parser.addChild('heading', cursor.nextNonspace)
  heading.level = match[0].trim().length as 1 | 2 | 3 | 4 | 5 | 6
  const content = withoutClosingSequence(cursor.line.slice(cursor.offset))
  heading.lines.push(content)
  heading.partialLine = cursor.partial
  cursor.advanceOffset(cursor.line.length - cursor.offset, false)
  return 'leaf'
}

function startFence(parser: BlockStarter): OpenResult {
  const cursor = parser.cursor
  const rest = cursor.line.slice(cursor.nextNonspace)
  const match = cursor.indented ? null : (FENCE_OPEN.exec(rest) ?? (parser.math ? MATH_OPEN.exec(rest) : null))
  if (!match) return 'none'
  parser.closeUnmatchedBlocks()
  const code = parser.addChild('code', cursor.nextNonspace)
  code.fence = { char: match[0][0] ?? '`', length: match[0].trimEnd().length, offset: cursor.indent }
  code.partialLine = cursor.partial
  cursor.advanceNextNonspace()
  cursor.advanceOffset(match[0].length, false)
  return 'leaf'
}

function startSetext(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  const rest = cursor.line.slice(cursor.nextNonspace)
  if (cursor.indented || container.kind !== 'paragraph' || !SETEXT_UNDERLINE.test(rest)) return 'none'
  // a live `- ` is about to become a list item, not an underline
  if (cursor.partial && /^-[ \t]+$/.test(rest)) return 'none'
  parser.closeUnmatchedBlocks()
  const { definitions, rest: text } = takeDefinitions(container.lines.join('\n'))
  if (text.trim() === '') return 'none'
  const heading = createBlock('heading', container.parent, container.startLine)
  heading.level = rest[0] === '=' ? 1 : 2
  heading.lines.push(...text.split('\n'))
  heading.definitions = definitions
  heading.endLine = parser.lineNumber
  heading.open = false
  replaceBlock(container, heading)
  parser.tip = container.parent as TreeBlock
  cursor.advanceOffset(cursor.line.length - cursor.offset, false)
  return 'consumed'
}

function startThematicBreak(parser: BlockStarter): OpenResult {
  const cursor = parser.cursor
  if (cursor.indented || !THEMATIC_BREAK.test(cursor.line.slice(cursor.nextNonspace))) return 'none'
  parser.closeUnmatchedBlocks()
  parser.addChild('thematicBreak', cursor.nextNonspace)
  cursor.advanceOffset(cursor.line.length - cursor.offset, false)
  return 'leaf'
}

function parseListMarker(cursor: LineCursor, container: TreeBlock): ListData | undefined {
  if (cursor.indent >= 4) return undefined
  const rest = cursor.line.slice(cursor.nextNonspace)
  let ordered = false
  let symbol: string
  let start = 1
  let length: number
  const bullet = /^[*+-]/.exec(rest)
  const number = bullet ? null : /^(\d{1,9})([.)])/.exec(rest)
  if (bullet) {
    symbol = bullet[0]
    length = 1
  } else if (number && (container.kind !== 'paragraph' || number[1] === '1')) {
    ordered = true
    start = Number(number[1])
    symbol = number[2] ?? '.'
    length = number[0].length
  } else return undefined
  const after = cursor.peek(cursor.nextNonspace + length)
  if (!(after === '' || after === ' ' || after === '\t')) return undefined
  // an empty item can't interrupt a paragraph, but in a live tail `- ` is about to become one
  if (container.kind === 'paragraph' && isBlank(rest.slice(length)) && !cursor.partial) return undefined
  const markerOffset = cursor.indent
  cursor.advanceNextNonspace()
  cursor.advanceOffset(length, true)
  const spacesStartColumn = cursor.column
  const spacesStartOffset = cursor.offset
  let next: string
  do {
    cursor.advanceOffset(1, true)
    next = cursor.peek(cursor.offset)
  } while (cursor.column - spacesStartColumn < 5 && (next === ' ' || next === '\t'))
  const blankItem = cursor.peek(cursor.offset) === ''
  const spacesAfterMarker = cursor.column - spacesStartColumn
  let padding: number
  if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
    padding = length + 1
    cursor.column = spacesStartColumn
    cursor.offset = spacesStartOffset
    cursor.partiallyConsumedTab = false
    if (cursor.peek(cursor.offset) === ' ' || cursor.peek(cursor.offset) === '\t') cursor.advanceOffset(1, true)
  } else padding = length + spacesAfterMarker
  return { ordered, symbol, start, markerOffset, padding }
}

function startListItem(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  if ((cursor.indented && container.kind !== 'list') || container.depth >= MAX_NESTING) return 'none'
  const data = parseListMarker(cursor, container)
  if (data === undefined) return 'none'
  parser.closeUnmatchedBlocks()
  const tip = parser.tip
  if (tip.kind !== 'list' || tip.list?.ordered !== data.ordered || tip.list.symbol !== data.symbol) {
    parser.addChild('list', cursor.nextNonspace).list = data
  }
  parser.addChild('item', cursor.nextNonspace).list = data
  return 'container'
}

function startIndentedCode(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  const tip = parser.tip
  // a paragraph may continue lazily, so indented code can't interrupt it; a table continues only when matched
  if (!cursor.indented || tip.kind === 'paragraph' || (tip.kind === 'table' && container === tip) || cursor.blank) return 'none'
  cursor.advanceOffset(4, true)
  parser.closeUnmatchedBlocks()
  parser.addChild('code', cursor.offset)
  return 'leaf'
}

/** GFM: a delimiter row under an open paragraph turns the paragraph's last line into a table header. */
function startTable(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  if (cursor.indented || container.kind !== 'paragraph') return 'none'
  const delimiter = cursor.line.slice(cursor.nextNonspace)
  const header = container.lines[container.lines.length - 1]
  if (header === undefined || !(header.includes('|') || delimiter.includes('|'))) return 'none'
  // an indented header line is paragraph text (indented code can't interrupt a paragraph): not a table start
  if (/^(?: {4}| {0,3}\t)/.test(header)) return 'none'
  // a delimiter row still being written (`| --- | :-`) is not trusted until it ends with a pipe or a newline
  if (cursor.partial && !endsWithPipe(delimiter)) return 'none'
  const align = parseAlign(delimiter)
  if (align === undefined || parser.tableColumns(header) !== align.length) return 'none'
  parser.closeUnmatchedBlocks()
  const parent = container.parent as TreeBlock
  const headerLine = parser.lineNumber - 1
  const table = createBlock('table', parent, headerLine)
  table.table = { align, head: splitRow(header), rows: [] }
  table.endLine = parser.lineNumber
  container.lines.pop()
  if (container.lines.length > 0) {
    container.endLine = headerLine - 1
    parser.finalize(container)
  }
  if (container.lines.length === 0 && container.definitions.length === 0) replaceBlock(container, table)
  else parent.children.push(table)
  parser.tip = table
  cursor.advanceOffset(cursor.line.length - cursor.offset, false)
  return 'consumed'
}

/** Tries each block start in CommonMark's order (HTML blocks aside: raw HTML stays text). */
export function openBlock(parser: BlockStarter, container: TreeBlock): OpenResult {
  const cursor = parser.cursor
  if (!cursor.indented && !MAYBE_SPECIAL.test(cursor.line.slice(cursor.nextNonspace))) return 'none'
  for (const start of [startBlockquote, startHeading, startFence, startSetext, startThematicBreak, startListItem, startIndentedCode, startTable]) {
    const result = start(parser, container)
    if (result !== 'none') return result
  }
  return 'none'
}
