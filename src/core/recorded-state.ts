import type { RecordedEntry, RecordedRunStatus } from './event-recorder'
import { stateFromHistory } from './history'
import { endStream, reduce } from './reduce'
import { createAgentState } from './state'
import type { AgentState } from './state'

/** Where the chat stood after some entries: what a session would say. */
export type RecordedStatus = RecordedRunStatus

/** The chat rebuilt from recorded entries: the core state (the user's messages included) and the status. */
export interface RecordedState {
  readonly agent: AgentState
  readonly status: RecordedStatus
  /** Entries of a kind this version does not know (from a newer recorder or a file): skipped, counted here. */
  readonly skipped: number
}

/** The state before any entry. */
export function createRecordedState(): RecordedState {
  return { agent: createAgentState(), status: 'idle', skipped: 0 }
}

// As the session says it once a run is over: waiting for the user or the app, or the given status.
function statusOf(agent: AgentState, otherwise: RecordedStatus): RecordedStatus {
  if (agent.pendingConfirmation !== null) return 'awaiting-confirmation'
  if (agent.pendingExternalExecution !== null) return 'awaiting-external'
  return otherwise
}

/**
 * Applies one entry the way the session applied it: events (wire and local) through `reduce`, a run's end
 * through `endStream`, a load through `stateFromHistory` (an attach's load as the chat's own state it carries).
 * Pure; never throws, and an entry it does not know is counted in `skipped` and changes nothing else.
 */
export function applyRecordedEntry(state: RecordedState, entry: RecordedEntry): RecordedState {
  switch (entry.kind) {
    case 'event':
    case 'local': {
      const agent = reduce(state.agent, entry.event)
      const status = entry.kind === 'event' ? 'streaming' : state.status
      return agent === state.agent && status === state.status ? state : { ...state, agent, status }
    }
    case 'invalid':
    case 'problem': {
      return state
    }
    case 'run': {
      return state.status === 'streaming' ? state : { ...state, status: 'streaming' }
    }
    case 'run-end': {
      const agent = endStream(state.agent)
      return { ...state, agent, status: entry.status === 'done' ? statusOf(agent, 'done') : entry.status }
    }
    case 'reset': {
      return createRecordedState()
    }
    case 'load': {
      const agent = entry.agent ?? stateFromHistory(entry.messages)
      return { agent, status: entry.status ?? statusOf(agent, 'idle'), skipped: 0 }
    }
    default: {
      entry satisfies never
      return { ...state, skipped: state.skipped + 1 }
    }
  }
}

/** The state after applying `entries` to `state` in order. */
export function applyRecordedEntries(state: RecordedState, entries: readonly RecordedEntry[]): RecordedState {
  let next = state
  for (const entry of entries) next = applyRecordedEntry(next, entry)
  return next
}
