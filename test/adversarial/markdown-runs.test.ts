import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from '../../src/components/markdown/parse-markdown'

// Wall time of a parse (median of 3), compared at n and 8n: linear work grows ~8x, quadratic ~64x.
function median(text: string, streaming: boolean): number {
  const times: number[] = []
  for (let run = 0; run < 3; run++) {
    const start = performance.now()
    parseMarkdownBlocks(text, { streaming })
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[1] as number
}

function ratio(make: (count: number) => string, streaming: boolean, count = 4_000): number {
  median(make(200), streaming) // warm up
  return median(make(8 * count), streaming) / Math.max(0.5, median(make(count), streaming))
}

// 8x the input: a linear parser takes about 8x the time; 2.5x slack for a shared machine, far below quadratic's 64x
const BOUND = 8 * 2.5

describe('long runs of one character (attack review: end-anchored regexes were quadratic), wall time n vs 8n', () => {
  const shapes: Record<string, readonly [(count: number) => string, boolean]> = {
    // a paragraph's text is trimmed
    'a paragraph with a long run of spaces inside': [(count) => `a${' '.repeat(count)}b`, false],
    'a list item with a long run of tabs inside': [(count) => `- a${'\t'.repeat(count)}b`, false],
    // a heading's closing #s are looked for
    'a heading with a long run of spaces inside': [(count) => `# a${' '.repeat(count)}b`, false],
    // a live text's unclosed code span loses its trailing backticks
    'a live unclosed code span followed by a long backtick run': [(count) => `x \`a${'`'.repeat(count)}b`, true],
    'a heading ending in many spaces and #s': [(count) => `# a${' \t'.repeat(count)}#${' '.repeat(count)}`, false],
    // an xmpp: resource loses its trailing dots
    'an xmpp: address with a resource of many dots': [(count) => `xmpp:a@b.c/r${'.'.repeat(count)}x`, false],
  }
  for (const [name, [make, streaming]] of Object.entries(shapes)) {
    it(`parses ${name} in linear time`, () => {
      expect(ratio(make, streaming)).toBeLessThan(BOUND)
    }, 60_000)
  }
})
