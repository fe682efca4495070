/** Schedules a callback for the next frame; returns a function that cancels it. */
export type FrameScheduler = (callback: () => void) => () => void

// rAF does not fire in a hidden tab, so a timer takes over there; whichever runs first cancels the other.
const HIDDEN_TAB_FALLBACK_MS = 100
const NO_DOM_FRAME_MS = 16

/** The default scheduler: `requestAnimationFrame`, with a timer fallback for background tabs and Node. */
export const scheduleFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, NO_DOM_FRAME_MS)
    return () => clearTimeout(timer)
  }
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    callback()
  }
  const frame = requestAnimationFrame(run)
  const timer = setTimeout(run, HIDDEN_TAB_FALLBACK_MS)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
