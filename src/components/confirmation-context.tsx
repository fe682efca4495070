import { createContext, useContext, useEffect, useState } from 'react'
import type { ComponentType, ReactNode, RefObject } from 'react'
import type { PendingToolCalls } from '../core/state'
import type { ToolUseBlock } from '../core/message'
import { useReportError } from '../react/agent-context'
import { usePendingConfirmation } from '../react/use-pending-confirmation'
import { Boundary } from './render-boundary'
import type { ConfirmationDecision } from '../core/build-message'

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
// While the agent asks and the controller could not be shown (its chunk failed to download): what tries again.
const ControllerRetryContext = createContext<(() => void) | null>(null)

/** Props of a confirmation controller: it gathers the answers to `pending` and reports the session it keeps. */
export interface ConfirmationControllerProps {
  readonly pending: PendingToolCalls
  readonly onSession: (session: ConfirmationSession) => void
}

/**
 * Provides the session of the agent's current confirmation request to the cards and the batch bar under it. The
 * session itself comes from `controller` (ConfirmationController), rendered beside the children only while the
 * agent asks: `<AgentChat>` passes it as a lazy part (chat-parts), so a chat loads that code once it is needed.
 */
export function ConfirmationFrame({
  controller: Controller,
  children,
}: {
  readonly controller: ComponentType<ConfirmationControllerProps>
  readonly children: ReactNode
}) {
  const pending = usePendingConfirmation()
  const report = useReportError()
  const [session, setSession] = useState<ConfirmationSession | null>(null)
  // A controller that failed leaves the cards without buttons: the tray says so and offers to try again, which
  // mounts it afresh (so its chunk downloads again).
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)
  // the session of an earlier request is never shown for a new one
  const value = pending !== null && session?.pending === pending ? session : null
  const retry = failed && pending !== null ? () => (setFailed(false), setAttempt(attempt + 1)) : null
  return (
    <ConfirmationContext.Provider value={value}>
      <ControllerRetryContext.Provider value={retry}>
        {pending !== null && (
          <Boundary
            key={attempt}
            context="the confirmation controls"
            report={(error, context) => {
              report(error, context)
              setFailed(true)
            }}
            fallback={() => null}
          >
            <Controller pending={pending} onSession={setSession} />
          </Boundary>
        )}
        {children}
      </ControllerRetryContext.Provider>
    </ConfirmationContext.Provider>
  )
}

/** While the agent asks and the confirmation controls could not be loaded: what loads them again; else null. */
export function useConfirmationRetry(): (() => void) | null {
  return useContext(ControllerRetryContext)
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
export function useCallConfirmation(toolCallId: string, card: RefObject<HTMLElement | null>): CallConfirmation | null {
  const session = useConfirmationSession()
  const toolCall = session?.pending.toolCalls.find((call) => call.id === toolCallId)
  const register = session?.register
  useEffect(() => {
    const element = card.current
    if (register === undefined || toolCall === undefined || element === null) return
    register(toolCallId, element)
    return () => register(toolCallId, null)
  }, [register, toolCall, toolCallId, card])
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
