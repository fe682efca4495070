import { BLOCKQUOTE, FENCE_OPEN, HEADING, indentWidth, isBlank, type ScanContext } from './block-lines'
import { parseInline } from './inline-parser'
import type { BlockNode, TableAlign } from './types'

const DELIMITER_CELL = /^:?-+:?$/

/** Splits a table row on unescaped pipes, dropping the outer ones; `\|` becomes `|` inside a cell. */
export function splitRow(line: string): string[] {
  let row = line.trim()
  if (row.startsWith('|')) row = row.slice(1)
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1)
  const cells: string[] = []
  let cell = ''
  for (let index = 0; index < row.length; index++) {
    const char = row[index]
    if (char === '\\' && row[index + 1] === '|') {
      cell += '|'
      index++
    } else if (char === '|') {
      cells.push(cell.trim())
      cell = ''
    } else cell += char
  }
  cells.push(cell.trim())
  return cells
}

function parseAlign(line: string): TableAlign[] | undefined {
  if (!line.includes('-')) return undefined
  const align: TableAlign[] = []
  for (const cell of splitRow(line)) {
    if (!DELIMITER_CELL.test(cell)) return undefined
    const left = cell.startsWith(':')
    const right = cell.endsWith(':')
    align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : undefined)
  }
  return align
}

function endsWithPipe(line: string): boolean {
  const trimmed = line.trimEnd()
  return trimmed.endsWith('|') && !trimmed.endsWith('\\|')
}

/** The header cells and alignment when a table starts at `index` (a row, then a delimiter row). */
export function tableStartAt(
  lines: readonly string[], index: number, context: ScanContext,
): { head: string[]; align: TableAlign[] } | undefined {
  const header = lines[index]
  const delimiter = lines[index + 1]
  if (header === undefined || delimiter === undefined || !header.includes('|') || indentWidth(header) > 3) return undefined
  // a delimiter row still being written (`| --- | :-`) is not trusted until it ends with a pipe or a newline
  if (context.partialLast && index + 1 === lines.length - 1 && !endsWithPipe(delimiter)) return undefined
  const align = parseAlign(delimiter)
  const head = splitRow(header)
  if (!align || align.length !== head.length) return undefined
  return { head, align }
}

/** Reads the body rows after the delimiter row. A last row still being written is consumed but not shown. */
export function scanTable(
  lines: readonly string[], from: number, end: number, start: { head: string[]; align: TableAlign[] },
  context: ScanContext,
): { node: BlockNode; to: number } {
  const columns = start.head.length
  const rows: string[][] = []
  let to = from + 2
  for (; to < end; to++) {
    const line = lines[to] ?? ''
    if (isBlank(line) || !line.includes('|') || HEADING.test(line) || FENCE_OPEN.test(line) || BLOCKQUOTE.test(line)) break
    const cells = splitRow(line)
    const partial = context.partialLast && to === lines.length - 1
    if (partial && (!endsWithPipe(line) || cells.length < columns || line.trim() === '|')) continue
    rows.push(Array.from({ length: columns }, (_, column) => cells[column] ?? ''))
  }
  const node: BlockNode = {
    type: 'table',
    align: start.align,
    head: start.head.map((cell) => parseInline(cell, false)),
    rows: rows.map((row) => row.map((cell) => parseInline(cell, false))),
  }
  return { node, to }
}
