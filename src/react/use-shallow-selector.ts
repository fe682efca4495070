import { useRef } from 'react'

/**
 * A selector that keeps returning its previous result while every own field of the new one is the same
 * (`Object.is`), for selectors that build a record or an array. zustand's `useShallow` also compares Maps, Sets and
 * other iterables, which no selector of the kit returns; this one is a fraction of its size.
 */
export function useShallowSelector<S, T extends object>(selector: (state: S) => T): (state: S) => T {
  const previous = useRef<T | undefined>(undefined)
  return (state) => {
    const next = selector(state)
    const last = previous.current
    return last !== undefined && sameFields(last, next) ? last : (previous.current = next)
  }
}

function sameFields(last: object, next: object): boolean {
  const keys = Object.keys(last)
  return (
    keys.length === Object.keys(next).length &&
    keys.every((key) => Object.hasOwn(next, key) && Object.is(last[key as keyof typeof last], next[key as keyof typeof next]))
  )
}
