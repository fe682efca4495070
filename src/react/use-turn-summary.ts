import { useStore } from 'zustand'
import { useShallowSelector } from './use-shallow-selector'
import { isPausedTurn } from '../core/is-paused-turn'
import type { ChatUsage } from '../core/message'
import type { ModelCall, Turn, TurnStatus } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { selectUnattachedSubagentKeys } from '../store/selectors'
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
  /** The agent's name as the server gave it, or null. */
  readonly name: string | null
  /** It resumes the previous turn (after an approval or tool results) under the same agent. */
  readonly continued: boolean
  /** When the turn ended because the user denied every call: the names of the tools denied, else ''. */
  readonly denied: string
}

const EMPTY_LANES: readonly string[] = /*#__PURE__*/ Object.freeze([])

function deniedNames(turn: Turn | undefined): string[] {
  const names: string[] = []
  for (const entry of turn?.entries ?? []) {
    if (entry.kind === 'tool_result' && entry.block.state === 'denied' && entry.block.name) names.push(entry.block.name)
  }
  return names
}

// The tools the user denied when a turn ended for that reason: its own denied results, else the asking turn's.
function denialOf(turn: Turn | undefined, previous: Turn | undefined): string {
  if (turn === undefined || !turn.allToolsDenied) return ''
  const names = deniedNames(turn)
  return [...new Set(names.length > 0 ? names : deniedNames(previous))].join(', ')
}

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
    useShallowSelector((state) => {
      const turns = state.agent.scopes[scopeKey]?.turnList
      const turn = turns?.get(index)
      const previous = turns?.get(index - 1)
      const stalled = scopeKey === MAIN_SCOPE && turn?.status === 'streaming' ? state.stalledSince : null
      return {
        status: turn?.status,
        usage: turn?.usage ?? null,
        modelCalls: turn?.modelCalls,
        answered: index < (turns?.size ?? 0) - 1,
        lanes: scopeKey === MAIN_SCOPE ? selectUnattachedSubagentKeys(state, index) : EMPTY_LANES,
        stalledSince: stalled,
        runningTool: stalled !== null && turn !== undefined ? runningToolOf(turn) : null,
        name: turn?.name ?? null,
        continued: previous !== undefined && previous.name === (turn?.name ?? null) && isPausedTurn(previous.status),
        denied: denialOf(turn, previous),
      }
    }),
  )
}
