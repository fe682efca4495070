import { useStore } from 'zustand'
import type { BlockEntry } from '../core/state'
import { selectBlock, selectTurn } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One block of a top-level turn, partial while it streams; re-renders only when that block changes. */
export function useBlock(turnIndex: number, key: string): BlockEntry | undefined {
  return useStore(useAgentStoreApi('useBlock'), (state) => selectBlock(selectTurn(state, turnIndex), key))
}
