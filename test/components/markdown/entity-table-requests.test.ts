import { expect, it, vi } from 'vitest'

// The full entity table as a load that never finishes (a slow network, or a server render): how often it is asked for.
const asked = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../src/components/markdown/load-once', () => ({
  loadOnce: () => () => {
    asked.count += 1
    return new Promise(() => {})
  },
}))

const { decodeEntityAt, entityMisses } = await import('../../../src/components/markdown/entities')

it('asks for the full entity table once while it loads, however many unknown names a text has', () => {
  const text = Array.from({ length: 10_000 }, (_, index) => `&unknown${index};`).join(' ')
  let found = 0
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) if (decodeEntityAt(text, index)) found++
  expect(found).toBe(0)
  expect(entityMisses()).toBe(10_000)
  // a reaction per miss held each of them until the table came
  expect(asked.count).toBe(1)
})
