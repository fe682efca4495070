import { forwardRef, useCallback, useId, useRef, useState } from 'react'
import type { HTMLAttributes, KeyboardEvent } from 'react'
import { useSubagentKeysOf } from '../react/use-subagent-lane'
import { useAgentParts } from './components-context'
import type { ToolCallRendererProps } from './components-context'
import { ChunkedText } from './chunked-text'
import { ConfirmationCard } from './confirmation-card'
import { useCallConfirmation, useConfirmationSession } from './confirmation-context'
import type { ConfirmationSession } from './confirmation-context'
import { formatJson, summarizeArguments } from './format-json'
import { jsonDiff } from './json-diff'
import { JsonView } from './json-view'
import { secondsBetween, useAgentStrings } from './i18n'
import { ToolOutput } from './tool-output'
import type { ToolCallStatus } from './tool-status'
import { visibleName } from './visible-name'

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps extends ToolCallRendererProps, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Initial open state; by default the card is open while it is live (arguments, running, asking, failed). */
  readonly defaultOpen?: boolean
}

const STREAMING_TAIL = 2000
const RAW_JSON_CHARS = 8000

// While arguments stream, the reader follows their end; the whole text is shown once complete.
function streamingTail(text: string): string {
  return text.length <= STREAMING_TAIL ? text : `…${text.slice(text.length - STREAMING_TAIL)}`
}

// Open while something is happening or needs the reader; a finished call folds to its one-line header.
const OPEN_BY_STATUS: Readonly<Record<ToolCallStatus, boolean>> = {
  preparing: true,
  pending: true,
  asking: true,
  running: true,
  awaiting: true,
  error: true,
  success: false,
  denied: false,
  interrupted: false,
}

const ICONS: Readonly<Record<ToolCallStatus, string>> = {
  preparing: '◌',
  pending: '◌',
  asking: '?',
  running: '◌',
  awaiting: '‖',
  success: '✓',
  error: '!',
  denied: '✕',
  interrupted: '■',
}

function RawJson({ value }: { readonly value: unknown }) {
  const strings = useAgentStrings()
  const [whole, setWhole] = useState(false)
  const formatted = formatJson(value, { maxChars: whole ? Infinity : RAW_JSON_CHARS })
  return (
    <>
      <pre className="as-tool-arguments">
        <ChunkedText text={formatted.text} />
      </pre>
      {formatted.truncated && (
        <button type="button" className="as-link-button" onClick={() => setWhole(true)}>
          {strings.showAllText}
        </button>
      )}
    </>
  )
}

// Moves focus to the next (or previous) call that still needs an answer.
function focusPending(session: ConfirmationSession, from: string, step: 1 | -1): void {
  const calls = session.pending.toolCalls.filter((call) => session.cards.has(call.id))
  const start = calls.findIndex((call) => call.id === from)
  for (let offset = 1; offset <= calls.length; offset++) {
    const call = calls[(start + step * offset + calls.length * offset) % calls.length]!
    if (!session.decisions.has(call.id) || offset === calls.length) {
      const card = session.cards.get(call.id)
      card?.focus({ preventScroll: true })
      card?.scrollIntoView?.({ block: 'nearest' })
      return
    }
  }
}

/**
 * A tool call: a one-line header (status, name, what it was asked, how long it took) over its arguments as keys
 * and values (or raw JSON), its output, and, while the agent asks, Approve / Deny / Edit / Always allow.
 * Open while live, folded once done; subagents it spawned appear under it.
 */
export const ToolCallCard = forwardRef<HTMLElement, ToolCallCardProps>(function ToolCallCard(
  { call, result, status, input, scopeKey, defaultOpen, onKeyDown, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const lanes = useSubagentKeysOf(scopeKey === '' ? call.block.id : '')
  const { SubagentLane } = useAgentParts()
  // A ref, not state: the card's element in state cost every card a second commit when it mounted. Stable, so that
  // React calls it at mount and unmount only (a new callback gets null and then the node at every commit).
  const card = useRef<HTMLElement | null>(null)
  const attach = useCallback(
    (node: HTMLElement | null) => {
      card.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )
  const confirmation = useCallConfirmation(scopeKey === '' ? call.block.id : '', card)
  const session = useConfirmationSession()
  const [chosen, setChosen] = useState<boolean | null>(defaultOpen ?? null)
  const [raw, setRaw] = useState(false)
  const [showOriginal, setShowOriginal] = useState(false)
  const bodyId = useId()
  const originalId = useId()
  // Results synthesized by the kit (a denial, an external result) start and end at once: no duration. A call your
  // app runs has no output of its own yet: the suspended result's placeholder text (in English) and its time are
  // the protocol's, not the tool's.
  const awaiting = status === 'awaiting'
  const timed = result !== undefined && result.startedAt !== result.endedAt && !awaiting
  const measured = timed ? secondsBetween(result.startedAt, result.endedAt) : null
  // a call quicker than a tenth of a second says so, rather than "0.0 s"
  const seconds = measured === '0.0' ? '<0.1' : measured
  const name = visibleName(call.block.name ?? '…')
  const streamingArguments = call.status === 'streaming'
  const edited = call.editedFrom
  // What a tool made (an image, a recording) is the point of the call: such a card stays open.
  const made = result?.block.output.some((block) => block.type !== 'text') ?? false
  const open = confirmation !== null || (chosen ?? (OPEN_BY_STATUS[status] || made))
  const decision = confirmation?.decision
  // A call this transport cannot answer (AG-UI) waits without asking: pending, not the asking glow and shortcuts.
  const canAnswer = confirmation?.offer.canAnswer ?? true
  const cardStatus = canAnswer ? status : 'pending'
  const badge = decision !== undefined ? strings.decidedPending(decision.approved) : canAnswer ? strings.toolStatus[status] : strings.cannotAnswerHere
  const shownStatus = decision === undefined ? cardStatus : decision.approved ? 'success' : 'denied'
  const summary = summarizeArguments(streamingArguments ? input : (call.block.input ?? input))
  const keyboard = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || confirmation === null || session === null) return
    if (event.altKey || event.ctrlKey || event.metaKey || (event.target as HTMLElement).closest('textarea, input') !== null) return
    const key = event.key.toLowerCase()
    if ((key === 'a' || key === 'd') && canAnswer) {
      confirmation.decide({ toolCallId: confirmation.toolCall.id, approved: key === 'a' })
      // on to the next call still waiting, so that A, A answers two calls rather than one twice
      focusPending(session, confirmation.toolCall.id, 1)
    } else if (key === 'j' || key === 'n') focusPending(session, confirmation.toolCall.id, 1)
    else if (key === 'k' || key === 'p') focusPending(session, confirmation.toolCall.id, -1)
    else return
    event.preventDefault()
  }
  return (
    <article
      className="as-tool"
      data-as-block="tool_use"
      data-status={cardStatus}
      data-state={open ? 'open' : 'closed'}
      data-decision={decision === undefined ? undefined : decision.approved ? 'approved' : 'denied'}
      data-tool={call.block.name ?? ''}
      tabIndex={confirmation === null ? undefined : -1}
      aria-keyshortcuts={confirmation === null ? undefined : canAnswer ? 'A D J K' : 'J K'}
      aria-label={confirmation === null ? undefined : canAnswer ? strings.confirmCall(name) : name}
      {...rest}
      onKeyDown={keyboard}
      ref={attach}
    >
      <div className="as-tool-header">
        <button
          type="button"
          className="as-tool-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          disabled={confirmation !== null}
          onClick={() => setChosen(!open)}
        >
          <span className="as-tool-icon" data-status={shownStatus} aria-hidden="true">
            {ICONS[shownStatus]}
          </span>
          <bdi className="as-tool-name">{name}</bdi>
          {summary !== '' && <span className="as-tool-summary">{summary}</span>}
        </button>
        <span className="as-badge" data-status={shownStatus}>
          {badge}
        </span>
        {seconds !== null && <span className="as-tool-duration">{strings.took(seconds)}</span>}
        {edited !== undefined && (
          <span className="as-badge" data-status="edited">
            {strings.toolEdited}
          </span>
        )}
      </div>
      <div id={bodyId} className="as-tool-body" hidden={!open}>
        <div className="as-tool-section" role="group" aria-label={strings.labelled(strings.toolArguments, name)}>
          {streamingArguments ? (
            <pre className="as-tool-arguments" data-status="streaming">
              {streamingTail(call.arguments)}
            </pre>
          ) : raw ? (
            <RawJson value={input} />
          ) : (
            <JsonView className="as-tool-arguments" value={input} />
          )}
          <div className="as-tool-links">
            {!streamingArguments && (
              <button type="button" className="as-link-button" aria-pressed={raw} onClick={() => setRaw(!raw)}>
                {strings.rawJson}
              </button>
            )}
            {edited !== undefined && (
              <button
                type="button"
                className="as-link-button"
                aria-expanded={showOriginal}
                aria-controls={originalId}
                onClick={() => setShowOriginal(!showOriginal)}
              >
                {showOriginal ? strings.hideOriginal : strings.showOriginal}
              </button>
            )}
          </div>
          {edited !== undefined && (
            <pre id={originalId} className="as-diff" hidden={!showOriginal}>
              {showOriginal &&
                jsonDiff(edited.input, call.block.input).map((line, index) => (
                  <span key={index} className="as-diff-line" data-change={line.change}>
                    {line.text}
                    {'\n'}
                  </span>
                ))}
            </pre>
          )}
        </div>
        {confirmation !== null && (
          <ConfirmationCard
            variant="inline"
            toolCall={confirmation.toolCall}
            decision={confirmation.decision}
            onDecide={confirmation.decide}
            disabled={confirmation.sending}
            canAnswer={confirmation.offer.canAnswer}
            canEdit={confirmation.offer.canEdit}
            canAlwaysAllow={confirmation.offer.canAlwaysAllow}
            note={confirmation.first ? confirmation.offer.note : null}
          />
        )}
        {result !== undefined && !awaiting && <ToolOutput result={result} toolName={name} />}
      </div>
      {lanes.map((laneKey) => (
        <SubagentLane key={laneKey} scopeKey={laneKey} toolCallId={call.block.id} />
      ))}
    </article>
  )
})
