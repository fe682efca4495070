/**
 * The ids of events already applied, for de-duplication (protocol §7.1: a bounded set).
 *
 * States are immutable, but copying a set of thousands of ids per event would cost O(n). So the newest state
 * owns the ids and adds to them in place, recording how many it has seen (`total`); an older state (a branch,
 * as when a test reduces twice from one state) finds more ids than its count and copies its own part first.
 * One set in arrival order: when it holds twice {@link SEEN_ID_LIMIT}, the older half is forgotten in one pass,
 * so a new id costs one lookup (a set per generation cost two once the first was full) and staying bounded
 * never copies an id.
 */
export class SeenIds {
  /** The remembered ids, in the order they came. */
  ids = new Set<string>()
  /** How many ids were ever added: the count of the state that owns them. */
  total = 0
  /**
   * Ids never forgotten, each with the count before it came: the starts of calls. They are few (one a turn), and a
   * replayed start the window had forgotten would open its call again, so that a replay duplicated the reply.
   */
  kept = new Map<string, number>()

  /** The ids a state that has seen `count` of them still remembers, oldest first. */
  remembered(count: number): string[] {
    const ids: string[] = []
    let position = this.total - this.ids.size
    for (const id of this.ids) {
      if (position++ >= count) break
      ids.push(id)
    }
    return ids
  }
}

/** How many recent ids are remembered at least (up to twice as many are kept). */
export const SEEN_ID_LIMIT = 10_000

// AgentScope's ids are 32 hex digits; a longer one is remembered by a fingerprint, so that the set stays bounded in
// bytes, not only in count (20,000 ids of a megabyte each would hold 20 GB).
const LONGEST_KEPT_ID = 256

function keyOf(id: string): string {
  if (id.length <= LONGEST_KEPT_ID) return id
  // Two FNV-1a hashes (forward and backward) and the length: distinct long ids that are not crafted to collide stay distinct.
  let forward = 0x811c9dc5
  let backward = 0x811c9dc5
  for (let index = 0, last = id.length - 1; index <= last; index++) {
    forward = Math.imul(forward ^ id.charCodeAt(index), 0x01000193)
    backward = Math.imul(backward ^ id.charCodeAt(last - index), 0x01000193)
  }
  return `#${id.length}:${(forward >>> 0).toString(36)}:${(backward >>> 0).toString(36)}:${id.slice(0, 64)}`
}

/** No ids seen yet. */
export function createSeenIds(): SeenIds {
  return new SeenIds()
}

/** Whether `id` is among the ids a state that has seen `count` of `seen` remembers. */
export function hasSeenId(seen: SeenIds, count: number, id: string): boolean {
  return hasKey(seen, count, keyOf(id))
}

function hasKey(seen: SeenIds, count: number, key: string): boolean {
  const keptAt = seen.kept.get(key)
  if (keptAt !== undefined && keptAt < count) return true
  return seen.ids.has(key) && (count === seen.total || seen.remembered(count).includes(key))
}

// Adds an id the set lacks; forgets the older half once it holds twice the limit.
function add(seen: SeenIds, id: string): void {
  seen.ids.add(id)
  seen.total++
  if (seen.ids.size >= 2 * SEEN_ID_LIMIT) forgetOlderHalf(seen.ids)
}

function forgetOlderHalf(ids: Set<string>): void {
  let count = 0
  for (const id of ids) {
    if (count++ >= SEEN_ID_LIMIT) return
    ids.delete(id)
  }
}

/**
 * Adds `id` and says whether it was new: the ids with `id` added (the same object when this state owns
 * them), or null when this state had seen it already. The new count is the result's `total`. A `kept` id (a call's
 * start) is never forgotten.
 */
export function markSeenId(seen: SeenIds, count: number, value: string, kept = false): SeenIds | null {
  const id = keyOf(value)
  if (count === seen.total) {
    // a start the window forgot is still known (only a start is looked up there: the hot path stays one lookup)
    if (kept && seen.kept.has(id)) return null
    // One lookup instead of two (`has`, then `add`): the set grows only when the id is new.
    const size = seen.ids.size
    seen.ids.add(id)
    if (seen.ids.size === size) return null
    if (kept) seen.kept.set(id, seen.total)
    seen.total++
    if (size + 1 >= 2 * SEEN_ID_LIMIT) forgetOlderHalf(seen.ids)
    return seen
  }
  if (hasKey(seen, count, id)) return null
  const owned = new SeenIds()
  const ids = seen.remembered(count)
  for (const known of ids.length > SEEN_ID_LIMIT ? ids.slice(ids.length - SEEN_ID_LIMIT) : ids) add(owned, known)
  for (const [known, at] of seen.kept) if (at < count) owned.kept.set(known, at)
  owned.total = count
  if (kept) owned.kept.set(id, count)
  add(owned, id)
  return owned
}
