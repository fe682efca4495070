/**
 * Where each tool call of one turn sits: the index of its first tool_use entry, by tool call id.
 *
 * A turn can hold 100,000 calls. In a persistent map every new call would copy a path of 32-wide nodes that
 * grows with the count (three times the cost at 100,000 as at 10). The calls are only ever added, so the
 * revisions of a turn share one mutable index instead, as the seen ids do (see `seen-ids.ts`): a revision
 * records how many calls it knows (`callCount`), sees only those, and the newest revision adds in place. An
 * older revision that adds (a branch) copies its own part first. An index whose entries moved (a block
 * removed before them) is rebuilt, never changed.
 */
export class CallIndex {
  // By id, the call's position in `entryIndexes` (its registration order).
  private readonly order = new Map<string, number>()
  private readonly entryIndexes: number[] = []
  private readonly ids: string[] = []

  /** How many calls were registered, by every revision sharing it. */
  get size(): number {
    return this.ids.length
  }

  /** The entry index of the call, for a revision that knows `count` calls. */
  lookup(count: number, toolCallId: string): number | undefined {
    const position = this.order.get(toolCallId)
    return position !== undefined && position < count ? this.entryIndexes[position] : undefined
  }

  /**
   * The index with the call registered, for a revision that knows `count` calls: this index when that
   * revision is the newest, else a copy of its part. The same index when the id is known already (first wins).
   */
  add(count: number, toolCallId: string, entryIndex: number): CallIndex {
    if (this.lookup(count, toolCallId) !== undefined) return this
    const target = this !== EMPTY_CALLS && count === this.ids.length ? this : this.prefix(count)
    target.order.set(toolCallId, target.ids.length)
    target.ids.push(toolCallId)
    target.entryIndexes.push(entryIndex)
    return target
  }

  /** Calls `visit` with each call a revision knowing `count` calls has, in registration order. */
  forEach(count: number, visit: (entryIndex: number, toolCallId: string) => void): void {
    for (let position = 0; position < count && position < this.ids.length; position++) {
      visit(this.entryIndexes[position] as number, this.ids[position] as string)
    }
  }

  private prefix(count: number): CallIndex {
    const copy = new CallIndex()
    this.forEach(count, (entryIndex, toolCallId) => {
      copy.order.set(toolCallId, copy.ids.length)
      copy.ids.push(toolCallId)
      copy.entryIndexes.push(entryIndex)
    })
    return copy
  }

  /** An index of the tool calls among `entries` (a call id that repeats is found at its first entry). */
  static of(entries: Iterable<{ readonly kind: string; readonly block: unknown }>): CallIndex {
    let index = EMPTY_CALLS
    let position = 0
    for (const entry of entries) {
      if (entry.kind === 'tool_use') index = index.add(index.size, (entry.block as { readonly id: string }).id, position)
      position++
    }
    return index
  }

  /** The index every turn starts with: shared, so it is never added to in place (see {@link CallIndex.add}). */
  static empty(): CallIndex {
    return EMPTY_CALLS
  }
}

const EMPTY_CALLS = new CallIndex()
