import { forwardRef, memo, useId, useState } from 'react'
import type { HTMLAttributes } from 'react'
import type { ThinkingEntry } from '../core/state'
import { ChunkedText } from './chunked-text'
import { secondsBetween, useAgentStrings } from './i18n'

/** Props of {@link ThinkingBlockView}: open state is controlled (`open`) or not (`defaultOpen`). */
export interface ThinkingBlockViewProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onToggle'> {
  readonly entry: ThinkingEntry
  /** Controlled open state. */
  readonly open?: boolean
  /** Initial open state; by default the block is open while it streams and closes once sealed. */
  readonly defaultOpen?: boolean
  readonly onOpenChange?: (open: boolean) => void
}

function reasoningTokens(metadata: ThinkingEntry['block']['metadata']): number | null {
  const value = metadata?.reasoningTokens ?? metadata?.reasoning_tokens ?? metadata?.tokens
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** The model's reasoning: live while it streams, collapsible, closed once sealed, with its duration. */
export const ThinkingBlockView = memo(
  forwardRef<HTMLDivElement, ThinkingBlockViewProps>(function ThinkingBlockView({ entry, open, defaultOpen, onOpenChange, ...rest }, ref) {
    const strings = useAgentStrings()
    const panelId = useId()
    // null: follow the stream (open while streaming); a boolean once the reader chose.
    const [chosen, setChosen] = useState<boolean | null>(defaultOpen ?? null)
    const streaming = entry.status === 'streaming'
    const isOpen = open ?? chosen ?? streaming
    const seconds = secondsBetween(entry.startedAt, entry.endedAt)
    const tokens = reasoningTokens(entry.block.metadata)
    const toggle = () => {
      setChosen(!isOpen)
      onOpenChange?.(!isOpen)
    }
    return (
      <div data-as-block="thinking" data-status={entry.status} data-state={isOpen ? 'open' : 'closed'} {...rest} ref={ref}>
        {/* the chevron is the stylesheet's (from data-mark), so that the toggle's text stays its title */}
        <button
          type="button"
          className="as-thinking-toggle"
          data-mark={isOpen ? '▾ ' : '▸ '}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={toggle}
        >
          <span className="as-thinking-title">
            {streaming ? strings.thinking : seconds === null ? strings.thought : strings.thoughtFor(String(Math.max(1, Math.round(Number(seconds)))))}
          </span>
          {tokens !== null && <span className="as-muted"> · {strings.thinkingTokens(tokens)}</span>}
          <span className="as-visually-hidden">{isOpen ? strings.hideThinking : strings.showThinking}</span>
        </button>
        <div id={panelId} className="as-thinking-body" hidden={!isOpen}>
          <ChunkedText text={entry.block.thinking} />
        </div>
      </div>
    )
  }),
)
