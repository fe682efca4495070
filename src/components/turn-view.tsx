import { memo } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { useAgentStoreApi } from '../react/agent-context'
import { useTurnBlockKeys } from '../react/use-turn'
import { selectTurn, selectTurns, selectUnattachedSubagentKeys } from '../store/selectors'
import { SubagentLaneView } from './subagent-lane'
import { BlockView } from './block-view'
import { BlockBoundary } from './render-boundary'
import { useAgentStrings } from './i18n'
import { UsageBadge } from './usage-badge'

const EMPTY_LANES: readonly string[] = Object.freeze([])

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
  const { status, usage, modelCalls, answered, lanes } = useStore(
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
        <SubagentLaneView key={laneKey} scopeKey={laneKey} />
      ))}
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
