/**
 * agentscope-react: the React entry. It re-exports the framework-free core (also available
 * alone as `agentscope-react/core`); the store, hooks and components build on it.
 * Styles are opt-in: `import 'agentscope-react/styles.css'`.
 */

export {
  AGENT_EVENT_TYPES,
  AgentStreamError,
  MAIN_SCOPE,
  applyEvents,
  createAgentState,
  endStream,
  parseAgentEvent,
  partialToolInput,
  reduce,
  replayEvents,
  toSnapshot,
  turnMessage,
  userMessage,
} from './core'
export type { AgentEvent, AgentSnapshot, AgentState, BlockEntry, Msg, Turn } from './core'
