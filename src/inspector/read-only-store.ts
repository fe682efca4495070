import { AgentStreamError } from '../core/errors'
import type { RecordedState } from '../core/recorded-state'
import { EMPTY_TRANSCRIPT, extendTranscript } from '../session/transcript'
import type { AgentStore, TranscriptItem } from '../store/agent-store-state'
import { createAgentStore } from '../store/create-agent-store'
import type { AgentTransport } from '../transport/agent-transport'

// A past state is only looked at: any action that reaches a transport is refused.
const READ_ONLY: AgentTransport = {
  run: () => Promise.reject(new AgentStreamError('refused', 'This is a past state shown by the inspector: go back to live to talk to the agent.')),
  interrupt: async () => {},
}

/** The transcript a store would show for a rebuilt state: each user message before the turn that answered it. */
export function transcriptOf(state: RecordedState): readonly TranscriptItem[] {
  return extendTranscript(state.agent, EMPTY_TRANSCRIPT).items
}

/** A store that shows rebuilt states; its actions are refused. */
export function createReadOnlyStore(): AgentStore {
  return createAgentStore({ transport: READ_ONLY })
}

/** Shows `state` in a read-only store. */
export function showState(store: AgentStore, state: RecordedState): void {
  store.setState({ agent: state.agent, transcript: transcriptOf(state), status: state.status, error: null, warnings: [], canRetry: false })
}
