import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { AgentStreamError } from '../core/errors'
import { createAgentStore } from '../store/create-agent-store'
import type { AgentStore, AgentStoreOptions } from '../store/agent-store-state'
import type { AgentTransport } from '../transport/agent-transport'
import { AgentStoreContext } from './agent-context'

/** Where a chat's store comes from: a store you made, or a transport to make one with (`AgentProvider`, `AgentChat`). */
export type AgentStoreProps =
  | { readonly store: AgentStore; readonly transport?: never; readonly storeOptions?: never; readonly onError?: never }
  | {
      readonly transport: AgentTransport
      readonly store?: never
      readonly storeOptions?: Omit<AgentStoreOptions, 'transport'>
      /**
       * Called with every error and warning of the chat: failed runs, skipped events, render errors reported
       * by error boundaries. The latest function is called; what it returns or throws is ignored.
       */
      readonly onError?: (error: AgentStreamError) => void
    }

/** Props of {@link AgentProvider}. */
export type AgentProviderProps = { readonly children?: ReactNode } & AgentStoreProps

/** The store a provider works with: the one given, or one made once from the transport for its lifetime. */
export function useProvidedStore(props: AgentStoreProps): AgentStore {
  // The callback is read when an error happens, so a new function needs no new store.
  const onError = useRef(props.onError)
  useEffect(() => {
    onError.current = props.onError
  })
  // eslint-disable-next-line react-hooks/refs -- the ref is read when the store reports an error, never while rendering
  const [own] = useState(() =>
    props.store === undefined
      ? createAgentStore({
          ...props.storeOptions,
          transport: props.transport as AgentTransport,
          onError: (error) => {
            props.storeOptions?.onError?.(error)
            onError.current?.(error)
          },
        })
      : undefined,
  )
  return props.store ?? (own as AgentStore)
}

/**
 * Gives the hooks below it one chat's store. With `transport`, the store is created once for the
 * provider's lifetime (a new transport later does not replace it: remount with a `key` for that).
 */
export function AgentProvider(props: AgentProviderProps) {
  const store = useProvidedStore(props)
  return <AgentStoreContext.Provider value={store}>{props.children}</AgentStoreContext.Provider>
}
