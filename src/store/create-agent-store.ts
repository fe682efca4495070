import { createStore } from 'zustand/vanilla'
import { createAgentSession, initialSessionState } from '../session/create-agent-session'
import type { AgentStore, AgentStoreOptions, AgentStoreState } from './agent-store-state'

/**
 * Creates the store of one chat: a zustand holder that the chat's headless session (`createAgentSession`)
 * writes to, with the session's actions beside its state, for the React hooks to select from.
 */
export function createAgentStore(options: AgentStoreOptions): AgentStore {
  return createStore<AgentStoreState>()((_set, _get, api) => {
    const session = createAgentSession(options, api)
    return {
      ...initialSessionState(options.transport.capabilities),
      session,
      send: session.send,
      resend: session.resend,
      confirm: session.confirm,
      confirmSubagent: session.confirmSubagent,
      submitToolResults: session.submitToolResults,
      stop: session.stop,
      reset: session.reset,
      load: session.load,
      dismissError: session.dismissError,
      retry: session.retry,
      reportError: session.reportError,
    }
  })
}
