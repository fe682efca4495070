export { AGENT_EVENT_TYPES, LEGACY_EVENT_TYPE_ALIASES } from './core/events'
export type {
  AgentEndEvent,
  AgentEvent,
  AgentEventBase,
  AgentEventOf,
  AgentEventType,
  AgentResultEvent,
  AgentStartEvent,
  AllToolsDeniedEvent,
  BlockEventFields,
  CustomEvent,
  DataBlockDeltaEvent,
  DataBlockEndEvent,
  DataBlockStartEvent,
  ExceedMaxItersEvent,
  ExternalExecutionResultEvent,
  HintBlockEvent,
  ModelCallEndEvent,
  ModelCallStartEvent,
  RequestStopEvent,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  SubagentExposedEvent,
  TextBlockDeltaEvent,
  TextBlockEndEvent,
  TextBlockStartEvent,
  ThinkingBlockDeltaEvent,
  ThinkingBlockEndEvent,
  ThinkingBlockStartEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolEventFields,
  ToolResultDataDeltaEvent,
  ToolResultEndEvent,
  ToolResultStartEvent,
  ToolResultTextDeltaEvent,
  UserConfirmResultEvent,
} from './core/events'
export { MESSAGE_METADATA, isContentBlock, isKnownContentBlock } from './core/message'
export type {
  AudioBlock,
  Base64Source,
  ChatUsage,
  ConfirmResult,
  ContentBlock,
  ContentBlockMap,
  ContentBlockType,
  DataBlock,
  GenerateReason,
  HintBlock,
  ImageBlock,
  KnownContentBlock,
  MediaSource,
  Msg,
  MsgRole,
  PermissionRule,
  TextBlock,
  ThinkingBlock,
  ToolCallState,
  ToolResultBlock,
  ToolResultState,
  ToolUseBlock,
  UnknownContentBlock,
  UrlSource,
  VideoBlock,
} from './core/message'
export { AgentStreamError } from './core/errors'
export type { AgentStreamErrorCode, AgentStreamErrorDetails } from './core/errors'
export { parseAgentEvent } from './core/parse-event'
export type { ParseAgentEventResult } from './core/parse-event'
export { MAIN_SCOPE, createAgentState } from './core/state'
export type {
  AgentState,
  ArgumentsLink,
  BlockEntry,
  BlockStatus,
  CustomEventRecord,
  DataEntry,
  ExposedSubagent,
  HintEntry,
  ModelCall,
  PendingToolCalls,
  Scope,
  SubagentPendingConfirmation,
  TextEntry,
  ThinkingEntry,
  ToolResultEntry,
  ToolUseEntry,
  Turn,
  TurnStatus,
  UserMessageEntry,
} from './core/state'
export type { PersistentMap } from './core/persistent-map'
export type { PersistentVector } from './core/persistent-vector'
export { endStream, reduce } from './core/reduce'
export type { ReduceErrorHandler } from './core/reduce'
export { isLocalEventValue, parseLocalEvent, rewindEvent, userMessageEvent } from './core/local-events'
export type { LocalEvent, ParseLocalEventResult, RewindEvent, UserMessageEvent } from './core/local-events'
export { validateHistory } from './core/validate-history'
export type { ValidatedHistory } from './core/validate-history'
export { toSnapshot, turnMessage } from './core/snapshot'
export type { AgentSnapshot, TurnSnapshot } from './core/snapshot'
export { applyEvents, replayEvents } from './core/replay-events'
export type { ReplayOptions } from './core/replay-events'
export { partialToolInput } from './core/partial-tool-input'
export { dataBlockPreview, sniffMediaType } from './core/data-block'
export { createPartialJsonParser } from './core/partial-json'
export type { PartialJsonParser, PartialJsonStatus } from './core/partial-json'
export {
  allowRule,
  assistantMessage,
  base64Source,
  confirmResult,
  contentBlocks,
  dataBlock,
  firstContentBlock,
  hasContentBlocks,
  systemMessage,
  textBlock,
  textContent,
  toolResultBlock,
  toolResultMessage,
  urlSource,
  userMessage,
} from './core/build-message'
export type { ConfirmationDecision, DataBlockInput, DataBlockOptions, MessageOptions, ToolResultBlockOptions } from './core/build-message'
export { readHistory, appendTurns, stateFromHistory } from './core/history'
export type { HistoryItem } from './core/history'
export { createEventStreamDecoder, readEventStream } from './transport/read-event-stream'
export type { EventStreamDecoder, EventStreamDecoderOptions, EventStreamFrame, ReadEventStreamOptions } from './transport/read-event-stream'
export { createSseTransport } from './transport/sse-transport'
export type { SseTransport, SseTransportOptions } from './transport/sse-transport'
export { FULL_CAPABILITIES } from './transport/agent-transport'
export type { AgentTransport, RunEnd, RunHandlers, RunRequest, TransportCapabilities } from './transport/agent-transport'
export { AGENT_PROTOCOL_CAPABILITIES, createAgentProtocolTransport } from './transport/agent-protocol-transport'
export type { AgentProtocolTransport, AgentProtocolTransportOptions, ReconnectPolicy } from './transport/agent-protocol-transport'
export { AGUI_CAPABILITIES, createAguiTransport } from './transport/agui-transport'
export type { AguiTransport, AguiTransportOptions } from './transport/agui-transport'
export { createReplayTransport } from './transport/replay-transport'
export type { ReplayPace, ReplayTransport, ReplayTransportOptions } from './transport/replay-transport'
export { withAgentScopeCompat } from './transport/agentscope-compat'
export type { ResumeContext } from './transport/agentscope-compat'
export { createAgentSession, initialSessionState } from './session/create-agent-session'
export type { AgentSession } from './session/create-agent-session'
export { createStateHolder } from './session/state-holder'
export type { SessionStateHolder } from './session/state-holder'
export { scheduleFrame } from './session/frame-scheduler'
export type { FrameScheduler } from './session/frame-scheduler'
export type {
  AgentSessionActions,
  AgentSessionOptions,
  AgentSessionState,
  AgentStatus,
  ConnectionState,
  ExternalToolResult,
  SendInput,
  TranscriptItem,
} from './session/session-state'
export { approximateSize, createEventRecorder, createReceiveClock, entrySize } from './core/event-recorder'
export type {
  EventRecorder,
  EventRecorderLimit,
  EventRecorderOptions,
  RecordedEntry,
  RecordedLog,
  RecordedRequest,
  RecordedRunStatus,
} from './core/event-recorder'
export { applyRecordedEntries, applyRecordedEntry, createRecordedState } from './core/recorded-state'
export type { RecordedState, RecordedStatus } from './core/recorded-state'
