import type { StoreApi } from 'zustand/vanilla'
import type { AgentStreamError } from '../core/errors'
import type { ContentBlock, Msg, PermissionRule, ToolResultBlock, ToolResultState } from '../core/message'
import type { AgentState } from '../core/state'
import type { AgentTransport } from '../transport/agent-transport'
import type { FrameScheduler } from './frame-scheduler'

/** Where the chat stands. */
export type AgentStatus =
  | 'idle'
  | 'connecting'
  | 'streaming'
  | 'awaiting-confirmation'
  | 'awaiting-external'
  | 'done'
  | 'error'

/** One item of the conversation as shown: a user message, or the agent turn at `index` of the top-level turns. */
export type TranscriptItem =
  | { readonly kind: 'user'; readonly key: string; readonly message: Msg }
  | { readonly kind: 'turn'; readonly key: string; readonly index: number }

/** The user's answer to one tool call awaiting confirmation. */
export interface ConfirmationDecision {
  readonly toolCallId: string
  readonly approved: boolean
  /** Edited arguments: they replace both `input` and `content` of the call. */
  readonly input?: Readonly<Record<string, unknown>>
  /** Rules to store when approving ("always allow"). */
  readonly rules?: readonly PermissionRule[]
}

/** The result of a tool the client ran itself (external execution). */
export interface ExternalToolResult {
  readonly toolCallId: string
  readonly output: string | ContentBlock | readonly ContentBlock[]
  /** @default 'success' */
  readonly state?: ToolResultState
}

/** What the user can send: text, blocks (text and media), or a whole USER message. */
export type SendInput = string | readonly ContentBlock[] | Msg

/** The state and actions of one chat. */
export interface AgentStoreState {
  /** Everything rebuilt from the events (see `agentscope-react/core`). */
  readonly agent: AgentState
  /** User messages and agent turns in order. */
  readonly transcript: readonly TranscriptItem[]
  readonly status: AgentStatus
  /** The last error that ended a run or refused an action; cleared by the next action. */
  readonly error: AgentStreamError | null
  /** Invalid events and malformed frames met in the current run (each was skipped). */
  readonly warnings: readonly AgentStreamError[]
  /**
   * A transport that can resume says so while it reconnects a dropped stream, and once it has;
   * null while the connection never dropped (and for the native bridge, which cannot resume).
   */
  readonly connection: 'reconnecting' | 'reconnected' | null
  /** Sends a user message; refused while a run is in progress or the agent waits for an answer. */
  readonly send: (input: SendInput) => Promise<void>
  /** Answers the pending confirmation (some or all of its calls); sends one answer however often it is called. */
  readonly confirm: (decisions: readonly ConfirmationDecision[]) => Promise<void>
  /** Returns the results of the tools pending external execution. */
  readonly submitToolResults: (results: readonly (ExternalToolResult | ToolResultBlock)[]) => Promise<void>
  /** Asks the server to stop, then closes the stream if it has not ended by itself. */
  readonly stop: () => Promise<void>
  /** Closes any run and forgets the conversation. */
  readonly reset: () => void
  /** Replaces the conversation with stored messages (AgentScope's context: one Msg per model call). */
  readonly load: (messages: readonly Msg[]) => void
  /** Clears the error and the warnings once the user has read them. */
  readonly dismissError: () => void
  /**
   * Runs the last request again after it failed (status `error`), without adding the user's message
   * to the transcript a second time; only ever on the user's say-so, never on its own.
   */
  readonly retry: () => Promise<void>
  /** Whether {@link AgentStoreState.retry} has a failed request to run again. */
  readonly canRetry: boolean
  /**
   * Reports an error met outside the store, such as a block that threw while rendering: it joins the
   * warnings (code `render-error`) and goes to the `onError` option. Returns the error as reported.
   */
  readonly reportError: (error: unknown, context?: string) => AgentStreamError
}

/** A store of one chat. */
export type AgentStore = StoreApi<AgentStoreState>

/** Options of {@link createAgentStore}. */
export interface AgentStoreOptions {
  readonly transport: AgentTransport
  /** When to publish batched events. @default requestAnimationFrame, with a timer fallback */
  readonly scheduleFrame?: FrameScheduler
  /** The longest a flush may spend reducing before it yields to the next frame, in ms. @default 8 */
  readonly sliceMs?: number
  /**
   * The most events one frame takes in, so that a replay or a burst of thousands of events is shown
   * over several frames rather than in one long commit. @default 4096
   */
  readonly maxEventsPerFrame?: number
  /** How long `stop` waits for the server to end the stream before closing it, in ms. @default 3000 */
  readonly stopTimeoutMs?: number
  /** A clock for the slices. @default performance.now */
  readonly now?: () => number
  /** Called with each error given to `reportError`; throwing from it is caught and ignored. */
  readonly onError?: (error: AgentStreamError) => void
}
