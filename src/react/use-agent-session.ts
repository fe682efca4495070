import type { AgentSession } from '../session/create-agent-session'
import { useAgentStoreApi } from './agent-context'

/** The headless session of the nearest chat, to drive it from outside a component's render (it never changes). */
export function useAgentSession(): AgentSession {
  return useAgentStoreApi('useAgentSession').getState().session
}
