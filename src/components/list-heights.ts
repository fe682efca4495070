/** The first item to render and one past the last. */
export interface ListRange {
  readonly start: number
  readonly end: number
}

// Until an item has been on screen its height is guessed: the mean of the heights measured so far.
const FIRST_GUESS_PX = 160

/**
 * The measured heights of a windowed list's items, by index, and the guess for those not yet seen. Kept out of
 * React's state: it changes as the browser lays items out, and a change that matters is followed by a render.
 */
export class ListHeights {
  private top = 0
  private heights = new Map<number, number>()
  private total = 0
  private count = 0

  /** A list that got shorter was replaced (a reset, a loaded history): what was measured belongs to the old items. */
  track(count: number): void {
    if (count < this.count) {
      this.heights = new Map()
      this.total = 0
    }
    this.count = count
  }

  /** Where the list's content starts in an outer scrolling element, as last measured (0 when it scrolls itself). */
  get contentTop(): number {
    return this.top
  }

  /** Measures where `content` starts in `scrollNode`'s scrolled content. */
  measureTop(content: HTMLElement, scrollNode: HTMLElement): void {
    this.top = content.getBoundingClientRect().top - scrollNode.getBoundingClientRect().top + scrollNode.scrollTop
  }

  heightOf(index: number): number {
    const known = this.heights.get(index)
    return known ?? this.guess()
  }

  private guess(): number {
    return this.heights.size === 0 ? FIRST_GUESS_PX : this.total / this.heights.size
  }

  /** Measures the rendered items (`content`'s children, the first being item `start`); true when a height changed. */
  measure(content: HTMLElement, start: number): boolean {
    const children = content.children
    let changed = false
    for (let offset = 0; offset < children.length; offset++) {
      const child = children[offset] as HTMLElement
      const next = children[offset + 1] as HTMLElement | undefined
      // An item's height is the distance to the next one (so the flex gap is counted), the last one's its own box.
      const height = next === undefined ? child.offsetHeight : next.offsetTop - child.offsetTop
      const old = this.heights.get(start + offset)
      if (height > 0 && old !== height) {
        this.heights.set(start + offset, height)
        this.total += height - (old ?? 0)
        changed = true
      }
    }
    return changed
  }

  /** The items to render for a viewport at `top`, `overscan` pixels beyond each edge; the last ones when `stuck`. */
  windowOf(count: number, top: number, viewport: number, stuck: boolean, overscan: number): ListRange {
    if (stuck) {
      let start = count
      let covered = 0
      while (start > 0 && covered < viewport + overscan) covered += this.heightOf(--start)
      return { start, end: count }
    }
    let start = 0
    let offset = 0
    while (start < count && offset + this.heightOf(start) < top - overscan) offset += this.heightOf(start++)
    let end = start
    while (end < count && offset < top + viewport + overscan) offset += this.heightOf(end++)
    return { start, end: Math.max(end, Math.min(count, start + 1)) }
  }

  /**
   * The height of the items between `start` and `end`: it walks the shorter of the range and what lies around
   * it, so a window at either end of a long list costs its own size, not the list's.
   */
  span(start: number, end: number): number {
    if (end - start <= this.count - (end - start)) return this.sum(start, end)
    return this.total + (this.count - this.heights.size) * this.guess() - this.sum(0, start) - this.sum(end, this.count)
  }

  private sum(start: number, end: number): number {
    let height = 0
    for (let index = start; index < end; index++) height += this.heightOf(index)
    return height
  }
}
