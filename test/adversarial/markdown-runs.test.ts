import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from '../../src/components/markdown/parse-markdown'
import { costPerUnitRatio } from '../fixtures/cost-ratio'

// CPU time per character of a parse at n and 8n (the median of 7 back-to-back runs): linear work gives ~1, an
// end-anchored regex that rescans the run gives ~8. Parses of a few hundred microseconds are too short to time
// alone on a shared machine, so each size is parsed a few times per sample.
function ratio(make: (count: number) => string, streaming: boolean, count = 4_000): number {
  return costPerUnitRatio({
    small: count,
    large: 8 * count,
    prepare: make,
    work: (text) => {
      for (let repeat = 0; repeat < 4; repeat++) parseMarkdownBlocks(text, { streaming })
    },
  })
}

// Slack for a shared machine, far below the 8 of quadratic work
const BOUND = 2.5

describe('long runs of one character (attack review: end-anchored regexes were quadratic), CPU time at n and 8n', () => {
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
