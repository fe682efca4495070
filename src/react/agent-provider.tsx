import { useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { AgentStreamError } from '../core/errors'
import { createAgentStore } from '../store/create-agent-store'
import type { AgentStore, AgentStoreOptions } from '../store/agent-store-state'
import type { AgentTransport } from '../transport/agent-transport'
import { AgentErrorHandlerContext, AgentStoreContext } from './agent-context'

/** Props of {@link AgentProvider}: a store you made, or a transport to make one with. */
export type AgentProviderProps = {
  readonly children?: ReactNode
  /**
   * Called with each error the chat reports, such as a block that could not be shown (with a store it
   * makes, also what the store reports through its own `onError`). Throwing from it is ignored.
   */
  readonly onError?: (error: AgentStreamError) => void
} & (
  | { readonly store: AgentStore; readonly transport?: never; readonly storeOptions?: never }
  | {
      readonly transport: AgentTransport
      readonly store?: never
      readonly storeOptions?: Omit<AgentStoreOptions, 'transport'>
    }
)

/** The store a provider makes, with `onError` read at call time so that a new callback needs no new store. */
export function useOwnStore(
  given: AgentStore | undefined,
  transport: AgentTransport | undefined,
  storeOptions: Omit<AgentStoreOptions, 'transport'> | undefined,
  onError: ((error: AgentStreamError) => void) | undefined,
): { store: AgentStore; handler: ((error: AgentStreamError) => void) | null } {
  const latest = useRef(onError)
  latest.current = onError
  const [own] = useState(() => {
    if (given !== undefined) return undefined
    const optionHandler = storeOptions?.onError
    return createAgentStore({
      ...storeOptions,
      transport: transport as AgentTransport,
      onError: (error) => {
        optionHandler?.(error)
        latest.current?.(error)
      },
    })
  })
  return { store: given ?? (own as AgentStore), handler: given === undefined ? null : (onError ?? null) }
}

/**
 * Gives the hooks below it one chat's store. With `transport`, the store is created once for the
 * provider's lifetime (a new transport later does not replace it: remount with a `key` for that).
 */
export function AgentProvider(props: AgentProviderProps) {
  const { store, handler } = useOwnStore(props.store, props.transport, props.storeOptions, props.onError)
  return (
    <AgentStoreContext.Provider value={store}>
      <AgentErrorHandlerContext.Provider value={handler}>{props.children}</AgentErrorHandlerContext.Provider>
    </AgentStoreContext.Provider>
  )
}
