import { useEffect, useState } from 'react'
import { isPausedTurn } from '../core/is-paused-turn'
import type { Msg } from '../core/message'
import { useAgentStoreApi } from '../react/agent-context'
import { useAgentStore } from '../react/use-agent-store'
import { selectTurn } from '../store/selectors'
import type { AgentStoreState } from '../store/agent-store-state'
import { useChatOptions } from './chat-options'
import { useAgentStrings } from './i18n'

/** Props of {@link TurnActions}. */
export interface TurnActionsProps {
  readonly index: number
  /** The turn's element, whose rendered text "copy as text" takes. */
  readonly container: () => HTMLElement | null
}

/** The user message the last turn answers, when the chat is idle and the turn is the last one. */
export function selectRetryMessage(state: AgentStoreState, turnIndex: number): Msg | null {
  const last = state.transcript[state.transcript.length - 1]
  if (last?.kind !== 'turn' || last.index !== turnIndex || state.status === 'streaming' || state.status === 'connecting') return null
  // A question waiting for an answer is not a reply to retry; a failed run has the error banner's Retry.
  if (state.agent.pendingConfirmation !== null || state.agent.pendingExternalExecution !== null || state.error !== null) return null
  for (let position = state.transcript.length - 1; position >= 0; position--) {
    const item = state.transcript[position]!
    if (item.kind === 'user') return item.message
  }
  return null
}

// A reply paused for the user's answer goes on in the next turn: the whole reply starts where the pauses began.
function markdownOf(state: AgentStoreState, index: number): string {
  let first = index
  while (first > 0 && isPausedTurn(selectTurn(state, first - 1)?.status)) first--
  const texts: string[] = []
  for (let turn = first; turn <= index; turn++) {
    for (const entry of selectTurn(state, turn)?.entries ?? []) if (entry.kind === 'text') texts.push(entry.block.text)
  }
  return texts.join('\n\n')
}

// The rendered text of the turns, or null when a long one renders only part of its blocks (see TurnView).
function textOf(container: HTMLElement | null): string | null {
  const turns: HTMLElement[] = []
  for (let turn = container; turn !== null; turn = turn.previousElementSibling as HTMLElement | null) {
    if (turns.length > 0 && !isPausedTurn(turn.getAttribute('data-status'))) break
    turns.unshift(turn)
  }
  if (turns.some((turn) => turn.querySelector(':scope > .as-turn-blocks[data-windowed]') !== null)) return null
  return turns
    .flatMap((turn) => [...turn.querySelectorAll<HTMLElement>(':scope > .as-turn-blocks > * > [data-as-block="text"]')])
    .map((node) => (node.innerText ?? node.textContent ?? '').trim())
    .join('\n\n')
}

async function write(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** Copy (as markdown or as text), retry (the last turn, replaced by the new answer), and thumbs up/down when the app listens (`onFeedback`). */
export function TurnActions({ index, container }: TurnActionsProps) {
  const strings = useAgentStrings()
  const store = useAgentStoreApi('TurnActions')
  const { onFeedback } = useChatOptions()
  const retryMessage = useAgentStore((state) => selectRetryMessage(state, index))
  const hasText = useAgentStore((state) => selectTurn(state, index)?.entries.some((entry) => entry.kind === 'text') ?? false)
  const [copied, setCopied] = useState<'markdown' | 'text' | null>(null)
  const [feedback, setFeedback] = useState<'up' | 'down' | null>(null)
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = (kind: 'markdown' | 'text') => {
    // A windowed turn's blocks are not all in the DOM: its source text stands in for the rendered one.
    const text = (kind === 'text' ? textOf(container()) : null) ?? markdownOf(store.getState(), index)
    void write(text).then((done) => setCopied(done ? kind : null))
  }
  const rate = (value: 'up' | 'down') => {
    setFeedback(value)
    const turn = selectTurn(store.getState(), index)
    try {
      onFeedback?.({ turnId: turn?.id ?? '', turnIndex: index, value })
    } catch {
      // the app's handler failing must not break the chat
    }
  }
  if (!hasText && retryMessage === null) return null
  return (
    <div className="as-turn-actions" role="group" aria-label={strings.turnActions}>
      {hasText && (
        <>
          {/* data-alt: the label not shown, laid out unseen so that the button keeps its width (styles.css) */}
          <button
            type="button"
            className="as-action"
            data-alt={copied === 'markdown' ? strings.copyMarkdown : strings.copied}
            onClick={() => copy('markdown')}
          >
            {copied === 'markdown' ? strings.copied : strings.copyMarkdown}
          </button>
          <button type="button" className="as-action" data-alt={copied === 'text' ? strings.copyText : strings.copied} onClick={() => copy('text')}>
            {copied === 'text' ? strings.copied : strings.copyText}
          </button>
        </>
      )}
      {retryMessage !== null && (
        <button
          type="button"
          className="as-action"
          onClick={() =>
            store
              .getState()
              .resend()
              .catch(() => {})
          }
        >
          {strings.retryTurn}
        </button>
      )}
      {onFeedback !== undefined && hasText && (
        <>
          <button type="button" className="as-action" aria-pressed={feedback === 'up'} aria-label={strings.goodResponse} onClick={() => rate('up')}>
            👍
          </button>
          <button
            type="button"
            className="as-action"
            aria-pressed={feedback === 'down'}
            aria-label={strings.badResponse}
            onClick={() => rate('down')}
          >
            👎
          </button>
        </>
      )}
    </div>
  )
}
