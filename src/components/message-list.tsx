import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStore } from '../react/use-agent-store'
import { AgentPartsContext, useAgentComponents } from './components-context'
import type { AgentParts } from './components-context'
import { EmptyState } from './empty-state'
import { SubagentLaneView } from './subagent-lane'
import { useAgentStrings } from './i18n'
import { TurnView } from './turn-view'
import { useStickToBottom } from './use-stick-to-bottom'
import { UserMessageView } from './user-message'

/** Props of {@link MessageList}. */
export interface MessageListProps extends HTMLAttributes<HTMLDivElement> {}

/** The conversation: user messages and agent turns, following new content until the reader scrolls up. */
export const MessageList = forwardRef<HTMLDivElement, MessageListProps>(function MessageList(props, ref) {
  const strings = useAgentStrings()
  const transcript = useAgentStore((state) => state.transcript)
  const busy = useAgentStore((state) => state.status === 'streaming' || state.status === 'connecting')
  const User = useAgentComponents().UserMessage ?? UserMessageView
  const { scrollRef, contentRef, stuck, jumpToLatest } = useStickToBottom()
  return (
    <div className="as-list-frame" {...props} ref={ref}>
      <div
        className="as-list"
        ref={scrollRef}
        role="log"
        aria-label={strings.transcript}
        aria-live="off"
        aria-busy={busy}
        tabIndex={0}
        data-stuck={stuck ? '' : undefined}
      >
        <div ref={contentRef} className="as-list-content">
          {transcript.length === 0 && !busy && <EmptyState />}
          <AgentPartsContext.Provider value={LIST_PARTS}>
            {transcript.map((item) =>
              item.kind === 'user' ? <User key={item.key} message={item.message} /> : <TurnView key={item.key} index={item.index} />,
            )}
          </AgentPartsContext.Provider>
        </div>
      </div>
      {!stuck && (
        <button type="button" className="as-jump" onClick={jumpToLatest}>
          {strings.jumpToLatest}
        </button>
      )}
    </div>
  )
})

// Turns and tool cards render subagent lanes through this (see AgentPartsContext).
const LIST_PARTS: AgentParts = { SubagentLane: SubagentLaneView }
