import { copyScope, withStateFields } from './copy-records'
import type { RewindEvent } from './local-events'
import type { AgentState, Scope, SubagentPendingConfirmation } from './state'
import { MAIN_SCOPE } from './state'

function scopeKeyOfPending(pending: SubagentPendingConfirmation): string {
  return pending.taskId === null ? pending.source : `${pending.source}#${pending.taskId}`
}

/**
 * The conversation as it was just before the user message at `fromUserMessage`: that message and the later ones
 * go, with the top-level turns that came after it and the subagents those turns started (by their spawning tool
 * call or the turn they started in). What is waiting for the user in a removed turn goes too. An index past the
 * messages changes nothing.
 */
export function applyRewind(state: AgentState, event: RewindEvent): AgentState {
  const from = state.userMessages[event.fromUserMessage]
  if (from === undefined) return state
  const main = state.scopes[MAIN_SCOPE]
  const turns = main?.turns ?? []
  const cut = Math.min(from.turnIndex, turns.length)
  const userMessages = state.userMessages.slice(0, event.fromUserMessage)
  if (main === undefined || cut === turns.length) return withStateFields(state, { userMessages })
  const removedCalls = new Set<string>()
  for (const turn of turns.slice(cut)) {
    for (const entry of turn.entries) if (entry.kind === 'tool_use') removedCalls.add(entry.block.id)
  }
  const kept = copyScope(main)
  kept.open = false
  // Re-indexes the closed turns' tool calls and replyIds, so events of a removed turn are no longer "late".
  kept.turns = turns.slice(0, cut)
  const scopes: Record<string, Scope> = { [MAIN_SCOPE]: kept }
  for (const scope of Object.values(state.scopes)) {
    if (scope.key === MAIN_SCOPE) continue
    const startedLater = scope.parentTurn !== null && scope.parentTurn >= cut
    const spawnedLater = scope.parentToolCallId !== null && removedCalls.has(scope.parentToolCallId)
    if (!startedLater && !spawnedLater) scopes[scope.key] = scope
  }
  return withStateFields(state, {
    scopes,
    userMessages,
    pendingConfirmation: null,
    pendingExternalExecution: null,
    subagentPendingConfirmations: state.subagentPendingConfirmations.filter((pending) => Object.hasOwn(scopes, scopeKeyOfPending(pending))),
  })
}
