import { memo } from 'react'
import type { Turn } from '../core/state'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { useAgentStoreApi } from '../react/agent-context'
import { useTurnBlockKeys } from '../react/use-turn'
import { selectTurn, selectTurns, selectUnattachedSubagentKeys } from '../store/selectors'
import { BlockView } from './block-view'
import { BlockBoundary } from './render-boundary'
import { useAgentParts } from './components-context'
import { useAgentStrings } from './i18n'
import { StallNotice } from './stall-notice'
import { UsageBadge } from './usage-badge'

const EMPTY_LANES: readonly string[] = Object.freeze([])

// The tool the turn is in, when its last block is a call or a result still streaming.
function runningToolOf(turn: Turn): string | null {
  const last = turn.entries[turn.entries.length - 1]
  if (last?.kind === 'tool_use') return last.block.name
  if (last?.kind === 'tool_result' && last.status === 'streaming') return last.block.name
  return null
}

/** Props of {@link TurnView}. */
export interface TurnViewProps {
  readonly index: number
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
}

/** One agent turn: its blocks in order, then its status (when it did not simply complete) and usage. */
export const TurnView = memo(function TurnView({ index, scopeKey = '' }: TurnViewProps) {
  const strings = useAgentStrings()
  const keys = useTurnBlockKeys(index, scopeKey)
  const { SubagentLane } = useAgentParts()
  const { status, usage, modelCalls, answered, lanes, stalledSince, runningTool } = useStore(
    useAgentStoreApi('TurnView'),
    useShallow((state) => {
      const turn = selectTurn(state, index, scopeKey)
      return {
        status: turn?.status,
        usage: turn?.usage ?? null,
        modelCalls: turn?.modelCalls,
        // A pause that a later turn resumed is over: its "waiting" badge would be stale.
        answered: index < selectTurns(state, scopeKey).length - 1,
        lanes: scopeKey === '' ? selectUnattachedSubagentKeys(state, index) : EMPTY_LANES,
        // Only the streaming top-level turn says that the run has gone quiet.
        stalledSince: scopeKey === '' && turn?.status === 'streaming' ? state.stalledSince : null,
        runningTool: scopeKey === '' && turn?.status === 'streaming' && state.stalledSince !== null ? runningToolOf(turn) : null,
      }
    }),
  )
  if (status === undefined) return null
  const paused = status === 'awaiting_confirmation' || status === 'awaiting_external_execution'
  const badge = status !== 'completed' && status !== 'streaming' && !(paused && answered)
  return (
    <div className="as-turn" data-status={status} aria-busy={status === 'streaming'}>
      {keys.map((key) => (
        <BlockBoundary key={key} turnIndex={index} blockKey={key} scopeKey={scopeKey}>
          <BlockView turnIndex={index} blockKey={key} scopeKey={scopeKey} />
        </BlockBoundary>
      ))}
      {lanes.map((laneKey) => (
        <SubagentLane key={laneKey} scopeKey={laneKey} />
      ))}
      {stalledSince !== null && <StallNotice since={stalledSince} toolName={runningTool} />}
      <footer className="as-turn-footer">
        {badge && (
          <span className="as-badge" data-status={status}>
            {strings.turnStatus[status]}
          </span>
        )}
        <UsageBadge usage={usage} modelCalls={modelCalls} />
      </footer>
    </div>
  )
})
