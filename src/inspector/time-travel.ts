import type { RecordedLog } from '../core/event-recorder'
import { applyRecordedEntry } from '../core/recorded-state'
import type { RecordedState } from '../core/recorded-state'

/** Rebuilds the chat after any number of a recorder's entries. */
export interface TimeTravel {
  /**
   * The state after the entries before `position` (a count from the first entry ever recorded, dropped ones
   * included), clamped to what is kept: `stateAt(dropped)` is the base, `stateAt(dropped + kept)` the latest.
   */
  stateAt(position: number): RecordedState
}

// A checkpoint every this many entries: a jump anywhere reduces at most this many, and 100,000 entries keep ~100 states.
const CHECKPOINT_INTERVAL = 1024

/**
 * Time travel over a recorder through the same reducer the store uses, with checkpoints so that a jump costs
 * at most {@link CHECKPOINT_INTERVAL} reductions and a step forward costs one.
 */
export function createTimeTravel(recorder: RecordedLog): TimeTravel {
  let checkpoints: RecordedState[] = []
  let checkpointsFor: { base: RecordedState; dropped: number } | null = null
  let last: { position: number; state: RecordedState } | null = null

  function stateAt(position: number): RecordedState {
    const dropped = recorder.dropped()
    const base = recorder.base()
    const entries = recorder.entries()
    if (checkpointsFor === null || checkpointsFor.base !== base || checkpointsFor.dropped !== dropped) {
      checkpoints = [base]
      checkpointsFor = { base, dropped }
      last = null
    }
    const local = Math.min(entries.length, Math.max(0, Math.floor(position) - dropped))
    let from = Math.floor(local / CHECKPOINT_INTERVAL)
    while (from >= checkpoints.length) from--
    let at = from * CHECKPOINT_INTERVAL
    let state = checkpoints[from] as RecordedState
    if (last !== null && last.position <= local && last.position > at) {
      at = last.position
      state = last.state
    }
    for (; at < local; at++) {
      state = applyRecordedEntry(state, entries[at]!)
      const next = at + 1
      if (next % CHECKPOINT_INTERVAL === 0 && next / CHECKPOINT_INTERVAL === checkpoints.length) checkpoints.push(state)
    }
    last = { position: local, state }
    return state
  }

  return { stateAt }
}
