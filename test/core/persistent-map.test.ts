import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PersistentMap } from '../../src/core/persistent-map'

describe('PersistentMap', () => {
  it('behaves as a Map under random sets and deletes, and older versions keep their keys', () => {
    const operation = fc.record({ remove: fc.boolean(), key: fc.string({ maxLength: 3 }), value: fc.integer() })
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 300 }), (operations) => {
        let map = PersistentMap.empty<number>()
        const model = new Map<string, number>()
        const versions: [PersistentMap<number>, Map<string, number>][] = []
        for (const step of operations) {
          if (step.remove) {
            map = map.delete(step.key)
            model.delete(step.key)
          } else {
            map = map.set(step.key, step.value)
            model.set(step.key, step.value)
          }
          versions.push([map, new Map(model)])
        }
        for (const [version, expected] of versions) {
          expect(version.size).toBe(expected.size)
          const seen = new Map<string, number>()
          version.forEach((value, key) => seen.set(key, value))
          expect(seen).toEqual(expected)
        }
      }),
      { numRuns: 80 },
    )
  })

  it('returns the same map when nothing changes', () => {
    const map = PersistentMap.empty<number>().set('a', 1)
    expect(map.set('a', 1)).toBe(map)
    expect(map.delete('b')).toBe(map)
    expect(map.get('b')).toBeUndefined()
  })

  it('keeps 20,000 keys apart, colliding hashes included', () => {
    let map = PersistentMap.empty<number>()
    for (let index = 0; index < 20_000; index++) map = map.set(`u\u0000call-${index}`, index)
    for (let index = 0; index < 20_000; index += 3) map = map.delete(`u\u0000call-${index}`)
    for (let index = 0; index < 20_000; index++) expect(map.get(`u\u0000call-${index}`)).toBe(index % 3 === 0 ? undefined : index)
    expect(map.size).toBe(20_000 - Math.ceil(20_000 / 3))
  })
})
