import { useStore } from 'zustand'
import { useShallowSelector } from './use-shallow-selector'
import type { ChatUsage } from '../core/message'
import type { PendingToolCalls } from '../core/state'
import type { AgentStoreState } from '../store/agent-store-state'
import { selectUsage } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'

/** What {@link useAgentStream} returns: the chat's state at the level of the conversation, and its actions. */
export interface UseAgentStreamResult extends Pick<
  AgentStoreState,
  'status' | 'error' | 'warnings' | 'transcript' | 'send' | 'confirm' | 'submitToolResults' | 'stop' | 'reset' | 'load'
> {
  readonly pendingConfirmation: PendingToolCalls | null
  readonly pendingExternalExecution: PendingToolCalls | null
  readonly usage: ChatUsage | null
}

/**
 * The chat as a whole: status, transcript, pending requests, usage, error and actions. It does not
 * change with every delta; read blocks with `useBlock` and friends.
 */
export function useAgentStream(): UseAgentStreamResult {
  return useStore(
    useAgentStoreApi('useAgentStream'),
    useShallowSelector((state: AgentStoreState) => ({
      status: state.status,
      error: state.error,
      warnings: state.warnings,
      transcript: state.transcript,
      pendingConfirmation: state.agent.pendingConfirmation,
      pendingExternalExecution: state.agent.pendingExternalExecution,
      usage: selectUsage(state),
      send: state.send,
      confirm: state.confirm,
      submitToolResults: state.submitToolResults,
      stop: state.stop,
      reset: state.reset,
      load: state.load,
    })),
  )
}
