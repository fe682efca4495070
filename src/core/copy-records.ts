import type { AgentState, Scope, Turn } from './state'
import { ScopeRecord, TurnRecord } from './turn-record'

/** A writable view of a record the reducer just made. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] }

// These copy every field by name (a literal, or a class constructor) rather than with `{ ...object }`: on V8 a
// spread of an object with more than a few fields leaves most of them out of the object's own slots, and
// copying such a copy again (once per delta) is several times slower.

/** A fresh, writable copy of a turn, to change before it is returned from the reducer. */
export function copyTurn(turn: Turn): TurnRecord {
  return new TurnRecord(turn)
}

/** A fresh, writable copy of a scope. */
export function copyScope(scope: Scope): ScopeRecord {
  return new ScopeRecord(scope)
}

/** A fresh, writable copy of a state. */
export function copyState(state: AgentState): Mutable<AgentState> {
  return {
    scopes: state.scopes,
    pendingConfirmation: state.pendingConfirmation,
    pendingExternalExecution: state.pendingExternalExecution,
    subagentPendingConfirmations: state.subagentPendingConfirmations,
    exposedSubagents: state.exposedSubagents,
    customEvents: state.customEvents,
    userMessages: state.userMessages,
    seenIds: state.seenIds,
    seenCount: state.seenCount,
  }
}

/** The turn with some fields changed, keeping the literal's shape. */
export function withTurnFields(turn: Turn, fields: Partial<Turn>): Turn {
  return Object.assign(copyTurn(turn), fields)
}

/** The scope with some fields changed, keeping the literal's shape. */
export function withScopeFields(scope: Scope, fields: Partial<Scope>): Scope {
  return Object.assign(copyScope(scope), fields)
}

/** The state with some fields changed, keeping the literal's shape. */
export function withStateFields(state: AgentState, fields: Partial<AgentState>): AgentState {
  return Object.assign(copyState(state), fields)
}

/** The turn with a signal set; the same turn when it was set already. */
export function withFlag(turn: Turn, flag: 'askedConfirmation' | 'askedExternalExecution' | 'allToolsDenied' | 'exceededMaxIters'): Turn {
  return turn[flag] ? turn : withTurnFields(turn, { [flag]: true })
}
