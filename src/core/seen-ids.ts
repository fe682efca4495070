/**
 * The ids of events already applied, for de-duplication (protocol §7.1: a bounded set).
 *
 * States are immutable, but copying a set of thousands of ids per event would cost O(n). So the
 * newest state owns a shared, append-only log and adds to it in place; an older state (a branch,
 * as when a test reduces twice from one state) sees the log has moved on and copies its own part.
 */
export interface SeenIds {
  readonly log: SeenLog
  /** How many ids of `log` belong to this state. */
  readonly length: number
}

interface SeenLog {
  readonly ids: string[]
  readonly set: Set<string>
}

/** How many recent ids are remembered. */
export const SEEN_ID_LIMIT = 10_000

/** No ids seen yet. */
export function createSeenIds(): SeenIds {
  return { log: { ids: [], set: new Set() }, length: 0 }
}

/** Whether `id` is among the ids this state remembers. */
export function hasSeenId(seen: SeenIds, id: string): boolean {
  const { log, length } = seen
  if (log.ids.length === length) return log.set.has(id)
  const index = log.ids.lastIndexOf(id, length - 1)
  return index >= 0 && index >= length - SEEN_ID_LIMIT
}

/** The ids with `id` added. */
export function addSeenId(seen: SeenIds, id: string): SeenIds {
  let log = seen.log
  const owned = log.ids.length === seen.length
  if (!owned || log.ids.length >= 2 * SEEN_ID_LIMIT) {
    const ids = log.ids.slice(Math.max(0, seen.length - SEEN_ID_LIMIT), seen.length)
    log = { ids, set: new Set(ids) }
  }
  log.ids.push(id)
  log.set.add(id)
  return { log, length: log.ids.length }
}
