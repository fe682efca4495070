import { memo, useRef } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Turn } from '../core/state'
import { useAgentStoreApi } from '../react/agent-context'
import { useTurnBlockKeys } from '../react/use-turn'
import { useTurnSummary } from '../react/use-turn-summary'
import { selectTurns } from '../store/selectors'
import { AgentIdentity } from './agent-identity'
import { BlockView } from './block-view'
import { useAgentParts } from './components-context'
import { useAgentStrings } from './i18n'
import { StallNotice } from './stall-notice'
import { TurnActions } from './turn-actions'
import { UsageBadge } from './usage-badge'

/** Props of {@link TurnView}. */
export interface TurnViewProps {
  readonly index: number
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
}

function deniedNames(turn: Turn | undefined): string[] {
  const names: string[] = []
  for (const entry of turn?.entries ?? []) {
    if (entry.kind === 'tool_result' && entry.block.state === 'denied' && entry.block.name) names.push(entry.block.name)
  }
  return names
}

// The tools the user denied when a turn ended for that reason: its own denied results, else the asking turn's.
function denialOf(turns: readonly Turn[], index: number): string {
  const turn = turns[index]
  if (turn === undefined || !turn.allToolsDenied) return ''
  const names = deniedNames(turn)
  return [...new Set(names.length > 0 ? names : deniedNames(turns[index - 1]))].join(', ')
}

/** One agent turn: who answers, its blocks in order, then its status (when it did not simply complete), usage and actions. */
export const TurnView = memo(function TurnView({ index, scopeKey = '' }: TurnViewProps) {
  const strings = useAgentStrings()
  const element = useRef<HTMLDivElement>(null)
  const keys = useTurnBlockKeys(index, scopeKey)
  const { SubagentLane } = useAgentParts()
  const { status, usage, modelCalls, answered, lanes, stalledSince, runningTool } = useTurnSummary(index, scopeKey)
  const { name, continued, denied } = useStore(
    useAgentStoreApi('TurnView'),
    useShallow((state) => {
      const turns = selectTurns(state, scopeKey)
      const turn = turns[index]
      const previous = turns[index - 1]
      return {
        name: turn?.name ?? null,
        // A turn that resumes the previous one (after an approval or tool results) goes on under the same header.
        continued:
          previous !== undefined &&
          previous.name === (turn?.name ?? null) &&
          (previous.status === 'awaiting_confirmation' || previous.status === 'awaiting_external_execution'),
        denied: turn?.allToolsDenied ? denialOf(turns, index) : '',
      }
    }),
  )
  if (status === undefined) return null
  const paused = status === 'awaiting_confirmation' || status === 'awaiting_external_execution'
  const stopped = status === 'stopped' || status === 'interrupted'
  const badge = status !== 'completed' && status !== 'streaming' && !(paused && answered) && !(stopped && denied !== '')
  return (
    <div className="as-turn" data-status={status} aria-busy={status === 'streaming'} ref={element}>
      {scopeKey === '' && !continued && <AgentIdentity name={name ?? strings.assistant} status={status === 'streaming' ? 'streaming' : undefined} />}
      {keys.map((key) => (
        <BlockView key={key} turnIndex={index} blockKey={key} scopeKey={scopeKey} />
      ))}
      {lanes.map((laneKey) => (
        <SubagentLane key={laneKey} scopeKey={laneKey} />
      ))}
      {denied !== '' && (
        <p className="as-denial" data-status={status}>
          {stopped ? strings.youDeniedStopped(denied) : strings.youDenied(denied)}
        </p>
      )}
      {stalledSince !== null && <StallNotice since={stalledSince} toolName={runningTool} />}
      <footer className="as-turn-footer">
        {badge && (
          <span className="as-badge" data-status={status}>
            {strings.turnStatus[status]}
          </span>
        )}
        <UsageBadge usage={usage} modelCalls={modelCalls} />
        {scopeKey === '' && status !== 'streaming' && <TurnActions index={index} container={() => element.current} />}
      </footer>
    </div>
  )
})
