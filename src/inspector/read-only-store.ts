import { AgentStreamError } from '../core/errors'
import type { RecordedState } from '../core/recorded-state'
import { MAIN_SCOPE } from '../core/state'
import type { AgentStore, TranscriptItem } from '../store/agent-store-state'
import { createAgentStore } from '../store/create-agent-store'
import type { AgentTransport } from '../transport/agent-transport'

// A past state is only looked at: any action that reaches a transport is refused.
const READ_ONLY: AgentTransport = {
  run: () => Promise.reject(new AgentStreamError('refused', 'This is a past state shown by the inspector: go back to live to talk to the agent.')),
  interrupt: async () => {},
}

/** The transcript a store would show for a rebuilt state: each sent message before the turn that answered it. */
export function transcriptOf(state: RecordedState): TranscriptItem[] {
  const turns = state.agent.scopes[MAIN_SCOPE]?.turns.length ?? 0
  const items: TranscriptItem[] = []
  let sent = 0
  for (let turn = 0; turn <= turns; turn++) {
    while (sent < state.sent.length && (state.sent[sent]?.turnsBefore ?? 0) <= turn) {
      const message = state.sent[sent]!.message
      items.push({ kind: 'user', key: `user-${message.id ?? sent}`, message })
      sent++
    }
    if (turn < turns) items.push({ kind: 'turn', key: `turn-${turn}`, index: turn })
  }
  return items
}

/** A store that shows rebuilt states; its actions are refused. */
export function createReadOnlyStore(): AgentStore {
  return createAgentStore({ transport: READ_ONLY })
}

/** Shows `state` in a read-only store. */
export function showState(store: AgentStore, state: RecordedState): void {
  store.setState({ agent: state.agent, transcript: transcriptOf(state), status: state.status, error: null, warnings: [], canRetry: false })
}
