import { useRef } from 'react'
import { useStore } from 'zustand'
import type { Turn } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectTurn } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** One turn (top level by default); re-renders on every change inside it. Prefer `useTurnBlockKeys` + `useBlock` for lists. */
export function useTurn(index: number, scopeKey = MAIN_SCOPE): Turn | undefined {
  return useStore(useAgentStoreApi('useTurn'), (state) => selectTurn(state, index, scopeKey))
}

const EMPTY_KEYS: readonly string[] = /*#__PURE__*/ Object.freeze([])

interface KeysOfTurn {
  readonly id: string
  readonly serial: number
  readonly size: number
  readonly first: string | undefined
  readonly last: string | undefined
  readonly keys: readonly string[]
}

/**
 * The keys of a turn's blocks in order; changes only when a block is added or removed, not on deltas. A delta
 * costs O(1) here: blocks are only added (the serial grows) or removed (the size shrinks), so the same id,
 * serial, size and ends mean the same keys.
 */
export function useTurnBlockKeys(index: number, scopeKey = MAIN_SCOPE): readonly string[] {
  const cache = useRef<KeysOfTurn | null>(null)
  return useStore(useAgentStoreApi('useTurnBlockKeys'), (state) => {
    const turn = selectTurn(state, index, scopeKey)
    if (turn === undefined) return EMPTY_KEYS
    const first = turn.blocks.get(0)?.key
    const last = turn.blocks.last()?.key
    const known = cache.current
    if (
      known !== null &&
      known.id === turn.id &&
      known.serial === turn.serial &&
      known.size === turn.blocks.size &&
      known.first === first &&
      known.last === last
    ) {
      return known.keys
    }
    const keys: string[] = []
    turn.blocks.forEach((entry) => keys.push(entry.key))
    cache.current = { id: turn.id, serial: turn.serial, size: turn.blocks.size, first, last, keys }
    return keys
  })
}
