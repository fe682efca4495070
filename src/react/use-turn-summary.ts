import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { ChatUsage } from '../core/message'
import type { ModelCall, Turn, TurnStatus } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectTurn, selectTurns, selectUnattachedSubagentKeys } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** What {@link useTurnSummary} returns: a turn at the level of its frame, not of its blocks. */
export interface UseTurnSummaryResult {
  /** Undefined while the turn does not exist. */
  readonly status: TurnStatus | undefined
  readonly usage: ChatUsage | null
  readonly modelCalls: readonly ModelCall[] | undefined
  /** Whether a later turn followed it (a pause it ended with is over). */
  readonly answered: boolean
  /** Subagents with no known spawning call that started in this (top-level) turn. */
  readonly lanes: readonly string[]
  /** For the streaming top-level turn: when the run went quiet (`stalledSince`), else null. */
  readonly stalledSince: number | null
  /** While stalled: the tool the turn is in, if its last block is a call or a streaming result. */
  readonly runningTool: string | null
}

const EMPTY_LANES: readonly string[] = Object.freeze([])

function runningToolOf(turn: Turn): string | null {
  const last = turn.entries[turn.entries.length - 1]
  if (last?.kind === 'tool_use') return last.block.name
  if (last?.kind === 'tool_result' && last.status === 'streaming') return last.block.name
  return null
}

/** A turn's status, usage, unattached subagent lanes and stall; does not change with the deltas inside it. */
export function useTurnSummary(index: number, scopeKey = MAIN_SCOPE): UseTurnSummaryResult {
  return useStore(
    useAgentStoreApi('useTurnSummary'),
    useShallow((state) => {
      const turn = selectTurn(state, index, scopeKey)
      const stalled = scopeKey === MAIN_SCOPE && turn?.status === 'streaming' ? state.stalledSince : null
      return {
        status: turn?.status,
        usage: turn?.usage ?? null,
        modelCalls: turn?.modelCalls,
        answered: index < selectTurns(state, scopeKey).length - 1,
        lanes: scopeKey === MAIN_SCOPE ? selectUnattachedSubagentKeys(state, index) : EMPTY_LANES,
        stalledSince: stalled,
        runningTool: stalled !== null && turn !== undefined ? runningToolOf(turn) : null,
      }
    }),
  )
}
