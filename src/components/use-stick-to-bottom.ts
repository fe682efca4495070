import { useCallback, useEffect, useRef, useState } from 'react'

/** What {@link useStickToBottom} gives a scrolling list. */
export interface UseStickToBottomResult {
  readonly scrollRef: (node: HTMLElement | null) => void
  readonly contentRef: (node: HTMLElement | null) => void
  /** Whether the list follows new content. */
  readonly stuck: boolean
  readonly jumpToLatest: () => void
}

const BOTTOM_SLACK_PX = 4
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home'])

/**
 * Keeps a list scrolled to its end while content grows, and lets go as soon as the reader moves
 * up (a wheel, a swipe, a key or the scrollbar: the direction of their own action, not a distance
 * from the bottom); it holds again when they come back down to the end.
 */
export function useStickToBottom(): UseStickToBottomResult {
  const [scrollNode, setScrollNode] = useState<HTMLElement | null>(null)
  const [contentNode, setContentNode] = useState<HTMLElement | null>(null)
  const [stuck, setStuck] = useState(true)
  const stuckRef = useRef(true)
  // Where our own scroll to the end put the list: the scroll event it causes is not the reader coming back.
  const ownScrollTop = useRef<number | null>(null)
  const setStuckBoth = useCallback((value: boolean) => {
    stuckRef.current = value
    setStuck(value)
  }, [])

  const toBottom = useCallback(() => {
    if (scrollNode === null) return
    scrollNode.scrollTop = scrollNode.scrollHeight
    ownScrollTop.current = scrollNode.scrollTop
  }, [scrollNode])

  useEffect(() => {
    if (scrollNode === null) return
    let lastTop = scrollNode.scrollTop
    let userScrolling = false
    let touchY = 0
    const letGo = () => {
      if (stuckRef.current) setStuckBoth(false)
    }
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) letGo()
    }
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? 0
    }
    const onTouchMove = (event: TouchEvent) => {
      // A finger moving down drags the content down: the reader goes up.
      if ((event.touches[0]?.clientY ?? 0) > touchY) letGo()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (UP_KEYS.has(event.key)) letGo()
    }
    const onPointerDown = () => {
      userScrolling = true
    }
    const onPointerUp = () => {
      userScrolling = false
    }
    const onScroll = () => {
      const top = scrollNode.scrollTop
      const own = ownScrollTop.current
      ownScrollTop.current = null
      if (own !== null && Math.abs(top - own) <= 1) {
        lastTop = top
        return
      }
      const atBottom = scrollNode.scrollHeight - top - scrollNode.clientHeight <= BOTTOM_SLACK_PX
      // Dragging the scrollbar upwards lets go; content that shrinks and clamps the position does not.
      if (userScrolling && top < lastTop) letGo()
      else if (atBottom && top >= lastTop && !stuckRef.current) setStuckBoth(true)
      lastTop = top
    }
    scrollNode.addEventListener('wheel', onWheel, { passive: true })
    scrollNode.addEventListener('touchstart', onTouchStart, { passive: true })
    scrollNode.addEventListener('touchmove', onTouchMove, { passive: true })
    scrollNode.addEventListener('keydown', onKeyDown)
    scrollNode.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('pointerup', onPointerUp)
    scrollNode.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      scrollNode.removeEventListener('wheel', onWheel)
      scrollNode.removeEventListener('touchstart', onTouchStart)
      scrollNode.removeEventListener('touchmove', onTouchMove)
      scrollNode.removeEventListener('keydown', onKeyDown)
      scrollNode.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('pointerup', onPointerUp)
      scrollNode.removeEventListener('scroll', onScroll)
    }
  }, [scrollNode, setStuckBoth])

  useEffect(() => {
    if (contentNode === null || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (stuckRef.current) toBottom()
    })
    observer.observe(contentNode)
    return () => observer.disconnect()
  }, [contentNode, toBottom])

  const jumpToLatest = useCallback(() => {
    setStuckBoth(true)
    toBottom()
  }, [setStuckBoth, toBottom])

  return { scrollRef: setScrollNode, contentRef: setContentNode, stuck, jumpToLatest }
}
