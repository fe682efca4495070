/** Timing and memory helpers shared by the benchmarks. */

/** How many times each measurement runs. */
export interface RunPlan {
  readonly warmups: number
  readonly runs: number
}

/** The timed runs of one measurement, in milliseconds. */
export interface Timing {
  readonly medianMs: number
  readonly minMs: number
  readonly samplesMs: readonly number[]
}

// Written by every run so the optimizer cannot drop the work being timed.
let sink: unknown

/** The last value a timed run returned (read it to keep the work observable). */
export function lastSink(): unknown {
  return sink
}

/** Whether the process was started with --expose-gc. */
export function canCollectGarbage(): boolean {
  return typeof globalThis.gc === 'function'
}

/** A full collection when --expose-gc is on; `settle` runs a second one so weak references and finalizers settle. */
export function collectGarbage(settle = false): void {
  globalThis.gc?.()
  if (settle) globalThis.gc?.()
}

/** Runs `run(setup())` warmups + runs times, collecting garbage before each; only `run` is timed. */
export function measure<T>(plan: RunPlan, run: (input: T) => unknown, setup: () => T): Timing {
  const samples: number[] = []
  for (let index = 0; index < plan.warmups + plan.runs; index++) {
    const input = setup()
    collectGarbage()
    const start = performance.now()
    sink = run(input)
    const elapsed = performance.now() - start
    if (index >= plan.warmups) samples.push(elapsed)
  }
  return toTiming(samples)
}

/** The median and minimum of samples taken elsewhere (in milliseconds, or any other unit). */
export function toTiming(samples: readonly number[]): Timing {
  const sorted = samples.slice().sort((left, right) => left - right)
  const middle = sorted.length >> 1
  const medianMs = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { medianMs, minMs: sorted[0] as number, samplesMs: samples.slice() }
}

/** A timing as microseconds per item. */
export function perItem(timing: Timing, items: number): { readonly median: number; readonly min: number } {
  return { median: (timing.medianMs * 1000) / items, min: (timing.minMs * 1000) / items }
}

/** Heap bytes still reachable from what `build()` returns, after full collections. */
export function retainedBytes(build: () => unknown): { readonly bytes: number; readonly value: unknown } {
  collectGarbage(true)
  const before = process.memoryUsage().heapUsed
  const value = build()
  collectGarbage(true)
  const after = process.memoryUsage().heapUsed
  return { bytes: after - before, value }
}
