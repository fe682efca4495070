import type { Random } from './seeded-random'

/**
 * How fast the scripted server streams. `'realistic'` waits 15–40 ms per text delta and longer around model
 * calls and tools; `'instant'` never waits but still writes in bursts; `{ deltaMs, jitterMs }` sets the wait
 * per text delta (a "tick") yourself, everything else scales with it.
 * @default 'realistic'
 */
export type Pace = 'realistic' | 'instant' | { readonly deltaMs: number; readonly jitterMs?: number }

/** Turns a script's nominal durations (in ticks, one text delta = 1 tick) into real waits. */
export interface Pacer {
  /** Whether nothing ever waits: the writer then yields to the event loop every {@link INSTANT_BURST} events. */
  readonly instant: boolean
  /** How long to wait now, in ms, before something `ticks` long; waits too short for a timer are saved up. */
  delay(ticks: number): number
}

/** Events written per `res.write` (and per event-loop turn) when the pace is instant. */
export const INSTANT_BURST = 64

const REALISTIC_TICK_MS = 27.5
const REALISTIC_JITTER_MS = 12.5
// Timers shorter than this are not worth it: the waits are added up and slept in one go.
const MINIMUM_TIMER_MS = 4

/** Creates a pacer; the jitter comes from `random`. */
export function createPacer(pace: Pace = 'realistic', random: Random = Math.random): Pacer {
  if (pace === 'instant') return { instant: true, delay: () => 0 }
  const tickMs = pace === 'realistic' ? REALISTIC_TICK_MS : Math.max(0, pace.deltaMs)
  const jitterMs = pace === 'realistic' ? REALISTIC_JITTER_MS : Math.max(0, pace.jitterMs ?? 0)
  let owed = 0
  return {
    instant: tickMs === 0 && jitterMs === 0,
    delay(ticks) {
      if (ticks <= 0) return 0
      owed += ticks * Math.max(0, tickMs + (random() * 2 - 1) * jitterMs)
      if (owed < MINIMUM_TIMER_MS) return 0
      const wait = owed
      owed = 0
      return wait
    },
  }
}
