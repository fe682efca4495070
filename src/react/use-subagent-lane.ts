import { useStore } from 'zustand'
import { useShallowSelector } from './use-shallow-selector'
import type { Scope, SubagentPendingConfirmation } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectSubagentKeysOf, selectSubagentLane, selectSubagentPendingConfirmations } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One subagent's turns and its own pending confirmations. */
export interface UseSubagentLaneResult {
  readonly scope: Scope | undefined
  readonly pendingConfirmations: readonly SubagentPendingConfirmation[]
}

/** The lane of one subagent, by scope key (`source`, or `source#taskId`). */
export function useSubagentLane(scopeKey: string): UseSubagentLaneResult {
  return useStore(
    useAgentStoreApi('useSubagentLane'),
    useShallowSelector((state) => ({
      scope: selectSubagentLane(state, scopeKey),
      pendingConfirmations: selectSubagentPendingConfirmations(state, scopeKey),
    })),
  )
}

/** The scope keys of the subagents a top-level tool call spawned. */
export function useSubagentKeysOf(toolCallId: string): readonly string[] {
  return useStore(useAgentStoreApi('useSubagentKeysOf'), (state) => selectSubagentKeysOf(state, toolCallId))
}

/** The scope keys of every subagent seen so far, in order of appearance. */
export function useSubagentKeys(): readonly string[] {
  return useStore(
    useAgentStoreApi('useSubagentKeys'),
    useShallowSelector((state) => Object.keys(state.agent.scopes).filter((key) => key !== MAIN_SCOPE)),
  )
}
