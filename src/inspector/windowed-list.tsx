import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react'
import type { HTMLAttributes, ReactNode } from 'react'

/** Props of {@link WindowedList}. */
export interface WindowedListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly count: number
  /** Every row has this height in CSS pixels: what makes 100,000 rows cost as much as the 30 on screen. */
  readonly rowHeight: number
  /** Renders row `index`; it is placed by the list (absolutely, at `index × rowHeight`). */
  readonly renderRow: (index: number) => ReactNode
  /** Rows rendered beyond each edge of the viewport. @default 8 */
  readonly overscan?: number
  /** Keep the last row in view as rows are added, until the reader scrolls up. */
  readonly follow?: boolean
}

/** What a parent can ask of a {@link WindowedList}. */
export interface WindowedListHandle {
  /** Scrolls as little as needed to show row `index`. */
  scrollToIndex(index: number): void
  readonly element: HTMLDivElement | null
}

// Where nothing is laid out (jsdom), a viewport of this height is assumed.
const FALLBACK_HEIGHT = 480

/**
 * A windowed list: a scroll container whose inner height is `count × rowHeight`, rendering only the rows
 * in view (plus `overscan`). Rows must have a fixed height; the list renders nothing else.
 */
export const WindowedList = forwardRef<WindowedListHandle, WindowedListProps>(function WindowedList(props, ref) {
  const { count, rowHeight, renderRow, overscan = 8, follow = false, onScroll, ...rest } = props
  const scrollRef = useRef<HTMLDivElement | null>(null)
  const [viewport, setViewport] = useState({ top: 0, height: FALLBACK_HEIGHT })
  const atBottom = useRef(true)

  const measure = useCallback(() => {
    const element = scrollRef.current
    if (element === null) return
    const height = element.clientHeight > 0 ? element.clientHeight : FALLBACK_HEIGHT
    setViewport((current) => (current.top === element.scrollTop && current.height === height ? current : { top: element.scrollTop, height }))
  }, [])

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (element === null || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [measure])

  // Before paint, so that rows added while following are never shown scrolled away from.
  useLayoutEffect(() => {
    const element = scrollRef.current
    if (follow && atBottom.current && element !== null) {
      element.scrollTop = element.scrollHeight
      measure()
    }
  }, [count, follow, measure])

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex(index: number) {
        const element = scrollRef.current
        if (element === null) return
        const top = index * rowHeight
        const height = element.clientHeight > 0 ? element.clientHeight : FALLBACK_HEIGHT
        if (top < element.scrollTop) element.scrollTop = top
        else if (top + rowHeight > element.scrollTop + height) element.scrollTop = top + rowHeight - height
        measure()
      },
      get element() {
        return scrollRef.current
      },
    }),
    [measure, rowHeight],
  )

  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan)
  const rows: ReactNode[] = []
  for (let index = first; index < last; index++) rows.push(renderRow(index))
  return (
    <div
      {...rest}
      ref={scrollRef}
      data-windowed=""
      onScroll={(event) => {
        onScroll?.(event)
        // Only scrolling decides whether the list follows: rows added below must not turn following off.
        const element = event.currentTarget
        atBottom.current = element.scrollTop + element.clientHeight >= element.scrollHeight - rowHeight
        measure()
      }}
    >
      {/* The spacer gives the scrollbar its full length; the rows are placed inside it. */}
      <div data-windowed-spacer="" role="presentation" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  )
})
