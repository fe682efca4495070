/** Plain-text tables for the benchmark output. */

/** One cell: text as is, numbers formatted with `formatNumber`, null as a dash. */
export type Cell = string | number | null

/** Three significant digits, at most three decimals: 0.347, 12.3, 1,234. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const magnitude = Math.abs(value)
  const decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}

/** `PASS` when `value` is at most `target`, else `MISS`: printed, never a reason to fail the run. */
export function verdict(value: number, target: number): string {
  return value <= target ? 'PASS' : 'MISS'
}

/** A number next to its target: `0.812 (≤ 1: PASS)`. */
export function againstTarget(value: number, target: number, suffix = ''): string {
  return `${formatNumber(value)}${suffix} (≤ ${target}${suffix}: ${verdict(value, target)})`
}

function cellText(cell: Cell): string {
  if (cell === null) return '–'
  return typeof cell === 'number' ? formatNumber(cell) : cell
}

/** Prints a heading. */
export function printSection(title: string): void {
  console.log(`\n## ${title}\n`)
}

/** Prints a Markdown-style table: the first column left-aligned, the others right-aligned. */
export function printTable(headers: readonly string[], rows: readonly (readonly Cell[])[], notes: readonly string[] = []): void {
  const texts = rows.map((row) => row.map(cellText))
  const widths = headers.map((header, column) => Math.max(header.length, ...texts.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`
  console.log(line(headers))
  console.log(`|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`)
  for (const row of texts) console.log(line(row))
  for (const note of notes) console.log(`  ${note}`)
}
