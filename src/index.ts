/**
 * agentscope-react: the React entry. The framework-free core and transports are also available
 * alone as `agentscope-react/core`. Styles are opt-in: `import 'agentscope-react/styles.css'`.
 */
export {
  AGENT_EVENT_TYPES,
  AgentStreamError,
  MAIN_SCOPE,
  applyEvents,
  confirmResult,
  createAgentState,
  createSseTransport,
  dataBlock,
  endStream,
  parseAgentEvent,
  partialToolInput,
  readEventStream,
  reduce,
  replayEvents,
  textBlock,
  textContent,
  toSnapshot,
  turnMessage,
  userMessage,
} from './core'
export type {
  AgentEvent,
  AgentSnapshot,
  AgentState,
  AgentTransport,
  BlockEntry,
  ContentBlock,
  Msg,
  PendingToolCalls,
  SseTransportOptions,
  ToolResultEntry,
  ToolUseEntry,
  Turn,
  TurnStatus,
} from './core'
export { createAgentStore } from './store/create-agent-store'
export type {
  AgentStatus,
  AgentStore,
  AgentStoreOptions,
  AgentStoreState,
  ConfirmationDecision,
  ExternalToolResult,
  SendInput,
  TranscriptItem,
} from './store/create-agent-store'
export {
  selectBlock,
  selectPendingConfirmation,
  selectPendingExternalExecution,
  selectSubagentLane,
  selectSubagentPendingConfirmations,
  selectToolCall,
  selectTurn,
  selectTurns,
  selectUsage,
} from './store/selectors'
export type { ToolCallView } from './store/selectors'
export {
  AgentProvider,
  AgentStoreContext,
  useAgentStore,
  useAgentStoreApi,
  useAgentStream,
  useBlock,
  usePartialToolInput,
  usePendingConfirmation,
  usePendingExternalExecution,
  useSubagentKeys,
  useSubagentLane,
  useToolCall,
  useTurn,
  useTurnBlockKeys,
} from './react'
export type { AgentProviderProps, AgentStream, SubagentLane, ToolCallState } from './react'
