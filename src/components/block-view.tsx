import { memo } from 'react'
import type { ToolResultEntry } from '../core/state'
import { isDroppedAtClose } from '../core/turns'
import { useAgentStore } from '../react/use-agent-store'
import { useBlock } from '../react/use-block'
import { selectToolCall } from '../store/selectors'
import { LazyThinkingBlockView as ThinkingBlockView, LazyToolCallView as ToolCallView, LazyToolOutput as ToolOutput } from './chat-parts'
import { useAgentComponents } from './components-context'
import { DataBlockView } from './data-block'
import { TextBlockView } from './text-block'
import { visibleName } from './visible-name'

/** Props of {@link BlockView}. */
export interface BlockViewProps {
  readonly turnIndex: number
  readonly blockKey: string
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
}

/** One block of a turn, by key: re-renders only when that block changes. */
export const BlockView = memo(function BlockView({ turnIndex, blockKey, scopeKey = '' }: BlockViewProps) {
  const entry = useBlock(turnIndex, blockKey, scopeKey)
  const components = useAgentComponents()
  if (entry === undefined || isDroppedAtClose(entry)) return null
  switch (entry.kind) {
    case 'text': {
      const Text = components.Text ?? TextBlockView
      return <Text entry={entry} />
    }
    case 'thinking': {
      const Thinking = components.Thinking ?? ThinkingBlockView
      return <Thinking entry={entry} />
    }
    case 'data': {
      const Data = components.DataBlock ?? DataBlockView
      return <Data entry={entry} />
    }
    case 'tool_use': {
      return <ToolCallView toolCallId={entry.block.id} scopeKey={scopeKey} />
    }
    case 'tool_result': {
      return <ResultWithoutCall entry={entry} scopeKey={scopeKey} />
    }
    case 'hint': {
      return (
        // a note, not an aside: a landmark per hint would fill the landmark list with unnamed entries
        <div className="as-hint" role="note" data-as-block="hint">
          {entry.block.source ? <strong>{entry.block.source}: </strong> : null}
          {entry.block.hint}
        </div>
      )
    }
    default: {
      entry satisfies never
      return null
    }
  }
})

// A result is shown in the card of its call, wherever that call sits in the scope (§7.9); alone, only when this client
// never saw the call (it joined late, or loaded a partial history). Its own component: only results watch the calls.
function ResultWithoutCall({ entry, scopeKey }: { readonly entry: ToolResultEntry; readonly scopeKey: string }) {
  const hasCall = useAgentStore((state) => selectToolCall(state, entry.block.id, scopeKey) !== undefined)
  if (hasCall) return null
  return (
    <article className="as-tool" data-as-block="tool_result" data-status={entry.block.state}>
      <header className="as-tool-header">
        <bdi className="as-tool-name">{visibleName(entry.block.name ?? entry.block.id)}</bdi>
      </header>
      <ToolOutput result={entry} toolName={visibleName(entry.block.name ?? entry.block.id)} />
    </article>
  )
}
