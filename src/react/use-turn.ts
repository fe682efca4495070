import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Turn } from '../core/state'
import { selectTurn } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One top-level turn; re-renders on every change inside it. Prefer `useTurnBlockKeys` + `useBlock` for lists. */
export function useTurn(index: number): Turn | undefined {
  return useStore(useAgentStoreApi('useTurn'), (state) => selectTurn(state, index))
}

/** The keys of a turn's blocks in order; changes only when a block is added or removed, not on deltas. */
export function useTurnBlockKeys(index: number): readonly string[] {
  return useStore(
    useAgentStoreApi('useTurnBlockKeys'),
    useShallow((state) => selectTurn(state, index)?.entries.map((entry) => entry.key) ?? []),
  )
}
