import { useStore } from 'zustand'
import type { PendingToolCalls } from '../core/state'
import { selectPendingConfirmation, selectPendingExternalExecution } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** The chat's own pending confirmation, or null; a subagent's confirmations are never returned here. */
export function usePendingConfirmation(): PendingToolCalls | null {
  return useStore(useAgentStoreApi('usePendingConfirmation'), selectPendingConfirmation)
}

/** The tool calls waiting for the client to run them, or null. */
export function usePendingExternalExecution(): PendingToolCalls | null {
  return useStore(useAgentStoreApi('usePendingExternalExecution'), selectPendingExternalExecution)
}
