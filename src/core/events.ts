/**
 * AgentScope Java 2.0 `AgentEvent`s as the server serializes them (protocol §3–4).
 * Wire names are kept exactly; optional fields are those Jackson omits when null.
 */
import type { ChatUsage, ConfirmResult, ContentBlock, GenerateReason, Msg, ToolResultBlock, ToolResultState, ToolUseBlock } from './message'

/** Every canonical event type (31). */
export const AGENT_EVENT_TYPES = [
  'AGENT_START',
  'AGENT_END',
  'AGENT_RESULT',
  'EXCEED_MAX_ITERS',
  'REQUEST_STOP',
  'MODEL_CALL_START',
  'MODEL_CALL_END',
  'TEXT_BLOCK_START',
  'TEXT_BLOCK_DELTA',
  'TEXT_BLOCK_END',
  'THINKING_BLOCK_START',
  'THINKING_BLOCK_DELTA',
  'THINKING_BLOCK_END',
  'DATA_BLOCK_START',
  'DATA_BLOCK_DELTA',
  'DATA_BLOCK_END',
  'HINT_BLOCK',
  'TOOL_CALL_START',
  'TOOL_CALL_DELTA',
  'TOOL_CALL_END',
  'TOOL_RESULT_START',
  'TOOL_RESULT_TEXT_DELTA',
  'TOOL_RESULT_DATA_DELTA',
  'TOOL_RESULT_END',
  'REQUIRE_USER_CONFIRM',
  'USER_CONFIRM_RESULT',
  'REQUIRE_EXTERNAL_EXECUTION',
  'EXTERNAL_EXECUTION_RESULT',
  'ALL_TOOLS_DENIED',
  'SUBAGENT_EXPOSED',
  'CUSTOM',
] as const

/** The name of a canonical event type. */
export type AgentEventType = (typeof AGENT_EVENT_TYPES)[number]

/** Legacy type names that older servers wrote, mapped to the canonical ones (protocol §2.1). */
export const LEGACY_EVENT_TYPE_ALIASES: Readonly<Record<string, AgentEventType>> = {
  RUN_STARTED: 'AGENT_START',
  REPLY_START: 'AGENT_START',
  RUN_FINISHED: 'AGENT_END',
  REPLY_END: 'AGENT_END',
  MODEL_CALL_STARTED: 'MODEL_CALL_START',
  MODEL_CALL_ENDED: 'MODEL_CALL_END',
  BINARY_BLOCK_START: 'DATA_BLOCK_START',
  BINARY_BLOCK_DELTA: 'DATA_BLOCK_DELTA',
  BINARY_BLOCK_END: 'DATA_BLOCK_END',
  TOOL_RESULT_BINARY_DELTA: 'TOOL_RESULT_DATA_DELTA',
  THREAD_EXPOSED: 'SUBAGENT_EXPOSED',
}

/** Fields every event may carry (protocol §3). */
export interface AgentEventBase {
  /** 32 lowercase hex digits, unique per event: the key for de-duplication; absent on client-built events. */
  readonly id?: string
  /** ISO-8601 UTC creation time on the server. */
  readonly createdAt?: string
  /** The subagent path `"<parentSessionId|main>/<agentId>"`; absent for the top-level agent. */
  readonly source?: string
  /** Free-form; well-known keys are `taskId` and `parentSessionId`. */
  readonly metadata?: Readonly<Record<string, unknown>>
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

/** A call of the agent begins; top-level starts carry the turn's replyId. */
export interface AgentStartEvent extends AgentEventBase {
  readonly type: 'AGENT_START'
  readonly replyId?: string
  readonly sessionId?: string
  readonly name?: string
  readonly role?: string
}

/** A call of the agent ends (never sent when the run fails). */
export interface AgentEndEvent extends AgentEventBase {
  readonly type: 'AGENT_END'
  readonly replyId?: string
}

/** The Msg the call returned: the last model call's, or the paused/suspended/interrupted one. */
export interface AgentResultEvent extends AgentEventBase {
  readonly type: 'AGENT_RESULT'
  readonly result?: Msg
}

/** The reasoning loop hit `maxIters`; a summary model call follows. */
export interface ExceedMaxItersEvent extends AgentEventBase {
  readonly type: 'EXCEED_MAX_ITERS'
  readonly replyId?: string
  readonly maxIters?: number
  readonly currentIter?: number
}

/** The agent or a middleware asked the loop to stop. */
export interface RequestStopEvent extends AgentEventBase {
  readonly type: 'REQUEST_STOP'
  readonly reason?: string
  readonly generateReason: GenerateReason
}

// ---------------------------------------------------------------------------------------------
// Model calls

/** A model call begins, with a replyId of its own. */
export interface ModelCallStartEvent extends AgentEventBase {
  readonly type: 'MODEL_CALL_START'
  readonly replyId?: string
}

/** A model call ended; `usage` is that call's usage. */
export interface ModelCallEndEvent extends AgentEventBase {
  readonly type: 'MODEL_CALL_END'
  readonly replyId?: string
  readonly usage?: ChatUsage
}

// ---------------------------------------------------------------------------------------------
// Text, thinking and data blocks

/** Fields of every block event; `blockId` repeats across model calls (`"text"`, `"thinking"`). */
export interface BlockEventFields extends AgentEventBase {
  readonly replyId?: string
  readonly blockId: string
}

/** A text block opens. */
export interface TextBlockStartEvent extends BlockEventFields {
  readonly type: 'TEXT_BLOCK_START'
}
/** More text for the open text block. */
export interface TextBlockDeltaEvent extends BlockEventFields {
  readonly type: 'TEXT_BLOCK_DELTA'
  readonly delta?: string
}
/** The text block closes (sent lazily). */
export interface TextBlockEndEvent extends BlockEventFields {
  readonly type: 'TEXT_BLOCK_END'
}
/** A thinking block opens. */
export interface ThinkingBlockStartEvent extends BlockEventFields {
  readonly type: 'THINKING_BLOCK_START'
}
/** More reasoning for the open thinking block. */
export interface ThinkingBlockDeltaEvent extends BlockEventFields {
  readonly type: 'THINKING_BLOCK_DELTA'
  readonly delta?: string
}
/** The thinking block closes (sent lazily). */
export interface ThinkingBlockEndEvent extends BlockEventFields {
  readonly type: 'THINKING_BLOCK_END'
}
/** A media block opens; the wire carries no media type. */
export interface DataBlockStartEvent extends BlockEventFields {
  readonly type: 'DATA_BLOCK_START'
  /** Not sent by Java; some servers follow the docs and send a hint here. */
  readonly mediaType?: string
}
/** A base64 (or URL) fragment, not aligned to 4 characters. */
export interface DataBlockDeltaEvent extends BlockEventFields {
  readonly type: 'DATA_BLOCK_DELTA'
  readonly delta?: string
}
/** The media block closes. */
export interface DataBlockEndEvent extends BlockEventFields {
  readonly type: 'DATA_BLOCK_END'
}

/** A one-shot hint; `replyId` is the session state's, unrelated to the turn. */
export interface HintBlockEvent extends BlockEventFields {
  readonly type: 'HINT_BLOCK'
  readonly hint: string
  readonly hintSource?: string
}

// ---------------------------------------------------------------------------------------------
// Tool calls (model side)

/** Fields of every tool event; `toolCallId` may be `""` when the provider could not resolve it. */
export interface ToolEventFields extends AgentEventBase {
  readonly replyId?: string
  readonly toolCallId: string
  readonly toolCallName?: string
}

/** A tool call's arguments begin to stream (or resume, for the same id). */
export interface ToolCallStartEvent extends ToolEventFields {
  readonly type: 'TOOL_CALL_START'
}
/** A raw JSON fragment of the arguments; `toolCallName` is usually `"__fragment__"`. */
export interface ToolCallDeltaEvent extends ToolEventFields {
  readonly type: 'TOOL_CALL_DELTA'
  readonly delta?: string
}
/** The arguments are complete (for now). */
export interface ToolCallEndEvent extends ToolEventFields {
  readonly type: 'TOOL_CALL_END'
}

// ---------------------------------------------------------------------------------------------
// Tool results (acting side)

/** A tool starts to execute. */
export interface ToolResultStartEvent extends ToolEventFields {
  readonly type: 'TOOL_RESULT_START'
}
/** Text output of a running tool. */
export interface ToolResultTextDeltaEvent extends ToolEventFields {
  readonly type: 'TOOL_RESULT_TEXT_DELTA'
  readonly delta?: string
}
/** A whole non-text output block (image, audio, data, …). */
export interface ToolResultDataDeltaEvent extends ToolEventFields {
  readonly type: 'TOOL_RESULT_DATA_DELTA'
  readonly data: ContentBlock
}
/** A tool finished; `state` is `running` when it was suspended for external execution. */
export interface ToolResultEndEvent extends ToolEventFields {
  readonly type: 'TOOL_RESULT_END'
  readonly state: ToolResultState
}

// ---------------------------------------------------------------------------------------------
// Human in the loop

/** The call pauses until the user confirms these tool calls. */
export interface RequireUserConfirmEvent extends AgentEventBase {
  readonly type: 'REQUIRE_USER_CONFIRM'
  readonly replyId?: string
  readonly toolCalls: readonly ToolUseBlock[]
}
/** The server's echo of the user's answers, first in the resume call. */
export interface UserConfirmResultEvent extends AgentEventBase {
  readonly type: 'USER_CONFIRM_RESULT'
  readonly replyId?: string
  readonly confirmResults: readonly ConfirmResult[]
}
/** The call pauses until the client runs these tools itself. */
export interface RequireExternalExecutionEvent extends AgentEventBase {
  readonly type: 'REQUIRE_EXTERNAL_EXECUTION'
  readonly replyId?: string
  readonly toolCalls: readonly ToolUseBlock[]
}
/** The server's echo of the client's tool results, first in the resume call. */
export interface ExternalExecutionResultEvent extends AgentEventBase {
  readonly type: 'EXTERNAL_EXECUTION_RESULT'
  readonly replyId?: string
  readonly toolResults: readonly ToolResultBlock[]
}
/** Every tool call of the last step was denied (only when a middleware forwards it). */
export interface AllToolsDeniedEvent extends AgentEventBase {
  readonly type: 'ALL_TOOLS_DENIED'
  readonly deniedToolCalls: readonly ToolUseBlock[]
}

// ---------------------------------------------------------------------------------------------
// Session-level notifications

/** A subagent the user can talk to directly was spawned. */
export interface SubagentExposedEvent extends AgentEventBase {
  readonly type: 'SUBAGENT_EXPOSED'
  readonly subagentId: string
  readonly agentId?: string
  readonly sessionId?: string
  readonly label?: string
}
/** An application notification; not part of any message. */
export interface CustomEvent extends AgentEventBase {
  readonly type: 'CUSTOM'
  readonly name: string
  readonly value?: unknown
}

/** Any AgentScope event, discriminated by `type`. */
export type AgentEvent =
  | AgentStartEvent
  | AgentEndEvent
  | AgentResultEvent
  | ExceedMaxItersEvent
  | RequestStopEvent
  | ModelCallStartEvent
  | ModelCallEndEvent
  | TextBlockStartEvent
  | TextBlockDeltaEvent
  | TextBlockEndEvent
  | ThinkingBlockStartEvent
  | ThinkingBlockDeltaEvent
  | ThinkingBlockEndEvent
  | DataBlockStartEvent
  | DataBlockDeltaEvent
  | DataBlockEndEvent
  | HintBlockEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | ToolResultStartEvent
  | ToolResultTextDeltaEvent
  | ToolResultDataDeltaEvent
  | ToolResultEndEvent
  | RequireUserConfirmEvent
  | UserConfirmResultEvent
  | RequireExternalExecutionEvent
  | ExternalExecutionResultEvent
  | AllToolsDeniedEvent
  | SubagentExposedEvent
  | CustomEvent

/** The event of one type. */
export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>
