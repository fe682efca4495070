import { recordRewindPoint } from './apply-rewind'
import { withStateFields } from './copy-records'
import type { UserMessageEvent } from './local-events'
import type { AgentState, UserMessageEntry } from './state'
import { MAIN_SCOPE } from './state'

/** The user's message joins the conversation before the next top-level turn. */
export function applyUserMessage(state: AgentState, event: UserMessageEvent): AgentState {
  const entry: UserMessageEntry = { message: event.message, turnIndex: state.scopes[MAIN_SCOPE]?.turnList.size ?? 0 }
  recordRewindPoint(entry, state)
  return withStateFields(state, { userMessages: [...state.userMessages, entry] })
}
