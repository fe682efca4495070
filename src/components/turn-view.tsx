import { memo, useRef } from 'react'
import { isPausedTurn } from '../core/is-paused-turn'
import { useTurnBlockKeys } from '../react/use-turn'
import { useTurnSummary } from '../react/use-turn-summary'
import { AgentIdentity } from './agent-identity'
import { BlockView } from './block-view'
import { BlockBoundary } from './render-boundary'
import { useAgentParts } from './components-context'
import { useAgentStrings } from './i18n'
import { LazyStallNotice as StallNotice, LazyTurnActions as TurnActions, LazyUsageBadge as UsageBadge } from './chat-parts'
import { visibleName } from './visible-name'
import { useStatusLabel } from './use-status-label'

/** Props of {@link TurnView}. */
export interface TurnViewProps {
  readonly index: number
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
}

/** One agent turn: who answers, its blocks in order, then its status (when it did not simply complete), usage and actions. */
export const TurnView = memo(function TurnView({ index, scopeKey = '' }: TurnViewProps) {
  const strings = useAgentStrings()
  const statusLabel = useStatusLabel()
  const element = useRef<HTMLDivElement>(null)
  const keys = useTurnBlockKeys(index, scopeKey)
  const { SubagentLane } = useAgentParts()
  const { status, usage, modelCalls, answered, lanes, name, continued, denied, stalledSince, runningTool } = useTurnSummary(index, scopeKey)
  if (status === undefined) return null
  const paused = isPausedTurn(status)
  const stopped = status === 'stopped' || status === 'interrupted'
  const badge = status !== 'completed' && status !== 'streaming' && !(paused && answered) && !(stopped && denied !== '')
  return (
    <div className="as-turn" data-status={status} aria-busy={status === 'streaming'} ref={element}>
      {scopeKey === '' && !continued && <AgentIdentity name={name ?? strings.assistant} status={status === 'streaming' ? 'streaming' : undefined} />}
      {keys.map((key) => (
        <BlockBoundary key={key} turnIndex={index} blockKey={key} scopeKey={scopeKey}>
          <BlockView turnIndex={index} blockKey={key} scopeKey={scopeKey} />
        </BlockBoundary>
      ))}
      {lanes.map((laneKey) => (
        <SubagentLane key={laneKey} scopeKey={laneKey} toolCallId={null} />
      ))}
      {denied !== '' && (
        <p className="as-denial" data-status={status}>
          {stopped ? strings.youDeniedStopped(visibleName(denied)) : strings.youDenied(visibleName(denied))}
        </p>
      )}
      {stalledSince !== null && <StallNotice since={stalledSince} toolName={runningTool} />}
      <footer className="as-turn-footer">
        {badge && (
          <span className="as-badge" data-status={status}>
            {statusLabel(status)}
          </span>
        )}
        <UsageBadge usage={usage} modelCalls={modelCalls} />
        {/* a paused turn that was answered is half of a reply: its actions (copy, retry) come with the turn that ends it */}
        {scopeKey === '' && status !== 'streaming' && !(paused && answered) && <TurnActions index={index} container={() => element.current} />}
      </footer>
    </div>
  )
})
