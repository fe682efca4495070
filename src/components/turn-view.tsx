import { memo } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { useAgentStoreApi } from '../react/agent-context'
import { useTurnBlockKeys } from '../react/use-turn'
import { selectTurn } from '../store/selectors'
import { BlockView } from './block-view'
import { useAgentStrings } from './i18n'
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
  const { status, usage, modelCalls } = useStore(
    useAgentStoreApi('TurnView'),
    useShallow((state) => {
      const turn = selectTurn(state, index, scopeKey)
      return { status: turn?.status, usage: turn?.usage ?? null, modelCalls: turn?.modelCalls }
    }),
  )
  if (status === undefined) return null
  return (
    <div className="as-turn" data-status={status} aria-busy={status === 'streaming'}>
      {keys.map((key) => (
        <BlockView key={key} turnIndex={index} blockKey={key} scopeKey={scopeKey} />
      ))}
      <footer className="as-turn-footer">
        {status !== 'completed' && status !== 'streaming' && (
          <span className="as-badge" data-status={status}>
            {strings.turnStatus[status]}
          </span>
        )}
        <UsageBadge usage={usage} modelCalls={modelCalls} />
      </footer>
    </div>
  )
})
