import { createContext, useContext } from 'react'
import type { AgentStore } from '../store/agent-store-state'

/** The store of the nearest `<AgentProvider>` (or `<AgentChat>`). */
export const AgentStoreContext = createContext<AgentStore | null>(null)

/** The store of the nearest provider; throws a clear error outside of one. */
export function useAgentStoreApi(hookName = 'useAgentStoreApi'): AgentStore {
  const store = useContext(AgentStoreContext)
  if (store === null) throw new Error(`\`${hookName}\` must be used within \`<AgentChat>\` or \`<AgentProvider>\``)
  return store
}
