import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties } from 'react'

/** What {@link useWindowedList} gives a list: which items to render, and the space that stands in for the others. */
export interface ListWindow {
  /** The first item to render and one past the last. */
  readonly start: number
  readonly end: number
  /** Padding for the content element: the height of the items left out above and below. */
  readonly style: CSSProperties | undefined
  readonly scrollRef: (node: HTMLElement | null) => void
  readonly contentRef: (node: HTMLElement | null) => void
}

/** Lists up to this many items are rendered whole: windowing only pays off for long conversations. */
export const WINDOW_THRESHOLD = 40
// Until an item has been on screen its height is guessed: the mean of the heights measured so far.
const FIRST_GUESS_PX = 160
// Kept rendered beyond the viewport on each side, in viewports: a re-render is needed only after scrolling ~one.
const OVERSCAN_VIEWPORTS = 2
const MIN_VIEWPORT_PX = 600

interface Range {
  readonly start: number
  readonly end: number
}

interface Anchor {
  readonly index: number
  readonly top: number
}

// An item's height is the distance to the next one (so the flex gap is counted), the last one's its own box.
function measure(content: HTMLElement, start: number, heights: Map<number, number>): boolean {
  const children = content.children
  let changed = false
  for (let offset = 0; offset < children.length; offset++) {
    const child = children[offset] as HTMLElement
    const next = children[offset + 1] as HTMLElement | undefined
    const height = next === undefined ? child.offsetHeight : next.offsetTop - child.offsetTop
    if (height > 0 && heights.get(start + offset) !== height) {
      heights.set(start + offset, height)
      changed = true
    }
  }
  return changed
}

function windowOf(count: number, heightOf: (index: number) => number, top: number, viewport: number, stuck: boolean, overscan: number): Range {
  if (stuck) {
    let start = count
    let covered = 0
    while (start > 0 && covered < viewport + overscan) covered += heightOf(--start)
    return { start, end: count }
  }
  let start = 0
  let offset = 0
  while (start < count && offset + heightOf(start) < top - overscan) offset += heightOf(start++)
  let end = start
  while (end < count && offset < top + viewport + overscan) offset += heightOf(end++)
  return { start, end: Math.max(end, Math.min(count, start + 1)) }
}

/**
 * Renders only the items of a long list that are near the viewport (a small windowing of our own: variable
 * heights measured as items show, the rest stood in for by padding, the first visible item kept in place when
 * the window moves, where the browser's own scroll anchoring did not already). Items outside the window are not in the DOM: find-in-page and a screen reader's browse
 * mode cover the rendered window, which reaches about two viewports beyond each edge.
 */
export function useWindowedList(count: number, stuck: boolean): ListWindow {
  const [scrollNode, setScrollNode] = useState<HTMLElement | null>(null)
  const [contentNode, setContentNode] = useState<HTMLElement | null>(null)
  const [, setVersion] = useState(0)
  const heights = useRef(new Map<number, number>())
  const measured = useRef({ total: 0, count: 0 })
  const rendered = useRef<Range>({ start: 0, end: count })
  const anchor = useRef<Anchor | null>(null)
  const windowed = count > WINDOW_THRESHOLD
  const lastCount = useRef(count)
  // A reset or a loaded history replaces the items: what was measured belongs to the old ones.
  if (count < lastCount.current) {
    heights.current = new Map()
    measured.current = { total: 0, count: 0 }
  }
  lastCount.current = count

  const heightOf = useCallback((index: number) => {
    const known = heights.current.get(index)
    if (known !== undefined) return known
    const { total, count: seen } = measured.current
    return seen === 0 ? FIRST_GUESS_PX : total / seen
  }, [])

  const viewportOf = (node: HTMLElement | null) => Math.max(node?.clientHeight ?? 0, MIN_VIEWPORT_PX)
  const top = scrollNode?.scrollTop ?? 0
  const range: Range = windowed
    ? windowOf(count, heightOf, top, viewportOf(scrollNode), stuck, OVERSCAN_VIEWPORTS * viewportOf(scrollNode))
    : { start: 0, end: count }
  rendered.current = range

  // Re-render only when the viewport (plus one viewport either side) is no longer inside what is rendered.
  const check = useCallback(() => {
    if (scrollNode === null || !windowed) return
    const viewport = viewportOf(scrollNode)
    const needed = windowOf(count, heightOf, scrollNode.scrollTop, viewport, stuck, viewport)
    const { start, end } = rendered.current
    if (needed.start >= start && needed.end <= end) return
    const children = contentNode?.children
    if (children !== undefined && !stuck) {
      const scrollTop = scrollNode.getBoundingClientRect().top
      for (let offset = 0; offset < children.length; offset++) {
        const box = (children[offset] as HTMLElement).getBoundingClientRect()
        if (box.bottom > scrollTop) {
          anchor.current = { index: start + offset, top: box.top - scrollTop }
          break
        }
      }
    }
    setVersion((version) => version + 1)
  }, [scrollNode, contentNode, windowed, count, stuck, heightOf])

  useLayoutEffect(() => {
    if (contentNode === null || !windowed) return
    if (measure(contentNode, range.start, heights.current)) {
      let total = 0
      for (const height of heights.current.values()) total += height
      measured.current = { total, count: heights.current.size }
    }
    const held = anchor.current
    anchor.current = null
    if (held === null || scrollNode === null || stuck) return
    const child = contentNode.children[held.index - range.start] as HTMLElement | undefined
    if (child === undefined) return
    const shift = child.getBoundingClientRect().top - scrollNode.getBoundingClientRect().top - held.top
    if (Math.abs(shift) >= 1) scrollNode.scrollTop += shift
  })

  useEffect(() => {
    if (scrollNode === null || !windowed) return
    scrollNode.addEventListener('scroll', check, { passive: true })
    return () => scrollNode.removeEventListener('scroll', check)
  }, [scrollNode, windowed, check])

  // Items that grow or shrink (a streaming turn, an image that loads) are measured again.
  useEffect(() => {
    if (contentNode === null || !windowed || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (measure(contentNode, rendered.current.start, heights.current)) check()
    })
    for (const child of contentNode.children) observer.observe(child)
    return () => observer.disconnect()
  })

  let before = 0
  for (let index = 0; index < range.start; index++) before += heightOf(index)
  let after = 0
  for (let index = range.end; index < count; index++) after += heightOf(index)
  return {
    start: range.start,
    end: range.end,
    style: windowed ? { paddingTop: before, paddingBottom: after } : undefined,
    scrollRef: setScrollNode,
    contentRef: setContentNode,
  }
}
