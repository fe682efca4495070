import { expect, it } from 'vitest'
import { renderMath } from '../../../src/components/markdown/math-render'

it('draws no box larger than 20em (a hostile \\rule would paint over the whole turn)', () => {
  // the drawn sizes, not the TeX source kept in the annotation
  const sizes = JSON.stringify(renderMath('\\rule{3000em}{3000em}', false)).match(/"(width|height)":"[\d.]+em"/g) ?? []
  expect(sizes.length).toBeGreaterThan(0)
  for (const size of sizes) expect(Number.parseFloat(size.split(':"')[1]!)).toBeLessThanOrEqual(20)
})
