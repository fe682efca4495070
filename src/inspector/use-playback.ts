import { useEffect } from 'react'
import type { RecordedEntry } from '../core/event-recorder'

/** Replay speeds the inspector offers. */
export const PLAYBACK_SPEEDS = [1, 10, 100] as const

/** A replay speed: 1×, 10× or 100× the recorded pace. */
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number]

// A pause longer than this (the user reading, a slow tool) is shortened to it, at 1×.
const LONGEST_PAUSE_MS = 3000
// Entries closer together than this are shown in one step.
const STEP_MS = 16

/**
 * While `playing`, advances `position` through the entries at `speed` times the pace they were recorded at
 * (pauses over 3 s are shortened to 3 s), calling `onEnd` after the last one.
 */
export function usePlayback(options: {
  readonly entries: readonly RecordedEntry[]
  readonly dropped: number
  readonly position: number
  readonly playing: boolean
  readonly speed: PlaybackSpeed
  readonly onPosition: (position: number) => void
  readonly onEnd: () => void
}): void {
  const { entries, dropped, position, playing, speed, onPosition, onEnd } = options
  useEffect(() => {
    if (!playing) return
    const end = dropped + entries.length
    if (position >= end) {
      onEnd()
      return
    }
    let next = position
    let wait = 0
    while (next < end) {
      const current = entries[next - dropped]
      const previous = entries[next - dropped - 1]
      const gap =
        current !== undefined && previous !== undefined
          ? Math.min(LONGEST_PAUSE_MS, Math.max(0, current.receivedAt - previous.receivedAt)) / speed
          : 0
      if (next > position && wait + gap > STEP_MS) break
      wait += gap
      next++
    }
    const timer = setTimeout(() => onPosition(next), Math.min(wait, LONGEST_PAUSE_MS))
    return () => clearTimeout(timer)
  }, [entries, dropped, position, playing, speed, onPosition, onEnd])
}
