import { forwardRef, useEffect, useRef, useState } from 'react'
import type { HTMLAttributes } from 'react'
import type { PendingToolCalls } from '../core/state'
import { useAgentStore } from '../react/use-agent-store'
import { usePendingConfirmation } from '../react/use-pending-confirmation'
import type { ConfirmationDecision } from '../core/build-message'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { ConfirmationCard } from './confirmation-card'
import { useAgentStrings } from './i18n'

/** Props of {@link ConfirmationTray}. */
export interface ConfirmationTrayProps extends HTMLAttributes<HTMLElement> {}

function Tray({ pending }: { readonly pending: PendingToolCalls }) {
  const strings = useAgentStrings()
  const confirm = useAgentStore((state) => state.confirm)
  // Offer only what the transport can carry, and say once, here, what it cannot.
  const { confirm: canAnswer, editArguments, rules } = useTransportCapabilities()
  const note = !canAnswer ? strings.transportCannotConfirm : !editArguments || !rules ? strings.transportApproveDenyOnly : null
  const [decisions, setDecisions] = useState<ReadonlyMap<string, ConfirmationDecision>>(new Map())
  const [sending, setSending] = useState(false)
  const calls = pending.toolCalls
  const submit = (answers: readonly ConfirmationDecision[]) => {
    if (sending || answers.length === 0) return
    setSending(true)
    // The store refuses a second answer while one is on its way; a failure is shown by the error banner,
    // and the question stays pending, so the buttons come back either way.
    confirm(answers)
      .catch(() => {})
      .finally(() => setSending(false))
  }
  const decide = (decision: ConfirmationDecision) => {
    const next = new Map(decisions).set(decision.toolCallId, decision)
    setDecisions(next)
    if (next.size === calls.length) submit([...next.values()])
  }
  const decided = [...decisions.values()]
  return (
    <>
      <h2 className="as-tray-title">{strings.confirmationTitle(calls.length)}</h2>
      {note !== null && <p className="as-tray-note">{note}</p>}
      {calls.map((call) => (
        <ConfirmationCard
          key={call.id}
          toolCall={call}
          decision={decisions.get(call.id)}
          onDecide={decide}
          disabled={sending}
          canAnswer={canAnswer}
          canEdit={editArguments}
          canAlwaysAllow={rules}
        />
      ))}
      <div className="as-actions">
        {canAnswer && calls.length > 1 && (
          <>
            <button type="button" data-variant="primary" disabled={sending} onClick={() => submit(calls.map((call) => ({ toolCallId: call.id, approved: true })))}>
              {strings.approveAll}
            </button>
            <button type="button" data-variant="danger" disabled={sending} onClick={() => submit(calls.map((call) => ({ toolCallId: call.id, approved: false })))}>
              {strings.denyAll}
            </button>
          </>
        )}
        {decided.length > 0 && decided.length < calls.length && (
          <button type="button" disabled={sending} onClick={() => submit(decided)}>
            {strings.sendAnswers(decided.length)}
          </button>
        )}
        {sending && <span className="as-muted" role="status">{strings.sending}</span>}
      </div>
    </>
  )
}

/** Everything the agent asked to confirm, one card per call; sends one answer for the whole request. */
export const ConfirmationTray = forwardRef<HTMLElement, ConfirmationTrayProps>(function ConfirmationTray(props, ref) {
  const strings = useAgentStrings()
  const pending = usePendingConfirmation()
  const region = useRef<HTMLElement | null>(null)
  const requestKey = pending === null ? null : `${pending.requestReplyId}:${pending.toolCalls.map((call) => call.id).join(',')}`
  useEffect(() => {
    // Bring keyboard users to the question when it appears.
    if (requestKey !== null) region.current?.focus({ preventScroll: true })
  }, [requestKey])
  if (pending === null) return null
  return (
    <section
      className="as-tray"
      aria-label={strings.confirmationTitle(pending.toolCalls.length)}
      tabIndex={-1}
      {...props}
      ref={(node) => {
        region.current = node
        if (typeof ref === 'function') ref(node)
        else if (ref) ref.current = node
      }}
    >
      <Tray key={requestKey} pending={pending} />
    </section>
  )
})
