/**
 * An immutable string-keyed map with O(log32 n) `get`, `set` and `delete` (a hash trie): a change copies one
 * path of at most seven 32-wide nodes and shares the rest, where a spread of a record copies every key.
 */

const BITS = 5
const MASK = (1 << BITS) - 1

interface MapLeaf<V> {
  readonly hash: number
  readonly key: string
  readonly value: V
  /** Another key with the same hash. */
  readonly next: MapLeaf<V> | null
}

type MapNode<V> = MapLeaf<V> | readonly (MapNode<V> | undefined)[]

// The keys are ids from the server and the model. With a fixed hash, ids crafted offline to collide (FNV-1a's are found
// in a second) all fell into one chain, so every change walked and copied it: 16,000 such tool calls took 17 s and
// overflowed the stack. A seed drawn at load, mixed in after every character, leaves nothing to craft against.
const SEED = Math.random() * 2 ** 32

function hashOf(key: string): number {
  let hash = SEED
  for (let index = 0; index < key.length; index++) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193)
    hash ^= hash >>> 15
  }
  return hash >>> 0
}

/** An immutable map from strings to values. */
export class PersistentMap<V> {
  // `declare`d: the constructor assigns every field, and a field declaration would be emitted again in the bundle
  /** How many keys it holds. */
  declare readonly size: number
  declare private readonly root: MapNode<V> | undefined

  private constructor(size: number, root: MapNode<V> | undefined) {
    this.size = size
    this.root = root
  }

  private static readonly EMPTY: PersistentMap<never> = new PersistentMap(0, undefined)

  /** The empty map. */
  static empty<V>(): PersistentMap<V> {
    return PersistentMap.EMPTY
  }

  /** The value under `key`, or undefined. */
  get(key: string): V | undefined {
    const hash = hashOf(key)
    let node = this.root
    for (let shift = 0; node !== undefined; shift += BITS) {
      if (!Array.isArray(node)) {
        for (let leaf: MapLeaf<V> | null = node as MapLeaf<V>; leaf !== null; leaf = leaf.next) {
          if (leaf.key === key) return leaf.value
        }
        return undefined
      }
      node = (node as readonly (MapNode<V> | undefined)[])[(hash >>> shift) & MASK]
    }
    return undefined
  }

  /** The map with `key` set to `value`; the same map when it already held that value. */
  set(key: string, value: V): PersistentMap<V> {
    if (this.get(key) === value && (value !== undefined || this.has(key))) return this
    const added = !this.has(key)
    return new PersistentMap(this.size + (added ? 1 : 0), insert(this.root, 0, hashOf(key), key, value))
  }

  /** Whether `key` is in the map. */
  has(key: string): boolean {
    const hash = hashOf(key)
    let node = this.root
    for (let shift = 0; node !== undefined; shift += BITS) {
      if (!Array.isArray(node)) {
        for (let leaf: MapLeaf<V> | null = node as MapLeaf<V>; leaf !== null; leaf = leaf.next) if (leaf.key === key) return true
        return false
      }
      node = (node as readonly (MapNode<V> | undefined)[])[(hash >>> shift) & MASK]
    }
    return false
  }

  /** The map without `key`; the same map when it was not there. */
  delete(key: string): PersistentMap<V> {
    if (!this.has(key)) return this
    return new PersistentMap(this.size - 1, remove(this.root, 0, hashOf(key), key))
  }

  /** Calls `visit` for every key and value, in no particular order. */
  forEach(visit: (value: V, key: string) => void): void {
    const walk = (node: MapNode<V> | undefined): void => {
      if (node === undefined) return
      if (Array.isArray(node)) {
        for (const child of node as readonly (MapNode<V> | undefined)[]) walk(child)
        return
      }
      for (let leaf: MapLeaf<V> | null = node as MapLeaf<V>; leaf !== null; leaf = leaf.next) visit(leaf.value, leaf.key)
    }
    walk(this.root)
  }
}

// A loop, not a recursion: a chain is as long as its keys' collisions.
function withoutKey<V>(leaf: MapLeaf<V> | null, key: string): MapLeaf<V> | null {
  const kept: MapLeaf<V>[] = []
  for (let link = leaf; link !== null; link = link.next) if (link.key !== key) kept.push(link)
  let next: MapLeaf<V> | null = null
  for (let index = kept.length; index-- > 0;) next = { ...(kept[index] as MapLeaf<V>), next }
  return next
}

function insert<V>(node: MapNode<V> | undefined, shift: number, hash: number, key: string, value: V): MapNode<V> {
  if (node === undefined) return { hash, key, value, next: null }
  if (!Array.isArray(node)) {
    const leaf = node as MapLeaf<V>
    if (leaf.hash === hash) return { hash, key, value, next: withoutKey(leaf, key) }
    // Two hashes differ in some bit of 0…31, so they part before the shift passes 30.
    const branch: (MapNode<V> | undefined)[] = []
    branch[(leaf.hash >>> shift) & MASK] = leaf
    return insert(branch, shift, hash, key, value)
  }
  const branch = (node as readonly (MapNode<V> | undefined)[]).slice()
  const index = (hash >>> shift) & MASK
  branch[index] = insert(branch[index], shift + BITS, hash, key, value)
  return branch
}

function remove<V>(node: MapNode<V> | undefined, shift: number, hash: number, key: string): MapNode<V> | undefined {
  if (node === undefined) return undefined
  if (!Array.isArray(node)) return withoutKey(node as MapLeaf<V>, key) ?? undefined
  const branch = (node as readonly (MapNode<V> | undefined)[]).slice()
  const index = (hash >>> shift) & MASK
  branch[index] = remove(branch[index], shift + BITS, hash, key)
  return branch.some((child) => child !== undefined) ? branch : undefined
}
