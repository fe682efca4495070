// A long list, table or text renders its rows in runs of this many, each a component that React skips whole while
// its rows are the same objects (the parser keeps what a delta did not change): a delta then costs a comparison per
// row, not a component per row.
export const RUN_LENGTH = 64

/** Whether `before` and `after` have the same rows over the run that starts at `from`. */
export function sameRun<Row>(before: readonly Row[], after: readonly Row[], from: number): boolean {
  const end = Math.min(after.length, from + RUN_LENGTH)
  if (Math.min(before.length, from + RUN_LENGTH) !== end) return false
  for (let index = from; index < end; index++) if (before[index] !== after[index]) return false
  return true
}

/** Where each run of `length` rows starts. */
export function runStarts(length: number): number[] {
  return Array.from({ length: Math.ceil(length / RUN_LENGTH) }, (_, run) => run * RUN_LENGTH)
}
