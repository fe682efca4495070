import { useCallback, useEffect, useRef, useState } from 'react'
import { followBottom } from './follow-bottom'
import type { BottomFollower } from './follow-bottom'

/** What {@link useStickToBottom} gives a scrolling list. */
export interface UseStickToBottomResult {
  readonly scrollRef: (node: HTMLElement | null) => void
  readonly contentRef: (node: HTMLElement | null) => void
  /** Whether the list follows new content. */
  readonly stuck: boolean
  readonly jumpToLatest: () => void
}

/**
 * Keeps a list scrolled to its end while content grows, and lets go as soon as the reader moves
 * up; it holds again when they come back down to the end (see `followBottom`).
 */
export function useStickToBottom(): UseStickToBottomResult {
  const [scrollNode, setScrollNode] = useState<HTMLElement | null>(null)
  const [contentNode, setContentNode] = useState<HTMLElement | null>(null)
  const [stuck, setStuck] = useState(true)
  // Whether it follows survives the follower being made again for a new content node.
  const following = useRef(true)
  const follower = useRef<BottomFollower | null>(null)

  useEffect(() => {
    if (scrollNode === null) return
    const follow = followBottom(scrollNode, contentNode, following.current, (value) => {
      following.current = value
      setStuck(value)
    })
    follower.current = follow
    return () => {
      follow.dispose()
      follower.current = null
    }
  }, [scrollNode, contentNode])

  const jumpToLatest = useCallback(() => follower.current?.jumpToLatest(), [])

  return { scrollRef: setScrollNode, contentRef: setContentNode, stuck, jumpToLatest }
}
