import { useStore } from 'zustand'
import type { TransportCapabilities } from '../transport/agent-transport'
import { useAgentStoreApi } from './agent-context'

const selectCapabilities = (state: { readonly capabilities: TransportCapabilities }) => state.capabilities

/** What the chat's transport can carry (edited arguments, rules, client tool results…): offer only these actions. */
export function useTransportCapabilities(): TransportCapabilities {
  return useStore(useAgentStoreApi('useTransportCapabilities'), selectCapabilities)
}
