/** Where a session keeps its state: its own small holder, or a store (a zustand store fits as it is). */
export interface SessionStateHolder<S> {
  getState(): S
  /** Merges the fields given into the state and tells the subscribers, once. */
  setState(update: Partial<S>): void
  subscribe(listener: (state: S, previous: S) => void): () => void
}

/** The holder of a session used on its own (Node, Vue, Svelte, tests): a value and its listeners. */
export function createStateHolder<S extends object>(initial: S): SessionStateHolder<S> {
  let state = initial
  const listeners = new Set<(state: S, previous: S) => void>()
  return {
    getState: () => state,
    setState(update) {
      const previous = state
      state = { ...state, ...update }
      for (const listener of listeners) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
