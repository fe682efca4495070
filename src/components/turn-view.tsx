import { memo } from 'react'
import { useTurnBlockKeys } from '../react/use-turn'
import { useTurnSummary } from '../react/use-turn-summary'
import { BlockView } from './block-view'
import { BlockBoundary } from './render-boundary'
import { useAgentParts } from './components-context'
import { useAgentStrings } from './i18n'
import { StallNotice } from './stall-notice'
import { UsageBadge } from './usage-badge'

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
  const { status, usage, modelCalls, answered, lanes, stalledSince, runningTool } = useTurnSummary(index, scopeKey)
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
