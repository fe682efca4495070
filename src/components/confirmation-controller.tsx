import { useCallback, useLayoutEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import type { ConfirmationDecision } from '../core/build-message'
import { useAgentStore } from '../react/use-agent-store'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { ConfirmationFrame } from './confirmation-context'
import type { ConfirmationControllerProps } from './confirmation-context'
import { useAgentStrings } from './i18n'

const NO_DECISIONS: ReadonlyMap<string, ConfirmationDecision> = new Map()

/** Gathers the user's answers to the agent's current confirmation request, and reports the session (see ConfirmationFrame). */
export function ConfirmationController({ pending, onSession }: ConfirmationControllerProps) {
  const confirm = useAgentStore((state) => state.confirm)
  // A new request starts with no decisions; the key is kept with them rather than remounting the chat under it.
  const requestKey = `${pending.requestReplyId}:${pending.toolCalls.map((call) => call.id).join(',')}`
  const [answers, setAnswers] = useState<{ readonly key: string; readonly decisions: ReadonlyMap<string, ConfirmationDecision> }>({
    key: '',
    decisions: NO_DECISIONS,
  })
  const decisions = answers.key === requestKey ? answers.decisions : NO_DECISIONS
  const setDecisions = useCallback(
    (next: ReadonlyMap<string, ConfirmationDecision>) => setAnswers({ key: requestKey, decisions: next }),
    [requestKey],
  )
  const [sending, setSending] = useState(false)
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set())
  const [cards] = useState(() => new Map<string, HTMLElement>())
  const strings = useAgentStrings()
  const { confirm: canAnswer, editArguments: canEdit, rules: canAlwaysAllow } = useTransportCapabilities()
  const note = !canAnswer ? strings.transportCannotConfirm : !canEdit || !canAlwaysAllow ? strings.transportApproveDenyOnly : null
  const offer = useMemo(() => ({ canAnswer, canEdit, canAlwaysAllow, note }), [canAnswer, canEdit, canAlwaysAllow, note])
  const calls = pending.toolCalls
  const submit = useCallback(
    (answers: readonly ConfirmationDecision[]) => {
      if (answers.length === 0) return
      setSending(true)
      // The store refuses a second answer while one is on its way; a failure is shown by the error banner, and
      // the question stays pending, so the buttons come back either way.
      confirm(answers)
        .catch(() => {})
        .finally(() => setSending(false))
    },
    [confirm],
  )
  const decide = useCallback(
    (decision: ConfirmationDecision) => {
      if (sending) return
      const next = new Map(decisions).set(decision.toolCallId, decision)
      setDecisions(next)
      if (calls.every((call) => next.has(call.id))) submit(calls.map((call) => next.get(call.id)!))
    },
    [calls, decisions, sending, submit, setDecisions],
  )
  const decideAll = useCallback(
    (approved: boolean) => {
      if (sending) return
      const next = new Map(decisions)
      for (const call of calls) if (!next.has(call.id)) next.set(call.id, { toolCallId: call.id, approved })
      setDecisions(next)
      submit(calls.map((call) => next.get(call.id)!))
    },
    [calls, decisions, sending, submit, setDecisions],
  )
  const sendDecided = useCallback(() => {
    if (!sending) submit(calls.flatMap((call) => (decisions.has(call.id) ? [decisions.get(call.id)!] : [])))
  }, [calls, decisions, sending, submit])
  const register = useCallback(
    (toolCallId: string, element: HTMLElement | null) => {
      if (element === null) cards.delete(toolCallId)
      else cards.set(toolCallId, element)
      setShown((current) => {
        if (current.has(toolCallId) === (element !== null)) return current
        const next = new Set(current)
        if (element === null) next.delete(toolCallId)
        else next.add(toolCallId)
        return next
      })
    },
    [cards],
  )
  const session = useMemo(
    () => ({ pending, decisions, sending, decide, decideAll, sendDecided, cards, shown, register, offer }),
    [pending, decisions, sending, decide, decideAll, sendDecided, cards, shown, register, offer],
  )
  // before the browser paints: the cards never show a request without its buttons
  useLayoutEffect(() => onSession(session), [onSession, session])
  return null
}

/** A confirmation frame with the controller at hand, for a batch bar rendered on its own (outside `<AgentChat>`). */
export function ConfirmationProvider({ children }: { readonly children: ReactNode }) {
  return <ConfirmationFrame controller={ConfirmationController}>{children}</ConfirmationFrame>
}
