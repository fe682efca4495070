import { describe, expect, it } from 'vitest'
import { renderMath } from '../../src/components/markdown/math-render'
import type { MathNode } from '../../src/components/markdown/math-render'
import { medianTimeRatio } from '../fixtures/cost-ratio'

function nodes(node: MathNode | null): number {
  if (node === null) return 0
  let count = 0
  const stack: MathNode[] = [node]
  while (stack.length > 0) {
    const next = stack.pop() as MathNode
    count++
    if (next.type === 'element') stack.push(...next.children)
  }
  return count
}

// A macro with a long body used up to maxExpand (1000) times: 2.8 KB of TeX made 1.6 M MathML nodes in 1.5 s.
const bomb = (define: string, body: number) => `${define}{${'x'.repeat(body)}}${'\\a'.repeat(990)}`

describe('TeX macro expansion (attack review)', () => {
  for (const define of [
    '\\def\\a',
    '\\gdef\\a',
    '\\edef\\a',
    '\\global\\def\\a',
    '\\newcommand{\\a}',
    '\\renewcommand\\a',
    '\\providecommand{\\a}',
  ]) {
    it(`leaves a formula that defines a macro (${define}) as its source`, () => {
      expect(renderMath(bomb(define, 800), false)).toBeNull()
    })
  }

  it('leaves \\let and \\futurelet formulas as their source, and still typesets names that only start alike', () => {
    expect(renderMath('\\let\\a=x \\a\\a', false)).toBeNull()
    expect(renderMath('\\futurelet\\a\\b x', false)).toBeNull()
    expect(nodes(renderMath('\\delta + \\left( x \\right) + \\letter', false))).toBeGreaterThan(0)
  })

  it('makes MathML within a constant times the source for the built-in macros that expand', () => {
    for (const unit of [
      '\\dots ',
      '\\iff ',
      '\\implies ',
      '\\ne ',
      '\\pmod{x}',
      '\\overset{a}{b}',
      '\\binom{n}{k}',
      '\\tfrac12',
      '\\operatorname{f}',
    ]) {
      const tex = unit.repeat(400)
      const made = nodes(renderMath(tex, false))
      expect(made, unit).toBeGreaterThan(0)
      expect(made, unit).toBeLessThanOrEqual(16 * tex.length + 256)
    }
  })
})

describe('formulas nested deeper than the MathML may be', () => {
  it('are left as source before KaTeX lays them out: no dearer than a flat formula of their length', () => {
    const nested = (depth: number) => `${'\\frac{'.repeat(depth)}x${'}{y}'.repeat(depth)}`
    expect(renderMath(nested(1_900), true)).toBeNull()
    expect(renderMath(nested(10), true)).not.toBeNull()
    // 19 KB each: KaTeX laid the nested one out whole first, 4 to 40 times the flat one's time; now a scan of it
    const flat = '\\frac{a}{b}'.repeat(1_700)
    expect(
      medianTimeRatio(
        () => renderMath(flat, true),
        () => renderMath(nested(1_900), true),
        5,
      ),
    ).toBeLessThan(1)
  })
})
