import { forwardRef, useCallback, useMemo, useState } from 'react'
import type { HTMLAttributes } from 'react'
import type { Msg } from '../core/message'
import { useAgentStoreApi } from '../react/agent-context'
import { useAgentStore } from '../react/use-agent-store'
import { selectTurn } from '../store/selectors'
import { AgentPartsContext, useAgentComponents } from './components-context'
import type { AgentParts } from './components-context'
import { EmptyState } from './empty-state'
import { LazySubagentLane } from './chat-parts'
import { useAgentStrings } from './i18n'
import { ListScrollContext } from './list-scroll-context'
import { TurnBoundary, rawTextOf } from './render-boundary'
import { TurnView } from './turn-view'
import { useStickToBottom } from './use-stick-to-bottom'
import { useWindowedList } from './use-windowed-list'
import { UserMessageView } from './user-message'

/** Props of {@link MessageList}. */
export type MessageListProps = HTMLAttributes<HTMLDivElement>

function messageText(message: Msg): string {
  return message.content
    .map((block) => (block.type === 'text' ? String((block as { text?: unknown }).text ?? '') : JSON.stringify(block)))
    .join('\n\n')
}

/**
 * The conversation: user messages and agent turns, following new content until the reader scrolls up.
 * A long one renders only the items near the viewport (see `useWindowedList`).
 */
export const MessageList = forwardRef<HTMLDivElement, MessageListProps>(function MessageList(props, ref) {
  const strings = useAgentStrings()
  const store = useAgentStoreApi('MessageList')
  const transcript = useAgentStore((state) => state.transcript)
  const busy = useAgentStore((state) => state.status === 'streaming' || state.status === 'connecting')
  const User = useAgentComponents().UserMessage ?? UserMessageView
  const { scrollRef, contentRef, stuck, jumpToLatest } = useStickToBottom()
  const list = useWindowedList(transcript.length, stuck)
  const { scrollRef: windowScrollRef, contentRef: windowContentRef } = list
  const [scrollNode, setScrollNode] = useState<HTMLElement | null>(null)
  const scrollRefs = useCallback(
    (node: HTMLDivElement | null) => {
      scrollRef(node)
      windowScrollRef(node)
      setScrollNode(node)
    },
    [scrollRef, windowScrollRef],
  )
  const scroll = useMemo(() => ({ scrollNode, stuck }), [scrollNode, stuck])
  const contentRefs = useCallback(
    (node: HTMLDivElement | null) => {
      contentRef(node)
      windowContentRef(node)
    },
    [contentRef, windowContentRef],
  )
  const turnText = (index: number) => () => selectTurn(store.getState(), index)?.entries.map(rawTextOf).join('\n\n') ?? ''
  return (
    <div className="as-list-frame" {...props} ref={ref}>
      <div
        className="as-list"
        ref={scrollRefs}
        role="log"
        aria-label={strings.transcript}
        aria-live="off"
        aria-busy={busy}
        tabIndex={0}
        data-stuck={stuck ? '' : undefined}
        data-windowed={list.style === undefined ? undefined : ''}
      >
        <div ref={contentRefs} className="as-list-content" style={list.style}>
          {transcript.length === 0 && !busy && <EmptyState />}
          <AgentPartsContext.Provider value={LIST_PARTS}>
            <ListScrollContext.Provider value={scroll}>
              {transcript.slice(list.start, list.end).map((item) =>
                item.kind === 'user' ? (
                  <TurnBoundary key={item.key} context={`user message ${item.key}`} raw={() => messageText(item.message)}>
                    <User message={item.message} />
                  </TurnBoundary>
                ) : (
                  <TurnBoundary key={item.key} context={`turn ${item.index}`} raw={turnText(item.index)}>
                    <TurnView index={item.index} />
                  </TurnBoundary>
                ),
              )}
            </ListScrollContext.Provider>
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
const LIST_PARTS: AgentParts = { SubagentLane: LazySubagentLane, Turn: TurnView }
