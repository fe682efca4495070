// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { describe, expect, it } from 'vitest'
import { useShallowSelector } from '../../src/react/use-shallow-selector'

interface State {
  readonly a: number
  readonly b: readonly string[]
  readonly other: number
}

function setup<T extends object>(select: (state: State) => T) {
  const store = createStore<State>(() => ({ a: 1, b: ['x'], other: 0 }))
  const seen: T[] = []
  function Probe() {
    seen.push(useStore(store, useShallowSelector(select)))
    return null
  }
  render(<Probe />)
  return { store, seen }
}

describe('useShallowSelector', () => {
  it('keeps the previous record while each of its fields is the same, and renders again when one changes', () => {
    const { store, seen } = setup((state) => ({ a: state.a, b: state.b }))
    act(() => store.setState({ other: 1 }))
    act(() => store.setState({ a: 1 }))
    expect(seen).toHaveLength(1)
    act(() => store.setState({ a: 2 }))
    expect(seen).toHaveLength(2)
    expect(seen[1]).toEqual({ a: 2, b: ['x'] })
    // an equal but new array is a change: fields compare by identity
    act(() => store.setState({ b: ['x'] }))
    expect(seen).toHaveLength(3)
  })

  it('compares arrays item by item, and a record that gains or loses a field is new', () => {
    const list = setup((state) => state.b.map((item) => item.toUpperCase()))
    act(() => list.store.setState({ other: 2 }))
    expect(list.seen).toHaveLength(1)
    act(() => list.store.setState({ b: ['x', 'y'] }))
    expect(list.seen.at(-1)).toEqual(['X', 'Y'])
    expect(list.seen).toHaveLength(2)

    const shape = setup((state): Record<string, number | undefined> => (state.a > 1 ? { c: undefined } : { a: undefined }))
    act(() => shape.store.setState({ a: 2 }))
    expect(shape.seen).toHaveLength(2)
    expect(shape.seen[1]).toEqual({ c: undefined })
  })
})
