import { forwardRef, useEffect, useRef } from 'react'
import type { HTMLAttributes, KeyboardEvent } from 'react'
import { ConfirmationCard } from './confirmation-card'
import { useConfirmationSession, useHasConfirmationProvider } from './confirmation-context'
import { ConfirmationProvider } from './confirmation-controller'
import type { ConfirmationSession } from './confirmation-context'
import { useAgentStrings } from './i18n'

/** Props of {@link ConfirmationTray}. */
export type ConfirmationTrayProps = HTMLAttributes<HTMLElement>

// The next call without an answer, after the one that has focus (or the first).
function nextUndecided(session: ConfirmationSession): HTMLElement | undefined {
  const calls = session.pending.toolCalls.filter((call) => session.cards.has(call.id))
  const current = calls.findIndex((call) => session.cards.get(call.id)?.contains(document.activeElement))
  for (let offset = 1; offset <= calls.length; offset++) {
    const call = calls[(current + offset + calls.length) % calls.length]!
    if (!session.decisions.has(call.id)) return session.cards.get(call.id)
  }
  return undefined
}

function focusCard(card: HTMLElement | undefined): void {
  card?.focus({ preventScroll: true })
  card?.scrollIntoView?.({ block: 'nearest' })
}

/**
 * What the agent asks, where it asks it: each call's tool card carries its own Approve / Deny / Edit / Always
 * allow; this bar appears only for a batch ("2 calls need your approval · Approve all · Deny all · Next"), and
 * shows a card of its own only for a call the conversation has no tool card for.
 */
export const ConfirmationTray = forwardRef<HTMLElement, ConfirmationTrayProps>(function ConfirmationTray(props, ref) {
  // On its own (outside <AgentChat>), the tray gathers the answers itself and shows a card for every call.
  if (!useHasConfirmationProvider()) {
    return (
      <ConfirmationProvider>
        <Tray {...props} ref={ref} />
      </ConfirmationProvider>
    )
  }
  return <Tray {...props} ref={ref} />
})

const Tray = forwardRef<HTMLElement, ConfirmationTrayProps>(function Tray({ onKeyDown, ...props }, ref) {
  const strings = useAgentStrings()
  const session = useConfirmationSession()
  const requestKey = session === null ? null : `${session.pending.requestReplyId}:${session.pending.toolCalls.map((call) => call.id).join(',')}`
  const sessionRef = useRef(session)
  sessionRef.current = session
  useEffect(() => {
    // Bring keyboard users to the question when it appears (after the cards registered).
    if (requestKey === null) return
    const frame = requestAnimationFrame(() => {
      const current = sessionRef.current
      if (current !== null) focusCard(nextUndecided(current))
    })
    return () => cancelAnimationFrame(frame)
  }, [requestKey])
  if (session === null) return null
  const calls = session.pending.toolCalls
  const orphans = calls.filter((call) => !session.shown.has(call.id))
  const open = calls.filter((call) => !session.decisions.has(call.id)).length
  const decided = calls.length - open
  if ((calls.length < 2 || !session.offer.canAnswer) && orphans.length === 0) return null
  const keyboard = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || (event.target as HTMLElement).closest('textarea, input, .as-confirm') !== null) return
    const key = event.key.toLowerCase()
    if (key === 'j' || key === 'n') focusCard(nextUndecided(session))
    else return
    event.preventDefault()
  }
  return (
    <section className="as-tray" aria-label={strings.confirmationTitle(calls.length)} onKeyDown={keyboard} {...props} ref={ref}>
      {orphans.map((call) => (
        <ConfirmationCard
          key={call.id}
          toolCall={call}
          decision={session.decisions.get(call.id)}
          onDecide={session.decide}
          disabled={session.sending}
          canAnswer={session.offer.canAnswer}
          canEdit={session.offer.canEdit}
          canAlwaysAllow={session.offer.canAlwaysAllow}
          // Said once, on the first call's card, whether that is its tool card or this one.
          note={call.id === calls[0]?.id ? session.offer.note : null}
        />
      ))}
      {calls.length > 1 && session.offer.canAnswer && (
        <div className="as-batch" role="group" aria-label={strings.batchTitle(open)}>
          <span className="as-batch-title" role={session.sending ? 'status' : undefined}>
            {session.sending ? strings.sending : strings.batchTitle(open)}
          </span>
          <button type="button" data-variant="primary" disabled={session.sending} onClick={() => session.decideAll(true)}>
            {strings.approveAll}
          </button>
          <button type="button" data-variant="danger" disabled={session.sending} onClick={() => session.decideAll(false)}>
            {strings.denyAll}
          </button>
          {orphans.length < calls.length && (
            <button type="button" disabled={session.sending} onClick={() => focusCard(nextUndecided(session))}>
              {strings.batchNext}
            </button>
          )}
          {decided > 0 && open > 0 && (
            <button type="button" disabled={session.sending} onClick={session.sendDecided}>
              {strings.sendAnswers(decided)}
            </button>
          )}
          <span className="as-batch-keys as-muted" aria-hidden="true">
            {strings.batchKeys}
          </span>
        </div>
      )}
    </section>
  )
})
