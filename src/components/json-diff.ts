/** One line of a diff between two pretty-printed JSON values. */
export interface DiffLine {
  readonly change: 'same' | 'removed' | 'added'
  readonly text: string
}

function lines(value: unknown): string[] {
  try {
    return (JSON.stringify(value, null, 2) ?? 'undefined').split('\n')
  } catch {
    return [String(value)]
  }
}

/** A line diff (longest common subsequence) of two JSON values, pretty-printed; small inputs only. */
export function jsonDiff(before: unknown, after: unknown): DiffLine[] {
  const left = lines(before)
  const right = lines(after)
  const table: number[][] = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0))
  for (let row = left.length - 1; row >= 0; row--) {
    for (let column = right.length - 1; column >= 0; column--) {
      table[row]![column] =
        left[row] === right[column]
          ? table[row + 1]![column + 1]! + 1
          : Math.max(table[row + 1]![column]!, table[row]![column + 1]!)
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
