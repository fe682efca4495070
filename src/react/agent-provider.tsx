import { useState } from 'react'
import type { ReactNode } from 'react'
import { createAgentStore } from '../store/create-agent-store'
import type { AgentStore, AgentStoreOptions } from '../store/agent-store-state'
import type { AgentTransport } from '../transport/agent-transport'
import { AgentStoreContext } from './agent-context'

/** Props of {@link AgentProvider}: a store you made, or a transport to make one with. */
export type AgentProviderProps = {
  readonly children?: ReactNode
} & (
  | { readonly store: AgentStore; readonly transport?: never; readonly storeOptions?: never }
  | {
      readonly transport: AgentTransport
      readonly store?: never
      readonly storeOptions?: Omit<AgentStoreOptions, 'transport'>
    }
)

/**
 * Gives the hooks below it one chat's store. With `transport`, the store is created once for the
 * provider's lifetime (a new transport later does not replace it: remount with a `key` for that).
 */
export function AgentProvider(props: AgentProviderProps) {
  const [store] = useState(
    () => props.store ?? createAgentStore({ ...props.storeOptions, transport: props.transport as AgentTransport }),
  )
  return <AgentStoreContext.Provider value={props.store ?? store}>{props.children}</AgentStoreContext.Provider>
}
