/** A source of numbers in [0, 1), like `Math.random`. */
export type Random = () => number

/** A deterministic generator (mulberry32): the same seed gives the same sequence. */
export function createSeededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** A 32-bit FNV-1a hash of a string, mixed with a seed: turns a session id into a seed of its own. */
export function hashString(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A whole number in [0, limit). */
export function randomInteger(random: Random, limit: number): number {
  return Math.floor(random() * limit)
}
