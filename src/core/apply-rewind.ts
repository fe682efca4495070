import { copyScope, withStateFields } from './copy-records'
import type { RewindEvent } from './local-events'
import type { AgentState, Scope, SubagentPendingConfirmation, UserMessageEntry } from './state'
import { MAIN_SCOPE } from './state'
import { setOwn } from './set-own'

/** What a rewind to a user message puts back: the state beside the top-level turns just before it was entered. */
interface RewindPoint {
  /** The subagent scopes (the top-level one is cut by `turnIndex` instead, so that no old revision of it is kept alive). */
  readonly subagents: Readonly<Record<string, Scope>>
  readonly state: Pick<AgentState, 'pendingConfirmation' | 'pendingExternalExecution' | 'subagentPendingConfirmations' | 'exposedSubagents'>
  readonly customEvents: number
}

// Kept beside the entries rather than in them, so that a state's JSON stays the conversation. An entry made
// elsewhere (a loaded history) has none, and a rewind to it falls back on what the turns say (see below).
const POINTS = new WeakMap<UserMessageEntry, RewindPoint>()
const NO_SUBAGENTS: Readonly<Record<string, Scope>> = Object.freeze({})

/** Remembers, for a user message being entered into `state`, what a later rewind to it restores: O(subagents). */
export function recordRewindPoint(entry: UserMessageEntry, state: AgentState): void {
  let subagents: Record<string, Scope> | null = null
  for (const key in state.scopes) {
    if (key !== MAIN_SCOPE) setOwn((subagents ??= {}), key, state.scopes[key] as Scope)
  }
  const { pendingConfirmation, pendingExternalExecution, subagentPendingConfirmations, exposedSubagents } = state
  POINTS.set(entry, {
    subagents: subagents ?? NO_SUBAGENTS,
    state: { pendingConfirmation, pendingExternalExecution, subagentPendingConfirmations, exposedSubagents },
    customEvents: state.customEvents.length,
  })
}

function scopeKeyOfPending(pending: SubagentPendingConfirmation): string {
  return pending.taskId === null ? pending.source : `${pending.source}#${pending.taskId}`
}

/**
 * The conversation as it was just before the user message at `fromUserMessage`: that message and the later ones
 * go, with the top-level turns that came after it. Subagents, requests and notifications are put back as they were
 * when that message was entered, so a subagent that took part again in a removed turn loses that turn, and the
 * state is what replaying only the events before the message gives (its seen ids aside). For a message with no
 * record of that (a loaded history), the subagents the removed turns started (by their spawning tool call or the
 * turn they started in) go, and what is waiting for the user goes. An index past the messages changes nothing.
 */
export function applyRewind(state: AgentState, event: RewindEvent): AgentState {
  const from = state.userMessages[event.fromUserMessage]
  if (from === undefined) return state
  const main = state.scopes[MAIN_SCOPE]
  const turns = main?.turns ?? []
  const cut = Math.min(from.turnIndex, turns.length)
  const userMessages = state.userMessages.slice(0, event.fromUserMessage)
  const point = POINTS.get(from)
  if (main === undefined || (cut === turns.length && point === undefined)) return withStateFields(state, { userMessages })
  let kept = main
  if (cut < turns.length) {
    const copy = copyScope(main)
    copy.open = false
    // Re-indexes the closed turns' tool calls and replyIds, so events of a removed turn are no longer "late".
    copy.turns = turns.slice(0, cut)
    kept = copy
  }
  if (point !== undefined) {
    return withStateFields(state, {
      ...point.state,
      scopes: { [MAIN_SCOPE]: kept, ...point.subagents },
      userMessages,
      customEvents: state.customEvents.length === point.customEvents ? state.customEvents : state.customEvents.slice(0, point.customEvents),
    })
  }
  const removedCalls = new Set<string>()
  for (const turn of turns.slice(cut)) {
    for (const entry of turn.entries) if (entry.kind === 'tool_use') removedCalls.add(entry.block.id)
  }
  const scopes: Record<string, Scope> = { [MAIN_SCOPE]: kept }
  for (const scope of Object.values(state.scopes)) {
    if (scope.key === MAIN_SCOPE) continue
    const startedLater = scope.parentTurn !== null && scope.parentTurn >= cut
    const spawnedLater = scope.parentToolCallId !== null && removedCalls.has(scope.parentToolCallId)
    if (!startedLater && !spawnedLater) setOwn(scopes, scope.key, scope)
  }
  return withStateFields(state, {
    scopes,
    userMessages,
    pendingConfirmation: null,
    pendingExternalExecution: null,
    subagentPendingConfirmations: state.subagentPendingConfirmations.filter((pending) => Object.hasOwn(scopes, scopeKeyOfPending(pending))),
  })
}
