import { createContext, useCallback, useContext } from 'react'
import type { AgentStore } from '../store/agent-store-state'

/** The store of the nearest provider (or `<AgentChat>`). */
export const AgentStoreContext = createContext<AgentStore | null>(null)

/** The store of the nearest provider; throws a clear error outside of one. */
export function useAgentStoreApi(hookName = 'useAgentStoreApi'): AgentStore {
  const store = useContext(AgentStoreContext)
  if (store === null) throw new Error(`\`${hookName}\` must be used within \`<AgentChat>\` or \`<AgentProvider>\``)
  return store
}

/** Reports an error met while rendering to the chat's session (its warnings and `onError`); a no-op outside a provider. */
export function useReportError(): (error: unknown, context: string) => void {
  const store = useContext(AgentStoreContext)
  return useCallback((error: unknown, context: string) => store?.getState().reportError(error, context), [store])
}
