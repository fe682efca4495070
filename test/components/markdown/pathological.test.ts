import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from '../../../src/components/markdown/parse-markdown'

const PATHOLOGICAL: Record<string, string> = {
  'unmatched backticks': '` a '.repeat(10000),
  'closers without openers': 'a* '.repeat(10000),
  'openers without closers': '*a '.repeat(10000),
  'unclosed brackets': '[a '.repeat(10000),
  'bracket pairs': '[a] '.repeat(10000),
  'many links': '[a](b) '.repeat(5000),
  'deep block quotes': `${'>'.repeat(5000)} deep`,
  'deep lists': Array.from({ length: 300 }, (_, index) => `${' '.repeat(index * 2)}- x`).join('\n'),
  'deep emphasis': `${'**a '.repeat(3000)}x${' a**'.repeat(3000)}`,
  'partial entities': '&amp'.repeat(10000),
  'angle brackets': '<a'.repeat(10000),
  'long table': `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(5000)}`,
}

describe('pathological input', () => {
  for (const [name, text] of Object.entries(PATHOLOGICAL)) {
    it(`parses ${name} without throwing, live and final`, () => {
      expect(parseMarkdownBlocks(text, { streaming: true }).length).toBeGreaterThan(0)
      expect(parseMarkdownBlocks(text, { streaming: false }).length).toBeGreaterThan(0)
    }, 20_000)
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
