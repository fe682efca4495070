// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { summarizeArguments } from '../../src/components/format-json'
import { JsonView } from '../../src/components/json-view'

afterEach(cleanup)

function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

const elements = (container: HTMLElement) => container.querySelectorAll('*').length

// A value whose keys are counted each time something lists them (Object.entries, for…in).
function counted(keys: number): { readonly value: object; readonly listings: () => number } {
  let listings = 0
  const target = Object.fromEntries(Array.from({ length: keys }, (_, index) => [`key${index}`, index]))
  const value = new Proxy(target, {
    ownKeys(object) {
      listings++
      return Reflect.ownKeys(object)
    },
  })
  return { value, listings: () => listings }
}

describe('an unchanged value is not walked again', () => {
  it('JsonView: a re-render with the same value and limits lists no keys (a tool card re-renders per output delta)', () => {
    const { value, listings } = counted(1_000)
    const view = render(<JsonView value={value} />)
    const first = listings()
    expect(first).toBeGreaterThan(0)
    view.rerender(<JsonView value={value} />)
    expect(listings()).toBe(first)
  })

  it('summarizeArguments: the summary of one arguments object is worked out once', () => {
    const { value, listings } = counted(1_000)
    expect(summarizeArguments(value)).toBe('key0: 0, key1: 1, key2: 2, …')
    const first = listings()
    expect(summarizeArguments(value)).toBe('key0: 0, key1: 1, key2: 2, …')
    expect(listings()).toBe(first)
  })
})

describe('JsonView', () => {
  it('shows keys and values, nested values indented under their key', () => {
    const { container } = render(<JsonView value={{ city: 'Paris', options: { unit: 'c' }, days: [1, 2] }} />)
    expect([...container.querySelectorAll('.as-json > .as-kv > .as-kv-row > .as-kv-key')].map((key) => key.textContent)).toEqual([
      'city',
      'options',
      'days',
    ])
    expect(container.textContent).toBe('cityParisoptionsunitcdays0112')
  })

  // Issue #11: however deep the value, the first render costs the same bounded number of elements.
  it('renders a bounded number of elements for a value 5,000 levels deep (element ratio, not wall time)', () => {
    const shallow = elements(render(<JsonView value={nested(10)} />).container)
    cleanup()
    const deep = elements(render(<JsonView value={nested(5_000)} />).container)
    expect(deep).toBe(shallow)
    expect(deep).toBeLessThan(40)
  })

  it('opens folded levels a few at a time with "…"', () => {
    const { container } = render(<JsonView value={nested(10)} maxDepth={4} />)
    expect(container.textContent).not.toContain('bottom')
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 nested entry' }))
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 nested entry' }))
    expect(container.textContent).toContain('bottom')
  })

  it('caps the entries of a large object behind "show all", and the whole view at maxNodes', () => {
    const big = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`key${index}`, index]))
    const { container } = render(<JsonView value={big} />)
    expect(container.querySelectorAll('.as-kv-row')).toHaveLength(40)
    cleanup()
    const wide = Array.from({ length: 40 }, () => Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, { deeper: [index] }])))
    const many = render(<JsonView value={wide} />).container
    expect(many.querySelectorAll('.as-kv-row').length).toBeLessThanOrEqual(200)
    fireEvent.click(screen.getAllByRole('button', { name: /^Show all/ })[0]!)
  })

  it('cuts long strings with "show more"', () => {
    const { container } = render(<JsonView value={{ text: 'x'.repeat(10_000) }} />)
    expect(container.querySelector('.as-kv-string')?.textContent?.length).toBeLessThan(400)
    fireEvent.click(screen.getByRole('button', { name: /^Show more/ }))
    expect(container.textContent).toContain('x'.repeat(10_000))
  })
})
