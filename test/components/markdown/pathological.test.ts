import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from '../../../src/components/markdown/parse-markdown'
import { PARSE_WORK } from '../../../src/components/markdown/parse-work'

// Each shape as a function of its count; the test parses it at the count below and at an eighth of it.
const PATHOLOGICAL: Record<string, readonly [(count: number) => string, number]> = {
  'unmatched backticks': [(count) => '` a '.repeat(count), 10_000],
  'closers without openers': [(count) => 'a* '.repeat(count), 10_000],
  'openers without closers': [(count) => '*a '.repeat(count), 10_000],
  'unclosed brackets': [(count) => '[a '.repeat(count), 10_000],
  'bracket pairs': [(count) => '[a] '.repeat(count), 10_000],
  'many links': [(count) => '[a](b) '.repeat(count), 5_000],
  'deep block quotes': [(count) => `${'>'.repeat(count)} deep`, 5_000],
  'deep lists': [(count) => Array.from({ length: count }, (_, index) => `${' '.repeat(index * 2)}- x`).join('\n'), 296],
  'deep emphasis': [(count) => `${'**a '.repeat(count)}x${' a**'.repeat(count)}`, 3_000],
  'partial entities': [(count) => '&amp'.repeat(count), 10_000],
  'angle brackets': [(count) => '<a'.repeat(count), 10_000],
  'long table': [(count) => `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(count)}`, 5_000],
}

// The parser's counted steps (PARSE_WORK) for `text`, live or final: work, not wall time.
function steps(text: string, streaming: boolean): number {
  const before = PARSE_WORK.steps
  expect(parseMarkdownBlocks(text, { streaming }).length).toBeGreaterThan(0)
  return PARSE_WORK.steps - before
}

describe('pathological input', () => {
  for (const [name, [make, count]] of Object.entries(PATHOLOGICAL)) {
    // Finishing was all the old test asked (under a 20 s limit, which a quadratic parser passes at these sizes):
    // the work at 8x the input must grow like the input (1.5x slack), live and final.
    it(`parses ${name} without throwing, with work linear in its size, live and final`, () => {
      const small = make(count / 8)
      const large = make(count)
      for (const streaming of [true, false]) {
        const ratio = steps(large, streaming) / steps(small, streaming)
        expect(ratio, streaming ? 'live' : 'final').toBeLessThanOrEqual((1.5 * large.length) / small.length)
      }
    })
  }

  it('shows containers nested past the limit as text', () => {
    const node = parseMarkdownBlocks(`${'>'.repeat(100)} deep`, { streaming: false })[0]?.node
    let depth = 0
    let current = node
    while (current?.type === 'blockquote') {
      depth++
      current = current.children[0]
    }
    expect(depth).toBeLessThanOrEqual(40)
    expect(current?.type).toBe('paragraph')
  })
})
