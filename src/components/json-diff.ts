import { prettyJson } from './format-json'

/** One line of a diff between two pretty-printed JSON values. */
export interface DiffLine {
  readonly change: 'same' | 'removed' | 'added'
  readonly text: string
}

// Past this many cells the line table would cost too much (arguments thousands of lines long): the diff keeps the
// common first and last lines and marks the middle as removed, then added.
const MAX_TABLE_CELLS = 250_000

function lines(value: unknown): string[] {
  return prettyJson(value).split('\n')
}

function coarseDiff(left: readonly string[], right: readonly string[]): DiffLine[] {
  let head = 0
  while (head < left.length && head < right.length && left[head] === right[head]) head++
  let tail = 0
  while (tail < left.length - head && tail < right.length - head && left[left.length - 1 - tail] === right[right.length - 1 - tail]) tail++
  return [
    ...left.slice(0, head).map((text): DiffLine => ({ change: 'same', text: `  ${text}` })),
    ...left.slice(head, left.length - tail).map((text): DiffLine => ({ change: 'removed', text: `- ${text}` })),
    ...right.slice(head, right.length - tail).map((text): DiffLine => ({ change: 'added', text: `+ ${text}` })),
    ...left.slice(left.length - tail).map((text): DiffLine => ({ change: 'same', text: `  ${text}` })),
  ]
}

/** A line diff (longest common subsequence) of two JSON values, pretty-printed; a coarse one for very long values. */
export function jsonDiff(before: unknown, after: unknown): DiffLine[] {
  const left = lines(before)
  const right = lines(after)
  if ((left.length + 1) * (right.length + 1) > MAX_TABLE_CELLS) return coarseDiff(left, right)
  const table: number[][] = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0))
  for (let row = left.length - 1; row >= 0; row--) {
    for (let column = right.length - 1; column >= 0; column--) {
      table[row]![column] =
        left[row] === right[column] ? table[row + 1]![column + 1]! + 1 : Math.max(table[row + 1]![column]!, table[row]![column + 1]!)
    }
  }
  const diff: DiffLine[] = []
  let row = 0
  let column = 0
  while (row < left.length || column < right.length) {
    if (row < left.length && column < right.length && left[row] === right[column]) {
      diff.push({ change: 'same', text: `  ${left[row++]}` })
      column++
    } else if (row < left.length && (column >= right.length || table[row + 1]![column]! >= table[row]![column + 1]!)) {
      diff.push({ change: 'removed', text: `- ${left[row++]}` })
    } else {
      diff.push({ change: 'added', text: `+ ${right[column++]}` })
    }
  }
  return diff
}
