import { useStore } from 'zustand'
import type { AgentStoreState } from '../store/agent-store-state'
import { useAgentStoreApi } from './agent-context'

/** Selects from the chat's store; re-renders only when the selected value changes (`Object.is`). */
export function useAgentStore<T>(selector: (state: AgentStoreState) => T): T {
  return useStore(useAgentStoreApi('useAgentStore'), selector)
}
