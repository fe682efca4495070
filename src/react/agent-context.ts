import { createContext, useCallback, useContext } from 'react'
import type { AgentStreamError } from '../core/errors'
import type { AgentStore } from '../store/agent-store-state'

/** The store of the nearest provider (or `<AgentChat>`). */
export const AgentStoreContext = createContext<AgentStore | null>(null)

/** The `onError` of the nearest provider that was given a store it did not make (its own store calls it itself). */
export const AgentErrorHandlerContext = createContext<((error: AgentStreamError) => void) | null>(null)

/** The store of the nearest provider; throws a clear error outside of one. */
export function useAgentStoreApi(hookName = 'useAgentStoreApi'): AgentStore {
  const store = useContext(AgentStoreContext)
  if (store === null) throw new Error(`\`${hookName}\` must be used within \`<AgentChat>\` or \`<AgentProvider>\``)
  return store
}

/** Reports an error met while rendering: to the store's warnings and `onError`, and to the provider's `onError`. */
export function useReportError(): (error: unknown, context: string) => void {
  const store = useContext(AgentStoreContext)
  const onError = useContext(AgentErrorHandlerContext)
  return useCallback(
    (error: unknown, context: string) => {
      const reported = store?.getState().reportError(error, context)
      if (reported === undefined || onError === null) return
      try {
        onError(reported)
      } catch {
        // The application's handler failed: the error is in the warnings already.
      }
    },
    [store, onError],
  )
}
