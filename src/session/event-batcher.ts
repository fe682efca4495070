import type { FrameScheduler } from './frame-scheduler'

const SLICE_CHECK_INTERVAL = 64

/** Options of {@link createEventBatcher}. */
export interface EventBatcherOptions {
  readonly scheduleFrame: FrameScheduler
  /** The longest one flush may spend taking values, in ms. */
  readonly sliceMs: number
  /** The most values one flush takes. */
  readonly maxPerFrame: number
  /** A monotonic clock for the slices. */
  readonly now: () => number
  /** A clock for receive times, when they are wanted (a recorder is attached). */
  readonly stamp?: () => number
  /** Takes one value, in arrival order, inside a flush. */
  readonly take: (value: unknown, receivedAt: number) => void
  /** Ends a flush; `drained` says whether the queue is empty now (else another flush is scheduled). */
  readonly publish: (drained: boolean) => void
}

/** Values waiting for the next frame, taken in bounded slices. */
export interface EventBatcher {
  /** Queues a value and makes sure a flush is scheduled. */
  push(value: unknown): void
  /** Makes sure a flush is scheduled, even with nothing queued (to publish something with the next frame). */
  wake(): void
  /** Forgets every queued value and the scheduled flush. */
  discard(): void
}

/**
 * The per-frame batcher: values are queued as they arrive and taken at most once per frame, in slices
 * of at most `sliceMs` and `maxPerFrame` values, so that a burst is shown over several frames rather
 * than in one long task. The clock is read once every 64 values.
 */
export function createEventBatcher(options: EventBatcherOptions): EventBatcher {
  const { scheduleFrame, sliceMs, maxPerFrame, now, stamp, take, publish } = options
  let queue: unknown[] = []
  let times: number[] = []
  let start = 0
  let cancel: (() => void) | null = null

  function flush(): void {
    cancel = null
    const deadline = now() + sliceMs
    let taken = 0
    while (start < queue.length) {
      const index = start++
      take(queue[index], stamp === undefined ? 0 : (times[index] as number))
      if (++taken % SLICE_CHECK_INTERVAL === 0 && (taken >= maxPerFrame || now() > deadline)) break
    }
    const drained = start >= queue.length
    if (drained) {
      queue = []
      times = []
      start = 0
    } else {
      cancel = scheduleFrame(flush)
    }
    publish(drained)
  }

  return {
    push(value) {
      queue.push(value)
      if (stamp !== undefined) times.push(stamp())
      cancel ??= scheduleFrame(flush)
    },
    wake() {
      cancel ??= scheduleFrame(flush)
    },
    discard() {
      cancel?.()
      cancel = null
      queue = []
      times = []
      start = 0
    },
  }
}
