import { memo, useContext, useMemo, useRef } from 'react'
import type { CSSProperties } from 'react'
import { isPausedTurn } from '../core/is-paused-turn'
import { useAgentStore } from '../react/use-agent-store'
import { useTurnBlockKeys } from '../react/use-turn'
import { useTurnSummary } from '../react/use-turn-summary'
import { AgentIdentity } from './agent-identity'
import { BlockView } from './block-view'
import { BlockBoundary } from './render-boundary'
import { useAgentParts } from './components-context'
import { useAgentStrings } from './i18n'
import { ListScrollContext } from './list-scroll-context'
import { LazyStallNotice as StallNotice, LazyTurnActions as TurnActions, LazyUsageBadge as UsageBadge } from './chat-parts'
import { visibleName } from './visible-name'
import { useStatusLabel } from './use-status-label'
import { useWindowedList } from './use-windowed-list'

/** Props of {@link TurnView}. */
export interface TurnViewProps {
  readonly index: number
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
}

// A turn in a conversation (a subagent's too) renders only the blocks near the viewport beyond this many (a long
// ReAct run).
export const BLOCK_WINDOW_THRESHOLD = 60
// Until then the block list and its slots lay out as if the blocks were the turn's own children, so that crossing the
// threshold keeps the blocks that stay in the window mounted (an open card stays open, focus stays put).
const WHOLE: CSSProperties = { display: 'contents' }
const WINDOWED: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'inherit' }

/**
 * One agent turn: who answers, its blocks in order, then its status (when it did not simply complete), usage and
 * actions. In a `MessageList`, a long turn renders only the blocks near the viewport (see `useWindowedList`), a
 * subagent's inside a lane too.
 */
export const TurnView = memo(function TurnView({ index, scopeKey = '' }: TurnViewProps) {
  const strings = useAgentStrings()
  const statusLabel = useStatusLabel()
  const element = useRef<HTMLDivElement>(null)
  const keys = useTurnBlockKeys(index, scopeKey)
  const scroll = useContext(ListScrollContext)
  // The last turn of the conversation, or the last of a subagent's lane inside it: the end of what is followed
  const last = useAgentStore((state) => {
    if (scopeKey !== '') return state.agent.scopes[scopeKey]?.turns.length === index + 1
    const item = state.transcript[state.transcript.length - 1]
    return item?.kind === 'turn' && item.index === index
  })
  const inList = scroll !== undefined
  const scrollNode = scroll?.scrollNode ?? null
  const tail = (scroll?.stuck ?? false) && last
  const blocks = useWindowedList(keys.length, tail, { scrollNode, threshold: inList ? BLOCK_WINDOW_THRESHOLD : Infinity })
  // The lanes inside follow new content only while this turn does
  const inner = useMemo(() => (inList ? { scrollNode, stuck: tail } : undefined), [inList, scrollNode, tail])
  const { SubagentLane } = useAgentParts()
  const { status, usage, modelCalls, answered, lanes, name, continued, denied, stalledSince, runningTool } = useTurnSummary(index, scopeKey)
  if (status === undefined) return null
  const paused = isPausedTurn(status)
  const stopped = status === 'stopped' || status === 'interrupted'
  const badge = status !== 'completed' && status !== 'streaming' && !(paused && answered) && !(stopped && denied !== '')
  return (
    <ListScrollContext.Provider value={inner}>
      <div className="as-turn" data-status={status} aria-busy={status === 'streaming'} ref={element}>
        {scopeKey === '' && !continued && (
          <AgentIdentity name={name ?? strings.assistant} status={status === 'streaming' ? 'streaming' : undefined} />
        )}
        <div
          className="as-turn-blocks"
          ref={blocks.contentRef}
          style={blocks.style === undefined ? WHOLE : { ...WINDOWED, ...blocks.style }}
          data-windowed={blocks.style === undefined ? undefined : ''}
        >
          {keys.slice(blocks.start, blocks.end).map((key) => (
            <div key={key} style={blocks.style === undefined ? WHOLE : undefined}>
              <BlockBoundary turnIndex={index} blockKey={key} scopeKey={scopeKey}>
                <BlockView turnIndex={index} blockKey={key} scopeKey={scopeKey} />
              </BlockBoundary>
            </div>
          ))}
        </div>
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
    </ListScrollContext.Provider>
  )
})
