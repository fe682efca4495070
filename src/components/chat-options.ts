import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'

/** Feedback on one reply, as `onFeedback` receives it. */
export interface TurnFeedback {
  /** The turn's Msg id. */
  readonly turnId: string
  readonly turnIndex: number
  readonly value: 'up' | 'down'
}

/** A prompt offered on the empty chat: `label` is shown, `prompt` (default: the label) is sent. */
export interface ChatSuggestion {
  readonly label: string
  readonly prompt?: string
}

/** What `<AgentChat>` passes down to its parts beyond the store. */
export interface ChatOptions {
  /** Called with thumbs up or down on a reply; without it, no thumbs are shown. Throwing is ignored. */
  readonly onFeedback?: (feedback: TurnFeedback) => void
  readonly suggestions?: readonly (string | ChatSuggestion)[]
  /** Shown on the empty chat above the suggestions. @default a "How can I help?" heading */
  readonly welcome?: ReactNode
}

/** The options of the nearest `<AgentChat>`. */
export const ChatOptionsContext = createContext<ChatOptions>({})

/** The chat options in effect. */
export function useChatOptions(): ChatOptions {
  return useContext(ChatOptionsContext)
}
