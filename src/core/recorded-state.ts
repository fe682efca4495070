import type { RecordedEntry, RecordedRunStatus } from './event-recorder'
import { appendTurns, readHistory } from './history'
import type { Msg } from './message'
import { endStream, reduce } from './reduce'
import { MAIN_SCOPE, createAgentState } from './state'
import type { AgentState } from './state'

/** A message the user sent, and how many top-level turns the chat held then (it is shown before the next one). */
export interface SentMessage {
  readonly message: Msg
  readonly turnsBefore: number
}

/** Where the chat stood after some entries: what a store would show. */
export type RecordedStatus = RecordedRunStatus

/** The chat rebuilt from recorded entries: the core state, the user's messages and the status. */
export interface RecordedState {
  readonly agent: AgentState
  readonly sent: readonly SentMessage[]
  readonly status: RecordedStatus
  /** Entries of a kind this version does not know (from a newer recorder or a file): skipped, counted here. */
  readonly skipped: number
}

/** The state before any entry. */
export function createRecordedState(): RecordedState {
  return { agent: createAgentState(), sent: [], status: 'idle', skipped: 0 }
}

function turnCount(agent: AgentState): number {
  return agent.scopes[MAIN_SCOPE]?.turns.length ?? 0
}

// As the store says it once a run is over: waiting for the user or the app, or the given status.
function statusOf(agent: AgentState, otherwise: RecordedStatus): RecordedStatus {
  if (agent.pendingConfirmation !== null) return 'awaiting-confirmation'
  if (agent.pendingExternalExecution !== null) return 'awaiting-external'
  return otherwise
}

function loaded(messages: readonly Msg[]): RecordedState {
  const items = readHistory(messages)
  const sent: SentMessage[] = []
  const turns = []
  for (const item of items) {
    if (item.kind === 'user') sent.push({ message: item.message, turnsBefore: turns.length })
    else turns.push(item.turn)
  }
  const agent = appendTurns(createAgentState(), turns)
  return { agent, sent, status: statusOf(agent, 'idle'), skipped: 0 }
}

/**
 * Applies one entry the way the store applied it: events through `reduce`, a run's end through `endStream`.
 * Pure; never throws, and an entry it does not know is counted in `skipped` and changes nothing else.
 */
export function applyRecordedEntry(state: RecordedState, entry: RecordedEntry): RecordedState {
  switch (entry.kind) {
    case 'event': {
      const agent = reduce(state.agent, entry.event)
      return agent === state.agent && state.status === 'streaming' ? state : { ...state, agent, status: 'streaming' }
    }
    case 'invalid':
    case 'problem': {
      return state
    }
    case 'run': {
      const request = entry.request
      if (request.kind !== 'message') return { ...state, status: 'streaming' }
      const turnsBefore = turnCount(state.agent)
      const sent = [...state.sent, ...request.messages.map((message) => ({ message, turnsBefore }))]
      return { ...state, sent, status: 'streaming' }
    }
    case 'run-end': {
      const agent = endStream(state.agent)
      return { ...state, agent, status: entry.status === 'done' ? statusOf(agent, 'done') : entry.status }
    }
    case 'reset': {
      return createRecordedState()
    }
    case 'load': {
      return loaded(entry.messages)
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
