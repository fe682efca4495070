import type { AgentState } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import type { TranscriptItem } from './session-state'

/** A transcript with how many user messages and turns it shows, so that extending it costs what was added. */
export interface CountedTranscript {
  readonly items: readonly TranscriptItem[]
  readonly users: number
  readonly turns: number
}

/** The empty transcript. */
export const EMPTY_TRANSCRIPT: CountedTranscript = { items: [], users: 0, turns: 0 }

function userKey(state: AgentState, index: number): string {
  return `user-${state.userMessages[index]?.message.id ?? index}`
}

/**
 * The transcript extended with the user messages and top-level turns that `agent` has beyond it, in
 * conversation order (a user message before the turn it precedes); the same object when nothing was added,
 * and made again when `agent` has fewer of either (a `REWIND`).
 */
export function extendTranscript(agent: AgentState, shown: CountedTranscript): CountedTranscript {
  const users = agent.userMessages
  // The vector's size, not `turns.length`: that would make the turns' array, O(turns) per revision.
  const turns = agent.scopes[MAIN_SCOPE]?.turnList.size ?? 0
  // A rewind took items out: the transcript is made again from the start.
  if (users.length < shown.users || turns < shown.turns) return extendTranscript(agent, EMPTY_TRANSCRIPT)
  if (users.length === shown.users && turns === shown.turns) return shown
  const added: TranscriptItem[] = []
  let user = shown.users
  let turn = shown.turns
  while (user < users.length || turn < turns) {
    const entry = users[user]
    if (entry !== undefined && (entry.turnIndex <= turn || turn >= turns)) {
      added.push({ kind: 'user', key: userKey(agent, user), message: entry.message })
      user++
    } else {
      added.push({ kind: 'turn', key: `turn-${turn}`, index: turn })
      turn++
    }
  }
  return { items: [...shown.items, ...added], users: users.length, turns }
}

/** How many user messages and turns a transcript made elsewhere shows (read once, when it is not ours). */
export function countTranscript(items: readonly TranscriptItem[]): CountedTranscript {
  let users = 0
  let turns = 0
  for (const item of items) {
    if (item.kind === 'user') users++
    else turns++
  }
  return { items, users, turns }
}
