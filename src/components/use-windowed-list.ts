import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties } from 'react'
import { ListHeights } from './list-heights'
import type { ListRange } from './list-heights'

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

/** Where a windowed list scrolls when that is not its own element, and when it renders only part of itself. */
export interface WindowedListOptions {
  /**
   * The element that scrolls, for a list inside another one (a long turn's blocks inside the conversation):
   * the list then finds where its content sits in it. `null` while that element is not mounted.
   */
  readonly scrollNode?: HTMLElement | null
  /** Lists up to this many items are rendered whole. @default 40 */
  readonly threshold?: number
}

/** Lists up to this many items are rendered whole: windowing only pays off for long conversations. */
export const WINDOW_THRESHOLD = 40
// Kept rendered beyond the viewport on each side, in viewports: a re-render is needed only after scrolling ~one.
const OVERSCAN_VIEWPORTS = 2
const MIN_VIEWPORT_PX = 600

interface Anchor {
  readonly index: number
  readonly top: number
}

const viewportOf = (node: HTMLElement | null) => Math.max(node?.clientHeight ?? 0, MIN_VIEWPORT_PX)

/**
 * Renders only the items of a long list that are near the viewport (a small windowing of our own: variable
 * heights measured as items show, the rest stood in for by padding, the first visible item kept in place when
 * the window moves, where the browser's own scroll anchoring did not already). Items outside the window are not in
 * the DOM: find-in-page and a screen reader's browse mode cover the rendered window, which reaches about two
 * viewports beyond each edge.
 */
export function useWindowedList(count: number, stuck: boolean, options: WindowedListOptions = {}): ListWindow {
  const [ownScrollNode, setScrollNode] = useState<HTMLElement | null>(null)
  // A ref, not state: a list mounting (a new turn) would otherwise render twice in its first frame.
  const content = useRef<HTMLElement | null>(null)
  const [, setVersion] = useState(0)
  const [heights] = useState(() => new ListHeights())
  const rendered = useRef<ListRange>({ start: 0, end: count })
  const anchor = useRef<Anchor | null>(null)
  const nested = options.scrollNode !== undefined
  const scrollNode = nested ? options.scrollNode : ownScrollNode
  const windowed = count > (options.threshold ?? WINDOW_THRESHOLD)
  heights.track(count)

  const top = (scrollNode?.scrollTop ?? 0) - heights.contentTop
  const range: ListRange = windowed
    ? heights.windowOf(count, top, viewportOf(scrollNode), stuck, OVERSCAN_VIEWPORTS * viewportOf(scrollNode))
    : { start: 0, end: count }

  // Re-render only when the viewport (plus one viewport either side) is no longer inside what is rendered.
  const check = useCallback(() => {
    if (scrollNode === null || !windowed) return
    // Measured once the browser has laid the list out (on scroll, on resize), never while rendering.
    const contentNode = content.current
    if (nested && contentNode !== null) heights.measureTop(contentNode, scrollNode)
    const viewport = viewportOf(scrollNode)
    const needed = heights.windowOf(count, scrollNode.scrollTop - heights.contentTop, viewport, stuck, viewport)
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
  }, [scrollNode, nested, windowed, count, stuck, heights])

  useLayoutEffect(() => {
    rendered.current = range
    const held = anchor.current
    anchor.current = null
    const contentNode = content.current
    if (contentNode === null || !windowed || held === null || scrollNode === null || stuck) return
    // Reading heights here forces a layout inside the commit; only a held anchor needs it now. Otherwise the
    // resize observer measures the items once the browser has laid them out, in the same frame.
    heights.measure(contentNode, range.start)
    const child = contentNode.children[held.index - range.start] as HTMLElement | undefined
    if (child === undefined) return
    const shift = child.getBoundingClientRect().top - scrollNode.getBoundingClientRect().top - held.top
    // 'instant': the list's own smooth scrolling must not animate a correction the reader should not see
    if (Math.abs(shift) >= 1) scrollNode.scrollBy({ top: shift, behavior: 'instant' })
  })

  useEffect(() => {
    if (scrollNode === null || !windowed) return
    scrollNode.addEventListener('scroll', check, { passive: true })
    return () => scrollNode.removeEventListener('scroll', check)
  }, [scrollNode, windowed, check])

  // Items that grow or shrink (a streaming turn, an image that loads) are measured again.
  useEffect(() => {
    const contentNode = content.current
    if (contentNode === null || !windowed || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (heights.measure(contentNode, rendered.current.start)) check()
    })
    for (const child of contentNode.children) observer.observe(child)
    return () => observer.disconnect()
  })

  const setContent = useCallback((node: HTMLElement | null) => {
    content.current = node
  }, [])

  return {
    start: range.start,
    end: range.end,
    style: windowed ? { paddingTop: heights.span(0, range.start), paddingBottom: heights.span(range.end, count) } : undefined,
    scrollRef: setScrollNode,
    contentRef: setContent,
  }
}
