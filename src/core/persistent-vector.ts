/**
 * An immutable list with O(1) amortized `push`, `set` and `pop` near the end and O(log32 n) anywhere else
 * (a 32-way trie with a separate tail, as Clojure's vector). Every change returns a new vector that shares all
 * untouched leaves with the old one, so a turn with 100,000 blocks costs no more to append to than one with 10.
 */

const BITS = 5
const WIDTH = 1 << BITS
const MASK = WIDTH - 1

type TrieNode<T> = readonly (TrieNode<T> | T)[]

const EMPTY_NODE: readonly never[] = /*#__PURE__*/ Object.freeze([])

// The arrays made by toArray, kept beside the vectors so that two vectors with the same items stay deep-equal.
const ARRAYS = new WeakMap<object, readonly unknown[]>()

/** An immutable list; read it with `get`, `size` and `toArray()` (made once per vector). */
export class PersistentVector<T> implements Iterable<T> {
  // `declare`d: the constructor assigns every field, and a field declaration would be emitted again in the bundle
  /** How many items it holds. */
  declare readonly size: number
  declare private readonly shift: number
  declare private readonly root: TrieNode<T>
  declare private readonly tail: readonly T[]

  private constructor(size: number, shift: number, root: TrieNode<T>, tail: readonly T[]) {
    this.size = size
    this.shift = shift
    this.root = root
    this.tail = tail
  }

  private static readonly EMPTY: PersistentVector<never> = new PersistentVector<never>(0, BITS, EMPTY_NODE, EMPTY_NODE)

  /** The empty vector. */
  static empty<T>(): PersistentVector<T> {
    return PersistentVector.EMPTY
  }

  /** A vector of the items, in order. */
  static from<T>(items: Iterable<T>): PersistentVector<T> {
    let vector = PersistentVector.empty<T>()
    for (const item of items) vector = vector.push(item)
    return vector
  }

  private tailOffset(): number {
    return this.size < WIDTH ? 0 : ((this.size - 1) >>> BITS) << BITS
  }

  private leafFor(index: number): readonly T[] {
    if (index >= this.tailOffset()) return this.tail
    let node: TrieNode<T> = this.root
    for (let level = this.shift; level > 0; level -= BITS) node = node[(index >>> level) & MASK] as TrieNode<T>
    return node as readonly T[]
  }

  /** The item at `index`, or undefined outside `0 … size - 1`. */
  get(index: number): T | undefined {
    if (!(index >= 0 && index < this.size)) return undefined
    return this.leafFor(index)[index & MASK]
  }

  /** The last item, or undefined when empty. */
  last(): T | undefined {
    return this.size === 0 ? undefined : this.tail[this.tail.length - 1]
  }

  /** The vector with `value` appended. */
  push(value: T): PersistentVector<T> {
    const size = this.size
    if (size - this.tailOffset() < WIDTH) {
      const tail = this.tail.slice()
      tail.push(value)
      return new PersistentVector(size + 1, this.shift, this.root, tail)
    }
    // The tail is full: it becomes a leaf of the trie, which grows a level when the root is full.
    let root: TrieNode<T>
    let shift = this.shift
    if (size >>> BITS > 1 << shift) {
      root = [this.root, newPath(shift, this.tail)]
      shift += BITS
    } else {
      root = pushLeaf(size, shift, this.root, this.tail)
    }
    return new PersistentVector(size + 1, shift, root, [value])
  }

  /** The vector with the item at `index` replaced; the same vector when `index` is out of range or the item is identical. */
  set(index: number, value: T): PersistentVector<T> {
    if (!(index >= 0 && index < this.size) || this.get(index) === value) return this
    if (index >= this.tailOffset()) {
      const tail = this.tail.slice()
      tail[index & MASK] = value
      return new PersistentVector(this.size, this.shift, this.root, tail)
    }
    return new PersistentVector(this.size, this.shift, assign(this.shift, this.root, index, value), this.tail)
  }

  /** The vector without its last item. */
  pop(): PersistentVector<T> {
    const size = this.size
    if (size <= 1) return PersistentVector.empty()
    if (size - this.tailOffset() > 1) return new PersistentVector(size - 1, this.shift, this.root, this.tail.slice(0, -1))
    const tail = this.leafFor(size - 2)
    let root = popLeaf(size, this.shift, this.root) ?? EMPTY_NODE
    let shift = this.shift
    if (shift > BITS && root.length === 1) {
      root = root[0] as TrieNode<T>
      shift -= BITS
    }
    return new PersistentVector(size - 1, shift, root, tail)
  }

  /** Calls `visit` for each item in order, leaf by leaf. */
  forEach(visit: (item: T, index: number) => void): void {
    const tailOffset = this.tailOffset()
    for (let start = 0; start < tailOffset; start += WIDTH) {
      const leaf = this.leafFor(start)
      for (let offset = 0; offset < leaf.length; offset++) visit(leaf[offset] as T, start + offset)
    }
    for (let offset = 0; offset < this.tail.length; offset++) visit(this.tail[offset] as T, tailOffset + offset)
  }

  /**
   * Calls `visit` with every index where this vector's item is not `===` the one in `previous`, including the
   * indexes only one of them has. Subtrees they share are skipped, so a vector made from `previous` by a few
   * pushes and sets costs what those changed, not its size; two unrelated vectors are compared item by item.
   */
  forEachChange(previous: PersistentVector<T>, visit: (index: number) => void): void {
    const common = Math.min(this.size, previous.size)
    if (this !== previous && common > 0) {
      const inTrie = Math.min(this.tailOffset(), previous.tailOffset())
      if (inTrie > 0)
        visitChanged(
          alignedRoot(this.root, this.shift, previous.shift),
          alignedRoot(previous.root, previous.shift, this.shift),
          Math.min(this.shift, previous.shift),
          0,
          inTrie,
          visit,
        )
      for (let index = inTrie; index < common; index++) if (this.get(index) !== previous.get(index)) visit(index)
    }
    for (let index = common; index < Math.max(this.size, previous.size); index++) visit(index)
  }

  /** The items as an array: made on the first call, the same array after (do not change it). */
  toArray(): readonly T[] {
    if (this.size === 0) return EMPTY_NODE
    const made = ARRAYS.get(this)
    if (made !== undefined) return made as readonly T[]
    const array: T[] = new Array(this.size)
    this.forEach((item, index) => {
      array[index] = item
    })
    ARRAYS.set(this, array)
    return array
  }

  [Symbol.iterator](): Iterator<T> {
    return this.toArray()[Symbol.iterator]()
  }
}

// The root of a taller trie narrowed to the subtree that covers what a trie of height `shift` holds.
function alignedRoot<T>(root: TrieNode<T>, ownShift: number, shift: number): TrieNode<T> {
  let node = root
  for (let level = ownShift; level > shift; level -= BITS) node = node[0] as TrieNode<T>
  return node
}

// Visits the indexes below `end` whose items differ, skipping identical subtrees; `base` is the first index under the nodes.
function visitChanged<T>(left: TrieNode<T>, right: TrieNode<T>, level: number, base: number, end: number, visit: (index: number) => void): void {
  if (left === right) return
  if (level === 0) {
    for (let offset = 0; offset < WIDTH && base + offset < end; offset++) if (left[offset] !== right[offset]) visit(base + offset)
    return
  }
  for (let child = 0; child < WIDTH; child++) {
    const start = base + (child << level)
    if (start >= end) return
    visitChanged(left[child] as TrieNode<T>, right[child] as TrieNode<T>, level - BITS, start, end, visit)
  }
}

function newPath<T>(level: number, leaf: readonly T[]): TrieNode<T> {
  return level === 0 ? leaf : [newPath(level - BITS, leaf)]
}

function pushLeaf<T>(size: number, level: number, parent: TrieNode<T>, leaf: readonly T[]): TrieNode<T> {
  const index = ((size - 1) >>> level) & MASK
  const node = parent.slice()
  if (level === BITS) {
    node[index] = leaf
  } else {
    const child = parent[index] as TrieNode<T> | undefined
    node[index] = child === undefined ? newPath(level - BITS, leaf) : pushLeaf(size, level - BITS, child, leaf)
  }
  return node
}

function assign<T>(level: number, node: TrieNode<T>, index: number, value: T): TrieNode<T> {
  const copy = node.slice()
  if (level === 0) {
    copy[index & MASK] = value
  } else {
    const child = (index >>> level) & MASK
    copy[child] = assign(level - BITS, node[child] as TrieNode<T>, index, value)
  }
  return copy
}

// The trie without its rightmost leaf (the one holding item size - 2, which becomes the tail); null when it empties.
function popLeaf<T>(size: number, level: number, node: TrieNode<T>): TrieNode<T> | null {
  const index = ((size - 2) >>> level) & MASK
  if (level > BITS) {
    const child = popLeaf(size, level - BITS, node[index] as TrieNode<T>)
    if (child === null && index === 0) return null
    const copy = node.slice(0, child === null ? index : index + 1)
    if (child !== null) copy[index] = child
    return copy
  }
  return index === 0 ? null : node.slice(0, index)
}
