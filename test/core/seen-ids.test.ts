import { expect, it } from 'vitest'
import { SEEN_ID_LIMIT, createSeenIds, hasSeenId, markSeenId } from '../../src/core/seen-ids'

it('marks each id once, remembers at least the last SEEN_ID_LIMIT and never more than twice that', () => {
  const seen = createSeenIds()
  for (let index = 0; index < 2.5 * SEEN_ID_LIMIT; index++) expect(markSeenId(seen, index, `id${index}`)).toBe(seen)
  expect(seen.total).toBe(2.5 * SEEN_ID_LIMIT)
  for (let index = 1.5 * SEEN_ID_LIMIT; index < 2.5 * SEEN_ID_LIMIT; index++) expect(markSeenId(seen, seen.total, `id${index}`)).toBeNull()
  expect(seen.ids.size).toBeLessThanOrEqual(2 * SEEN_ID_LIMIT)
  expect(seen.ids.size).toBeGreaterThanOrEqual(SEEN_ID_LIMIT)
  // The oldest were forgotten: seen again, they count as new.
  expect(hasSeenId(seen, seen.total, 'id0')).toBe(false)
})

it('lets an older state branch off: it sees only its own ids, and the newer state keeps its own', () => {
  const seen = createSeenIds()
  for (let index = 0; index < 5; index++) markSeenId(seen, index, `id${index}`)
  // The state that had seen 3 ids branches: id3 is new to it, id1 is not.
  expect(hasSeenId(seen, 3, 'id3')).toBe(false)
  expect(markSeenId(seen, 3, 'id1')).toBeNull()
  const branch = markSeenId(seen, 3, 'id3')!
  expect(branch).not.toBe(seen)
  expect(branch.total).toBe(4)
  expect(branch.remembered(4)).toEqual(['id0', 'id1', 'id2', 'id3'])
  expect(markSeenId(branch, 4, 'x')).toBe(branch)
  // The newest state still owns its ids, untouched by the branch.
  expect(seen.remembered(seen.total)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4'])
  expect(hasSeenId(seen, seen.total, 'x')).toBe(false)
})

it('remembers a long id by a bounded key: still de-duplicated, distinct from its near twins (#11)', () => {
  const seen = createSeenIds()
  const long = 'a'.repeat(1_000_000)
  const twin = `${'a'.repeat(999_999)}b`
  expect(markSeenId(seen, 0, long)).toBe(seen)
  expect(markSeenId(seen, 1, long)).toBeNull()
  expect(markSeenId(seen, 1, twin)).toBe(seen)
  expect(markSeenId(seen, 2, `${long}a`)).toBe(seen)
  expect(hasSeenId(seen, seen.total, twin)).toBe(true)
  const keptChars = [...seen.ids].reduce((sum, id) => sum + id.length, 0)
  expect(keptChars).toBeLessThan(3 * 300)
})

it("never forgets a kept id (a call's start), for the state that saw it and the branches after it, not before", () => {
  const seen = createSeenIds()
  expect(markSeenId(seen, 0, 'start', true)).toBe(seen)
  for (let index = 1; index <= 2.5 * SEEN_ID_LIMIT; index++) markSeenId(seen, index, `id${index}`)
  // out of the window, still known
  expect([...seen.ids].includes('start')).toBe(false)
  expect(markSeenId(seen, seen.total, 'start', true)).toBeNull()
  expect(hasSeenId(seen, seen.total, 'start')).toBe(true)
  // a branch of a state that had seen it knows it; a state from before it came does not
  expect(markSeenId(seen, 5, 'start', true)).toBeNull()
  expect(markSeenId(seen, 0, 'start', true)).not.toBeNull()
})
