import { MAIN_SCOPE } from './state'
import type { Scope } from './state'
import { setOwn } from './set-own'

// `state.scopes` is a plain record (readers index it by key), so replacing one scope copies every key. A fold over
// many events (a frame's batch, a replayed log, the end of a stream) would copy it once per event: with K subagent
// scopes that is O(K) per event. Inside a batch, the record made by the batch's first write is not shared with
// anyone yet (the states in between are never returned), so later writes go into it in place; the record escapes,
// and is never written again, once the batch ends.

let depth = 0
let owned: Record<string, Scope> | null = null
// The writes of the event being applied, to take back if its handler throws (the state must stay as it was).
let undo: { readonly key: string; readonly had: boolean; readonly previous: Scope | undefined }[] = []

/** Runs `fold` as one batch: its writes to a scopes record it made itself go in place. */
export function inScopeBatch<T>(fold: () => T): T {
  depth++
  try {
    return fold()
  } finally {
    if (--depth === 0) {
      owned = null
      undo = []
    }
  }
}

/** The scopes with `scope` set: written in place when the batch made `scopes`, else a copy (then owned by the batch). */
export function writeScope(scopes: Readonly<Record<string, Scope>>, scope: Scope): Record<string, Scope> {
  if (depth > 0 && scopes === owned) {
    undo.push({ key: scope.key, had: Object.hasOwn(owned, scope.key), previous: owned[scope.key] })
    setOwn(owned, scope.key, scope)
    return owned
  }
  const copy = onlyMain(scopes, scope.key) ? { [MAIN_SCOPE]: scope } : { ...scopes, [scope.key]: scope }
  if (depth > 0) owned = copy
  return copy
}

// Without subagents the record holds the top-level scope alone; a fresh literal is much cheaper than a spread.
function onlyMain(scopes: Readonly<Record<string, Scope>>, key: string): boolean {
  if (key !== MAIN_SCOPE) return false
  for (const other in scopes) if (other !== MAIN_SCOPE) return false
  return true
}

/** Starts one event's writes (the undo log holds only the event being applied). */
export function beginScopeWrites(): void {
  if (undo.length > 0) undo = []
}

/** Takes back the writes since {@link beginScopeWrites}: the event's handler threw. */
export function undoScopeWrites(): void {
  if (owned === null) return
  for (let index = undo.length - 1; index >= 0; index--) {
    const { key, had, previous } = undo[index]!
    if (had) setOwn(owned, key, previous as Scope)
    else delete owned[key]
  }
  undo = []
}
