/** Options of {@link createStallWatch}. */
export interface StallWatchOptions {
  /** Silence longer than this counts as a stall, in ms. */
  readonly afterMs: number
  readonly clock: () => number
  /** The stall began (`since`: the last sign of life), or ended (`null`). */
  readonly onChange: (since: number | null) => void
}

/** Tells when a stream goes quiet, with one timer however many events arrive. */
export interface StallWatch {
  /** Starts watching from now. */
  start(): void
  /** Something arrived: an event, or a heartbeat comment. */
  alive(): void
  /** Stops watching (the run ended or paused). */
  stop(): void
}

/**
 * A stall detector. Activity only records the time; the one timer, when it fires, re-arms for what is
 * left of the quiet period, so a stream of thousands of events costs no timer work per event.
 */
export function createStallWatch(options: StallWatchOptions): StallWatch {
  const { afterMs, clock, onChange } = options
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = 0
  let stalled = false
  const enabled = Number.isFinite(afterMs) && afterMs > 0

  function arm(delay: number): void {
    timer = setTimeout(check, Math.max(0, delay))
  }

  function check(): void {
    timer = null
    const quiet = clock() - last
    if (quiet < afterMs) {
      arm(afterMs - quiet)
      return
    }
    stalled = true
    onChange(last)
  }

  function stop(): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (stalled) {
      stalled = false
      onChange(null)
    }
  }

  return {
    start() {
      stop()
      if (!enabled) return
      last = clock()
      arm(afterMs)
    },
    alive() {
      if (!enabled) return
      last = clock()
      if (stalled) {
        stalled = false
        onChange(null)
        arm(afterMs)
      }
    },
    stop,
  }
}
