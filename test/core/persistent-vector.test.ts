import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PersistentVector } from '../../src/core/persistent-vector'

const range = (length: number, from = 0) => Array.from({ length }, (_, index) => from + index)

describe('PersistentVector', () => {
  it('holds what was pushed, across several trie levels, and every older version stays as it was', () => {
    let vector = PersistentVector.empty<number>()
    const versions: PersistentVector<number>[] = []
    for (let index = 0; index < 34_000; index++) {
      vector = vector.push(index)
      if (index % 4_999 === 0) versions.push(vector)
    }
    expect(vector.size).toBe(34_000)
    expect(vector.toArray()).toEqual(range(34_000))
    for (const version of versions) expect(version.toArray()).toEqual(range(version.size))
  })

  it('replaces one item in the trie or the tail without touching the original', () => {
    const vector = PersistentVector.from(range(1_100))
    const changed = vector.set(5, -1).set(1_099, -2)
    expect([changed.get(5), changed.get(1_099), changed.get(6)]).toEqual([-1, -2, 6])
    expect([vector.get(5), vector.get(1_099)]).toEqual([5, 1_099])
    expect(vector.set(3, 3)).toBe(vector)
    expect(vector.set(1_100, 0)).toBe(vector)
  })

  it('pops down through the levels and grows back to the same items', () => {
    const vector = PersistentVector.from(range(1_100))
    let popped = vector
    for (let count = 0; count < 1_060; count++) popped = popped.pop()
    expect(popped.toArray()).toEqual(range(40))
    for (let index = 40; index < 1_100; index++) popped = popped.push(index)
    expect(popped.toArray()).toEqual(vector.toArray())
    expect(PersistentVector.from([1]).pop().size).toBe(0)
  })

  it('behaves as an array under random pushes, sets and pops', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), value: fc.integer() }),
      fc.record({ kind: fc.constant('set' as const), index: fc.nat(3_000), value: fc.integer() }),
      fc.record({ kind: fc.constant('pop' as const), count: fc.nat(80) }),
      fc.record({ kind: fc.constant('pushMany' as const), count: fc.nat(1_200) }),
    )
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let vector = PersistentVector.empty<number>()
        let model: number[] = []
        for (const step of operations) {
          if (step.kind === 'push') [vector, model] = [vector.push(step.value), [...model, step.value]]
          else if (step.kind === 'pushMany')
            for (let count = 0; count < step.count; count++) [vector, model] = [vector.push(count), [...model, count]]
          else if (step.kind === 'set' && step.index < model.length) {
            vector = vector.set(step.index, step.value)
            model = model.map((value, index) => (index === step.index ? step.value : value))
          } else if (step.kind === 'pop') {
            for (let count = 0; count < step.count && model.length > 0; count++) [vector, model] = [vector.pop(), model.slice(0, -1)]
          }
          expect(vector.size).toBe(model.length)
          expect(vector.last()).toBe(model[model.length - 1])
        }
        expect(vector.toArray()).toEqual(model)
      }),
      { numRuns: 60 },
    )
  })

  it('reports exactly the indexes that changed (forEachChange)', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), count: fc.integer({ min: 1, max: 1_200 }) }),
      fc.record({ kind: fc.constant('set' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('pop' as const), count: fc.integer({ min: 1, max: 1_200 }) }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), fc.array(operation, { maxLength: 6 }), (size, operations) => {
        const before = PersistentVector.from(range(size).map((value) => ({ value })))
        let after = before
        for (const step of operations) {
          if (step.kind === 'push') for (let count = 0; count < step.count; count++) after = after.push({ value: -count })
          else if (step.kind === 'set' && after.size > 0) after = after.set(step.at % after.size, { value: -1 })
          else if (step.kind === 'pop') for (let count = 0; count < step.count && after.size > 0; count++) after = after.pop()
        }
        const expected: number[] = []
        for (let index = 0; index < Math.max(before.size, after.size); index++) if (before.get(index) !== after.get(index)) expected.push(index)
        const seen: number[] = []
        after.forEachChange(before, (index) => seen.push(index))
        expect(seen).toEqual(expected)
      }),
      { numRuns: 200 },
    )
    // One set deep in a 100,000-item vector: the items compared are one leaf's, not the vector's.
    const big = PersistentVector.from(range(100_000).map((value) => ({ value })))
    const changed = big.set(12_345, { value: 0 })
    const seen: number[] = []
    changed.forEachChange(big, (index) => seen.push(index))
    expect(seen).toEqual([12_345])
  })
})
