/**
 * The ids of events already applied, for de-duplication (protocol §7.1: a bounded set).
 *
 * States are immutable, but copying a set of thousands of ids per event would cost O(n). So the
 * newest state owns a shared set and adds to it in place, recording how many ids it has seen; an
 * older state (a branch, as when a test reduces twice from one state) finds the set has grown past
 * its count and copies its own part, which Set keeps first since it iterates in insertion order.
 */
export type SeenIds = Set<string>

/** How many recent ids are remembered at least (up to twice as many are kept). */
export const SEEN_ID_LIMIT = 10_000

/** No ids seen yet. */
export function createSeenIds(): SeenIds {
  return new Set()
}

function firstIds(seen: SeenIds, count: number): string[] {
  const ids: string[] = []
  for (const id of seen) {
    if (ids.length === count) break
    ids.push(id)
  }
  return ids
}

/** Whether `id` is among the first `count` ids of `seen` (the ones this state has seen). */
export function hasSeenId(seen: SeenIds, count: number, id: string): boolean {
  if (seen.size === count) return seen.has(id)
  return seen.has(id) && firstIds(seen, count).includes(id)
}

/**
 * Adds `id` in one step and says whether it was new: the ids with `id` added (the same set when this
 * state owns it), or null when this state had seen it already. One hash lookup instead of two.
 */
export function markSeenId(seen: SeenIds, count: number, id: string): SeenIds | null {
  if (seen.size === count && count < 2 * SEEN_ID_LIMIT) {
    seen.add(id)
    return seen.size === count ? null : seen
  }
  if (hasSeenId(seen, count, id)) return null
  const ids = firstIds(seen, count)
  const owned = new Set(ids.length > SEEN_ID_LIMIT ? ids.slice(ids.length - SEEN_ID_LIMIT) : ids)
  owned.add(id)
  return owned
}
