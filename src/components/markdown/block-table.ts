import type { TableAlign } from './types'
import { PARSE_WORK } from './parse-work'

/** Tables wider than this are read as paragraphs: no prose table has that many columns. */
export const MAX_TABLE_COLUMNS = 128
// empty cells added to short rows, at most this many per character of body rows (plus a constant): a
// hostile header can't make a few short rows into millions of cells
const PADDING_ALLOWANCE = 256

const DELIMITER_CELL = /^:?-+:?$/

/** Splits a table row on unescaped pipes, dropping the outer ones; `\|` becomes `|` inside a cell. */
export function splitRow(line: string): string[] {
  PARSE_WORK.steps += line.length
  let row = line.trim()
  if (row.startsWith('|')) row = row.slice(1)
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1)
  const cells: string[] = []
  let cell = ''
  let from = 0
  for (let index = 0; index < row.length; index++) {
    const char = row[index]
    if (char === '\\' && row[index + 1] === '|') {
      cell += `${row.slice(from, index)}|`
      index++
      from = index + 1
    } else if (char === '|') {
      cells.push((cell + row.slice(from, index)).trim())
      cell = ''
      from = index + 1
    }
  }
  cells.push((cell + row.slice(from)).trim())
  return cells
}

/** The alignment of each column when `line` is a delimiter row (`| :-- | --: |`), else undefined. */
export function parseAlign(line: string): TableAlign[] | undefined {
  if (!line.includes('-')) return undefined
  const cells = splitRow(line)
  if (cells.length > MAX_TABLE_COLUMNS) return undefined
  const align: TableAlign[] = []
  for (const cell of cells) {
    if (!DELIMITER_CELL.test(cell)) return undefined
    const left = cell.startsWith(':')
    const right = cell.endsWith(':')
    align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : undefined)
  }
  return align
}

/** True when a row ends with an unescaped pipe (a live row is shown once it does). */
export function endsWithPipe(line: string): boolean {
  const trimmed = line.trimEnd()
  return trimmed.endsWith('|') && !trimmed.endsWith('\\|')
}

/**
 * Body rows fitted to the header's width: extra cells are dropped, and short rows get empty cells while the
 * padding stays within a budget proportional to the rows' own text. A row that fits is returned as it is (a
 * growing table's finished rows keep their identity), and only rows that change count as work.
 */
export function fitRows(rows: readonly string[][], columns: number): readonly string[][] {
  if (rows.every((row) => row.length === columns)) return rows
  let budget = PADDING_ALLOWANCE
  for (const row of rows) for (const cell of row) budget += cell.length + 1
  return rows.map((row) => {
    if (row.length === columns) return row
    PARSE_WORK.steps += columns
    if (row.length > columns) return row.slice(0, columns)
    const missing = Math.min(columns - row.length, budget)
    budget -= missing
    return missing === 0 ? row : [...row, ...Array.from({ length: missing }, () => '')]
  })
}
