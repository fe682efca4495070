import { expect, it } from 'vitest'
import { MENU_LIMIT, menuChoices } from '../../src/inspector/menu-choices'

const names = (count: number) => Array.from({ length: count }, (_, index) => `type-${String(index).padStart(5, '0')}`)

it('lists every value while they fit, sorted when asked', () => {
  expect(menuChoices(['b', 'a'], { chosen: null, sorted: true })).toEqual({ values: ['a', 'b'], omitted: 0 })
  expect(menuChoices(['b', 'a'], { chosen: null, sorted: false })).toEqual({ values: ['b', 'a'], omitted: 0 })
})

it('lists the most frequent values of thousands, with the chosen one, and says how many were left out', () => {
  const values = names(6_000)
  const counts = new Map(values.map((value, index) => [value, index % 97 === 0 ? 1_000 : 1]))
  const chosen = 'type-05999'
  const { values: shown, omitted } = menuChoices(values, { counts, chosen, sorted: true })
  expect(shown).toHaveLength(MENU_LIMIT + 1)
  expect(omitted).toBe(6_000 - MENU_LIMIT - 1)
  expect(shown).toContain(chosen)
  // the 62 frequent ones are all there, and the list is in name order
  for (let index = 0; index < 6_000; index += 97) expect(shown).toContain(values[index])
  expect(shown).toEqual([...shown].sort())
})

it('lists the latest calls of thousands when there are no counts', () => {
  const values = names(1_000)
  const { values: shown, omitted } = menuChoices(values, { chosen: null, sorted: false })
  expect(shown).toEqual(values.slice(-MENU_LIMIT))
  expect(omitted).toBe(1_000 - MENU_LIMIT)
})
