import { createContext } from 'react'

/** The conversation's scrolling element and whether it follows new content, for the long turns inside it. */
export interface ListScroll {
  readonly scrollNode: HTMLElement | null
  readonly stuck: boolean
}

/** Set by `MessageList`; outside one (`undefined`) a turn renders all its blocks. */
export const ListScrollContext = /*#__PURE__*/ createContext<ListScroll | undefined>(undefined)
