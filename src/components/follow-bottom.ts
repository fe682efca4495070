/** A list kept at its end while its content grows (see {@link followBottom}). */
export interface BottomFollower {
  /** Follows again and scrolls to the end. */
  readonly jumpToLatest: () => void
  readonly dispose: () => void
}

const BOTTOM_SLACK_PX = 4
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home'])

/**
 * Keeps `scrollNode` scrolled to its end while `contentNode` grows, and lets go as soon as the reader moves up (a
 * wheel, a swipe, a key or the scrollbar: the direction of their own action, not a distance from the bottom); it
 * holds again when they come back down to the end. `onChange` hears every change of whether it follows.
 */
export function followBottom(
  scrollNode: HTMLElement,
  contentNode: HTMLElement | null,
  following: boolean,
  onChange: (following: boolean) => void,
): BottomFollower {
  let stuck = following
  // Where our own scroll to the end put the list: the scroll event it causes is not the reader coming back.
  let ownScrollTop: number | null = null
  let lastTop = scrollNode.scrollTop
  let userScrolling = false
  let touchY = 0
  const setStuck = (value: boolean) => {
    if (stuck === value) return
    stuck = value
    onChange(value)
  }
  const toBottom = () => {
    scrollNode.scrollTop = scrollNode.scrollHeight
    ownScrollTop = scrollNode.scrollTop
  }
  const onWheel = (event: WheelEvent) => {
    if (event.deltaY < 0) setStuck(false)
  }
  const onTouchStart = (event: TouchEvent) => {
    touchY = event.touches[0]?.clientY ?? 0
  }
  const onTouchMove = (event: TouchEvent) => {
    // A finger moving down drags the content down: the reader goes up.
    if ((event.touches[0]?.clientY ?? 0) > touchY) setStuck(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (UP_KEYS.has(event.key)) setStuck(false)
  }
  const onPointerDown = () => {
    userScrolling = true
  }
  const onPointerUp = () => {
    userScrolling = false
  }
  const onScroll = () => {
    const top = scrollNode.scrollTop
    const own = ownScrollTop
    ownScrollTop = null
    if (own !== null && Math.abs(top - own) <= 1) {
      lastTop = top
      return
    }
    const atBottom = scrollNode.scrollHeight - top - scrollNode.clientHeight <= BOTTOM_SLACK_PX
    // Dragging the scrollbar upwards lets go; content that shrinks and clamps the position does not.
    if (userScrolling && top < lastTop) setStuck(false)
    else if (atBottom && top >= lastTop) setStuck(true)
    lastTop = top
  }
  scrollNode.addEventListener('wheel', onWheel, { passive: true })
  scrollNode.addEventListener('touchstart', onTouchStart, { passive: true })
  scrollNode.addEventListener('touchmove', onTouchMove, { passive: true })
  scrollNode.addEventListener('keydown', onKeyDown)
  scrollNode.addEventListener('pointerdown', onPointerDown)
  window.addEventListener('pointerup', onPointerUp)
  scrollNode.addEventListener('scroll', onScroll, { passive: true })
  const observer =
    contentNode === null || typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          if (stuck) toBottom()
        })
  if (observer !== null && contentNode !== null) observer.observe(contentNode)
  return {
    jumpToLatest: () => {
      setStuck(true)
      toBottom()
    },
    dispose: () => {
      observer?.disconnect()
      scrollNode.removeEventListener('wheel', onWheel)
      scrollNode.removeEventListener('touchstart', onTouchStart)
      scrollNode.removeEventListener('touchmove', onTouchMove)
      scrollNode.removeEventListener('keydown', onKeyDown)
      scrollNode.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('pointerup', onPointerUp)
      scrollNode.removeEventListener('scroll', onScroll)
    },
  }
}
