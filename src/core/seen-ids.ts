/**
 * The ids of events already applied, for de-duplication (protocol §7.1: a bounded set).
 *
 * States are immutable, but copying a set of thousands of ids per event would cost O(n). So the newest state
 * owns the ids and adds to them in place, recording how many it has seen (`total`); an older state (a branch,
 * as when a test reduces twice from one state) finds more ids than its count and copies its own part first.
 * The ids are kept in two generations of at most {@link SEEN_ID_LIMIT}: when the recent one is full it becomes
 * the previous one and the one before is forgotten, so staying bounded never copies an id.
 */
export class SeenIds {
  /** The newest ids, in the order they came. */
  recent = new Set<string>()
  /** The generation before `recent`. */
  previous = new Set<string>()
  /** How many ids were ever added: the count of the state that owns them. */
  total = 0

  /** The ids a state that has seen `count` of them still remembers, oldest first. */
  remembered(count: number): string[] {
    const ids: string[] = []
    let position = this.total - this.recent.size - this.previous.size
    for (const generation of [this.previous, this.recent]) {
      for (const id of generation) {
        if (position++ >= count) return ids
        ids.push(id)
      }
    }
    return ids
  }
}

/** How many recent ids are remembered at least (up to twice as many are kept). */
export const SEEN_ID_LIMIT = 10_000

/** No ids seen yet. */
export function createSeenIds(): SeenIds {
  return new SeenIds()
}

/** Whether `id` is among the ids a state that has seen `count` of `seen` remembers. */
export function hasSeenId(seen: SeenIds, count: number, id: string): boolean {
  if (count === seen.total) return seen.recent.has(id) || seen.previous.has(id)
  return (seen.recent.has(id) || seen.previous.has(id)) && seen.remembered(count).includes(id)
}

function rotate(seen: SeenIds): void {
  seen.previous = seen.recent
  seen.recent = new Set()
}

function add(seen: SeenIds, id: string): void {
  seen.recent.add(id)
  seen.total++
  if (seen.recent.size >= SEEN_ID_LIMIT) rotate(seen)
}

/**
 * Adds `id` and says whether it was new: the ids with `id` added (the same object when this state owns
 * them), or null when this state had seen it already. The new count is the result's `total`.
 */
export function markSeenId(seen: SeenIds, count: number, id: string): SeenIds | null {
  if (count === seen.total) {
    if (seen.previous.has(id)) return null
    // One lookup for the recent ids instead of two (`has`, then `add`): the set grows only when the id is new.
    const size = seen.recent.size
    seen.recent.add(id)
    if (seen.recent.size === size) return null
    seen.total++
    if (seen.recent.size >= SEEN_ID_LIMIT) rotate(seen)
    return seen
  }
  if (hasSeenId(seen, count, id)) return null
  const owned = new SeenIds()
  const ids = seen.remembered(count)
  for (const known of ids.length > SEEN_ID_LIMIT ? ids.slice(ids.length - SEEN_ID_LIMIT) : ids) add(owned, known)
  owned.total = count
  add(owned, id)
  return owned
}
