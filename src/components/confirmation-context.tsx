import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import type { PendingToolCalls } from '../core/state'
import type { ToolUseBlock } from '../core/message'
import { useAgentStore } from '../react/use-agent-store'
import { usePendingConfirmation } from '../react/use-pending-confirmation'
import type { ConfirmationDecision } from '../core/build-message'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { useAgentStrings } from './i18n'

/** The answers being gathered for the agent's current confirmation request. */
export interface ConfirmationSession {
  readonly pending: PendingToolCalls
  /** Decisions taken so far, by tool call id; sent together once every call has one. */
  readonly decisions: ReadonlyMap<string, ConfirmationDecision>
  /** An answer is on its way to the server. */
  readonly sending: boolean
  readonly decide: (decision: ConfirmationDecision) => void
  /** Answers every call still undecided the same way, and sends. */
  readonly decideAll: (approved: boolean) => void
  /** Sends the decisions taken so far; the agent asks again about the rest. */
  readonly sendDecided: () => void
  /** Tool card elements by call id, so the batch bar can move focus between them. */
  readonly cards: Map<string, HTMLElement>
  /** Pending calls that have a tool card in the conversation; the others need a card of their own. */
  readonly shown: ReadonlySet<string>
  readonly register: (toolCallId: string, element: HTMLElement | null) => void
  /** The answers the transport can carry; the cards offer only these. */
  readonly offer: ConfirmationOffer
}

/** What a confirmation card may offer over the chat's transport, and the one sentence that says what it cannot. */
export interface ConfirmationOffer {
  readonly canAnswer: boolean
  readonly canEdit: boolean
  readonly canAlwaysAllow: boolean
  readonly note: string | null
}

// undefined: no provider above (a tray rendered on its own brings one); null: nothing is asked.
const ConfirmationContext = createContext<ConfirmationSession | null | undefined>(undefined)

const NO_DECISIONS: ReadonlyMap<string, ConfirmationDecision> = new Map()
const NO_CALLS: NonNullable<ReturnType<typeof usePendingConfirmation>>['toolCalls'] = []

/** Gathers the user's answers to the current confirmation request for the cards and the batch bar under it. */
export function ConfirmationProvider({ children }: { readonly children: ReactNode }) {
  const pending = usePendingConfirmation()
  const confirm = useAgentStore((state) => state.confirm)
  // A new request starts with no decisions; the key is kept with them rather than remounting the chat under it.
  const requestKey = pending === null ? '' : `${pending.requestReplyId}:${pending.toolCalls.map((call) => call.id).join(',')}`
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
  const calls = pending?.toolCalls ?? NO_CALLS
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
  const value = useMemo(
    () => (pending === null ? null : { pending, decisions, sending, decide, decideAll, sendDecided, cards, shown, register, offer }),
    [pending, decisions, sending, decide, decideAll, sendDecided, cards, shown, register, offer],
  )
  return <ConfirmationContext.Provider value={value}>{children}</ConfirmationContext.Provider>
}

/** The current confirmation request and its answers, or null when nothing is asked (or outside `<AgentChat>`). */
export function useConfirmationSession(): ConfirmationSession | null {
  return useContext(ConfirmationContext) ?? null
}

/** Whether a `ConfirmationProvider` is above (`<AgentChat>` has one). */
export function useHasConfirmationProvider(): boolean {
  return useContext(ConfirmationContext) !== undefined
}

/** What a tool card needs to ask about its own call. */
export interface CallConfirmation {
  readonly toolCall: ToolUseBlock
  readonly decision: ConfirmationDecision | undefined
  readonly decide: (decision: ConfirmationDecision) => void
  readonly sending: boolean
  /** How many calls the request holds. */
  readonly total: number
  readonly offer: ConfirmationOffer
  /** The first call of the request: the one whose card says what the transport cannot carry. */
  readonly first: boolean
}

/** The confirmation of one call when the agent is asking about it; registers the card for keyboard moves. */
export function useCallConfirmation(toolCallId: string, element: HTMLElement | null): CallConfirmation | null {
  const session = useConfirmationSession()
  const toolCall = session?.pending.toolCalls.find((call) => call.id === toolCallId)
  const register = session?.register
  useEffect(() => {
    if (register === undefined || toolCall === undefined || element === null) return
    register(toolCallId, element)
    return () => register(toolCallId, null)
  }, [register, toolCall, toolCallId, element])
  if (session === null || toolCall === undefined) return null
  return {
    toolCall,
    decision: session.decisions.get(toolCallId),
    decide: session.decide,
    sending: session.sending,
    total: session.pending.toolCalls.length,
    offer: session.offer,
    first: session.pending.toolCalls[0]?.id === toolCallId,
  }
}
