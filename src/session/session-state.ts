import type { ConfirmationDecision } from '../core/build-message'
import type { AgentStreamError } from '../core/errors'
import type { ContentBlock, Msg, ToolResultBlock, ToolResultState } from '../core/message'
import type { AgentState } from '../core/state'
import type { AgentTransport, TransportCapabilities } from '../transport/agent-transport'
import type { FrameScheduler } from './frame-scheduler'

/** Where the chat stands. */
export type AgentStatus = 'idle' | 'connecting' | 'streaming' | 'awaiting-confirmation' | 'awaiting-external' | 'done' | 'error'

/** One item of the conversation as shown: a user message, or the agent turn at `index` of the top-level turns. */
export type TranscriptItem =
  { readonly kind: 'user'; readonly key: string; readonly message: Msg } | { readonly kind: 'turn'; readonly key: string; readonly index: number }

/** The result of a tool the client ran itself (external execution). */
export interface ExternalToolResult {
  readonly toolCallId: string
  readonly output: string | ContentBlock | readonly ContentBlock[]
  /** @default 'success' */
  readonly state?: ToolResultState
}

/** What the user can send: text, blocks (text and media), or a whole USER message. */
export type SendInput = string | readonly ContentBlock[] | Msg

/** A resumable transport's connection: reconnecting a dropped stream, or back; null while it never dropped. */
export type ConnectionState = 'reconnecting' | 'reconnected' | null

/** The state of one chat, as a session publishes it. */
export interface AgentSessionState {
  /** Everything rebuilt from the events, the user's messages included (see `agentscope-react/core`). */
  readonly agent: AgentState
  /** User messages and agent turns in order. */
  readonly transcript: readonly TranscriptItem[]
  readonly status: AgentStatus
  /** The last error that ended a run or refused an action; cleared by the next action. */
  readonly error: AgentStreamError | null
  /**
   * Problems that did not end the run: invalid events and malformed frames (each skipped), events a handler
   * failed on, history entries that could not be read, errors reported with `reportError` (the last 50).
   */
  readonly warnings: readonly AgentStreamError[]
  /**
   * A transport that can resume says so while it reconnects a dropped stream, and once it has;
   * null while the connection never dropped (and for the native bridge, which cannot resume).
   */
  readonly connection: ConnectionState
  /** Whether `retry` has a failed request to run again. */
  readonly canRetry: boolean
  /**
   * While a run streams and nothing has arrived for `stallAfterMs` (heartbeat comments count as alive): when
   * the last sign of life came, in `clock` milliseconds (epoch by default); else null.
   */
  readonly stalledSince: number | null
  /** What the transport can carry (its declared `capabilities`, else everything): the UI offers only these actions. */
  readonly capabilities: TransportCapabilities
}

/** What a session does; every action reports a refusal in `error` and rejects with it. */
export interface AgentSessionActions {
  /** Sends a user message; refused while a run is in progress or the agent waits for an answer. */
  readonly send: (input: SendInput) => Promise<void>
  /**
   * Replaces the last exchange: the last user message and everything that answered it leave the conversation (a
   * `REWIND` local event), and `input` (by default that message's content again) is sent in its place. The retry
   * of a reply and the edit-and-resend of the last message. Refused when `send` would be, or with no message yet.
   * The server keeps what it remembers of the old exchange: only the conversation shown (and recorded) changes.
   */
  readonly resend: (input?: SendInput) => Promise<void>
  /** Answers the pending confirmation (some or all of its calls); sends one answer however often it is called. */
  readonly confirm: (decisions: readonly ConfirmationDecision[]) => Promise<void>
  /**
   * Answers a subagent's own confirmation (the request in `agent.subagentPendingConfirmations` with this `source`),
   * on the subagent the server exposed for it (`expose_to_user`); refused where the transport cannot carry it
   * (`capabilities.subagentConfirm`) or the subagent was not exposed. Its run's events go to the subagent's lane.
   */
  readonly confirmSubagent: (source: string, decisions: readonly ConfirmationDecision[]) => Promise<void>
  /** Returns the results of the tools pending external execution. */
  readonly submitToolResults: (results: readonly (ExternalToolResult | ToolResultBlock)[]) => Promise<void>
  /** Asks the server to stop (one interrupt however often it is called), then closes the stream if it has not ended. */
  readonly stop: () => Promise<void>
  /** Closes any run and forgets the conversation. */
  readonly reset: () => void
  /**
   * Replaces the conversation with stored messages (AgentScope's context: one Msg per model call). They are
   * validated first: a message or block that cannot be read is skipped with a warning naming its index and field.
   */
  readonly load: (messages: readonly unknown[]) => void
  /** Clears the error and the warnings once the user has read them. */
  readonly dismissError: () => void
  /**
   * Runs the last request again after it failed (status `error`), without adding the user's message
   * to the transcript a second time; only ever on the user's say-so, never on its own.
   */
  readonly retry: () => Promise<void>
  /**
   * Reports a problem from outside the session (a render error caught by an error boundary, say): it joins
   * `warnings`, goes to `onError`, and is logged in development. `context` says where it happened.
   */
  readonly reportError: (error: unknown, context?: string) => void
}

// The recorder's types live in the core, beside `createEventRecorder`, which keeps the entries for the inspector.
export type { EventRecorder, RecordedEntry } from '../core/event-recorder'
import type { EventRecorder } from '../core/event-recorder'

/** Options of `createAgentSession` (and `createAgentStore`). */
export interface AgentSessionOptions {
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
  /**
   * How long a run waits for the server's response headers before it ends with a retryable `timeout`
   * error, in ms; `Infinity` waits forever. @default 30000
   */
  readonly responseTimeoutMs?: number
  /** After how long without anything on the wire a streaming run counts as stalled (`stalledSince`), in ms. @default 15000 */
  readonly stallAfterMs?: number
  /** A monotonic clock for the slices. @default performance.now */
  readonly now?: () => number
  /** The clock of `stalledSince` and of recorded entries. @default Date.now */
  readonly clock?: () => number
  /** Called with every error and warning the session records (what throwing does: nothing, it is ignored). */
  readonly onError?: (error: AgentStreamError) => void
  /** Hears every incoming value (events with their receive time, invalid frames with their error, local events), each run and its end, resets and loads. */
  readonly recorder?: EventRecorder
}
