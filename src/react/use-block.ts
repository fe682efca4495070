import { useStore } from 'zustand'
import type { BlockEntry } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectBlock, selectTurn } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One block of a turn (top level by default), partial while it streams; re-renders only when that block changes. */
export function useBlock(turnIndex: number, key: string, scopeKey = MAIN_SCOPE): BlockEntry | undefined {
  return useStore(useAgentStoreApi('useBlock'), (state) => selectBlock(selectTurn(state, turnIndex, scopeKey), key))
}
