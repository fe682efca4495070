export { AGENT_EVENT_TYPES, LEGACY_EVENT_TYPE_ALIASES } from './events'
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
} from './events'
export { MESSAGE_METADATA, isContentBlock, isKnownContentBlock } from './message'
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
} from './message'
export { AgentStreamError } from './errors'
export type { AgentStreamErrorCode, AgentStreamErrorDetails } from './errors'
export { parseAgentEvent } from './parse-event'
export type { ParseAgentEventResult } from './parse-event'
export { MAIN_SCOPE, createAgentState } from './state'
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
} from './state'
export { endStream, reduce } from './reduce'
export { toSnapshot, turnMessage } from './snapshot'
export type { AgentSnapshot, TurnSnapshot } from './snapshot'
export { applyEvents, replayEvents } from './replay-events'
export type { ReplayOptions } from './replay-events'
export { partialToolInput } from './tool-arguments'
export { dataBlockPreview, sniffMediaType } from './data-block'
export { createPartialJsonParser } from './partial-json'
export type { PartialJsonParser, PartialJsonStatus } from './partial-json'
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
} from './build-message'
export type {
  ConfirmDecision,
  DataBlockInput,
  DataBlockOptions,
  MessageOptions,
  ToolResultBlockOptions,
} from './build-message'
export { readHistory, appendTurns } from './history'
export type { HistoryItem } from './history'
export { createEventStreamDecoder, readEventStream } from '../transport/read-event-stream'
export type {
  EventStreamDecoder,
  EventStreamDecoderOptions,
  EventStreamFrame,
  ReadEventStreamOptions,
} from '../transport/read-event-stream'
export { createSseTransport } from '../transport/sse-transport'
export type { SseTransport, SseTransportOptions } from '../transport/sse-transport'
export { FULL_CAPABILITIES } from '../transport/agent-transport'
export type { AgentTransport, RunEnd, RunHandlers, RunRequest, TransportCapabilities } from '../transport/agent-transport'
export { AGENT_PROTOCOL_CAPABILITIES, createAgentProtocolTransport } from '../transport/agent-protocol-transport'
export type {
  AgentProtocolTransport,
  AgentProtocolTransportOptions,
  ReconnectPolicy,
} from '../transport/agent-protocol-transport'
export { AGUI_CAPABILITIES, createAguiTransport } from '../transport/agui-transport'
export type { AguiTransport, AguiTransportOptions } from '../transport/agui-transport'
export { createReplayTransport } from '../transport/replay-transport'
export type { ReplayPace, ReplayTransport, ReplayTransportOptions } from '../transport/replay-transport'
