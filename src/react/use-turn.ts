import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Turn } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectTurn } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One turn (top level by default); re-renders on every change inside it. Prefer `useTurnBlockKeys` + `useBlock` for lists. */
export function useTurn(index: number, scopeKey = MAIN_SCOPE): Turn | undefined {
  return useStore(useAgentStoreApi('useTurn'), (state) => selectTurn(state, index, scopeKey))
}

/** The keys of a turn's blocks in order; changes only when a block is added or removed, not on deltas. */
export function useTurnBlockKeys(index: number, scopeKey = MAIN_SCOPE): readonly string[] {
  return useStore(
    useAgentStoreApi('useTurnBlockKeys'),
    useShallow((state) => selectTurn(state, index, scopeKey)?.entries.map((entry) => entry.key) ?? []),
  )
}
