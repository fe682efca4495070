import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_NESTING } from '../../../src/components/markdown/block-lines'
import { MAX_INLINE_DEPTH } from '../../../src/components/markdown/inline-items'
import { PARSE_WORK } from '../../../src/components/markdown/parse-work'
import { parseMarkdownBlocks, parseMarkdownIncremental, type MarkdownParseState } from '../../../src/components/markdown/parse-markdown'
import { ADVERSARIAL, elementCount, parseBoth, renderMarkup, treeDepth } from './adversarial-inputs'
import { markdownDocument } from './markdown-arbitrary'

// counted work grows 8x from n to 8n when linear and 64x when quadratic: 1.5x the size ratio is the bound
const SLACK = 1.5
// the deepest element tree: block containers (two elements per list level), then inline nesting
const DEPTH_LIMIT = 2 * MAX_NESTING + MAX_INLINE_DEPTH + 8

/** `make` at the smallest power-of-two count reaching `bytes`, and at 8 times that count. */
function sized(make: (count: number) => string, bytes: number): { small: string; large: string } {
  let count = 8
  while (make(count).length < bytes) count *= 2
  return { small: make(count), large: make(8 * count) }
}

/** The parser steps (see `PARSE_WORK`) that `work` takes on `text`. */
function steps(text: string, work: (text: string) => unknown): number {
  const before = PARSE_WORK.steps
  work(text)
  return PARSE_WORK.steps - before
}

/** How much more parser work `large` takes than `small`, against how much longer it is. */
function growth(small: string, large: string, work: (text: string) => unknown): { ratio: number; bound: number } {
  return { ratio: steps(large, work) / steps(small, work), bound: (SLACK * large.length) / small.length }
}

const RENDERED_SHAPES: readonly string[] = [
  'a run of asterisks on each side (#11)',
  'nested brackets then a link tail (#11)',
  'a wide table header over short rows (#11)',
  'link destinations that never close',
  'nested emphasis openers and closers',
  'a reference used many times',
  'deep block quotes',
  'empty list items',
  'open fences',
]

function render(text: string): string {
  return renderMarkup(text)
}

describe('adversarial markdown (#11)', () => {
  it('renders 8,000 asterisks around a letter without exhausting the stack, nesting capped', () => {
    const text = `${'*'.repeat(8000)}x${'*'.repeat(8000)}`
    expect(() => render(text)).not.toThrow()
    expect(treeDepth(parseMarkdownBlocks(text, { streaming: false }))).toBeLessThanOrEqual(DEPTH_LIMIT)
    expect(treeDepth(parseMarkdownBlocks(text, { streaming: true }))).toBeLessThanOrEqual(DEPTH_LIMIT)
  })

  it('does not pad 200 short rows to a 40 KB header', () => {
    const text = `|${'a|'.repeat(20_000)}\n|${'-|'.repeat(20_000)}\n${'|x|\n'.repeat(200)}`
    const markup = render(text)
    expect(elementCount(markup)).toBeLessThan(text.length / 10)
  })

  it('pads short rows of a table at the column limit only within a budget proportional to the rows', () => {
    const text = `|${'a|'.repeat(128)}\n|${'-|'.repeat(128)}\n${'|x|\n'.repeat(2000)}`
    const markup = render(text)
    expect(elementCount(markup)).toBeLessThanOrEqual(2 * text.length)
    // a table of normal width is still padded as GFM says
    expect(elementCount(render('| a | b | c |\n|---|---|---|\n| 1 |'))).toBe(elementCount(render('| a | b | c |\n|---|---|---|\n| 1 | | |')))
  })

  it('matches 100,000 nested brackets before a link tail with linear work', () => {
    const make = (count: number) => `${'['.repeat(count)}x${']'.repeat(count)}(http://a)`
    const { ratio, bound } = growth(make(12_500), make(100_000), parseBoth)
    expect(ratio).toBeLessThanOrEqual(bound)
    expect(render(make(100_000))).toContain('href="http://a"')
  })

  it('keeps the output within a constant factor of the input for every hostile shape', () => {
    for (const [name, make] of Object.entries(ADVERSARIAL)) {
      const text = sized(make, 4_000).small
      const markup = render(text)
      expect(elementCount(markup), name).toBeLessThanOrEqual(2 * text.length + 64)
      expect(markup.length, name).toBeLessThanOrEqual(48 * text.length + 4096)
      expect(treeDepth(parseMarkdownBlocks(text, { streaming: false })), name).toBeLessThanOrEqual(DEPTH_LIMIT)
    }
  }, 60_000)

  it('parses every hostile shape with work linear in its size (n and 8n), final and live', () => {
    const ratios: string[] = []
    for (const [name, make] of Object.entries(ADVERSARIAL)) {
      const { small, large } = sized(make, 2_000)
      const { ratio, bound } = growth(small, large, parseBoth)
      ratios.push(`${name}: ${ratio.toFixed(2)} for ${(large.length / small.length).toFixed(1)}x`)
      expect(ratio, `${name} (${small.length} → ${large.length} bytes)`).toBeLessThanOrEqual(bound)
    }
    console.info(`[adversarial] parser work at 8x the input: ${ratios.join('; ')}`)
  }, 90_000)

  it('renders the hostile shapes to a number of elements linear in their size (n and 8n)', () => {
    for (const name of RENDERED_SHAPES) {
      const { small, large } = sized(ADVERSARIAL[name] as (count: number) => string, 4_000)
      const ratio = (elementCount(render(large)) + 1) / (elementCount(render(small)) + 1)
      expect(ratio, name).toBeLessThanOrEqual((SLACK * large.length) / small.length)
    }
  }, 90_000)

  it('parses inputs up to 1 MB with linear work (128 KB and 1 MB), random and hostile', () => {
    const random = fc.sample(markdownDocument, { numRuns: 40, seed: 11 }).join('\n\n')
    const long = random.repeat(Math.ceil(1_100_000 / random.length))
    const shapes: Record<string, (count: number) => string> = {
      'random markdown': (count) => long.slice(0, count),
      'asterisks (#11)': ADVERSARIAL['a run of asterisks on each side (#11)'] as (count: number) => string,
      'brackets (#11)': ADVERSARIAL['nested brackets then a link tail (#11)'] as (count: number) => string,
    }
    const ratios: string[] = []
    for (const [name, make] of Object.entries(shapes)) {
      const { small, large } = sized(make, 128_000)
      expect(large.length).toBeGreaterThanOrEqual(1_000_000)
      const { ratio, bound } = growth(small, large, parseBoth)
      ratios.push(`${name}: ${ratio.toFixed(2)}`)
      expect(ratio, name).toBeLessThanOrEqual(bound)
    }
    console.info(`[adversarial] parser work from 128 KB to 1 MB: ${ratios.join('; ')}`)
  }, 90_000)

  it('streams a growing document with work linear in its length: each delta re-parses only the last block', () => {
    // counted, not timed: the parser's steps over a whole stream, at n and 8n blocks
    const reparsed = (paragraphs: number): number => {
      const text = 'Some **bold** text with a [link](https://a.example) and `code`.\n\n'.repeat(paragraphs)
      let state: MarkdownParseState | undefined
      const before = PARSE_WORK.steps
      for (let end = 16; end <= text.length; end += 16) state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: true })
      return PARSE_WORK.steps - before
    }
    expect(reparsed(800) / reparsed(100)).toBeLessThanOrEqual(8 * SLACK)
  })
})

describe('markdown fuzzer (#11)', () => {
  it('never throws, stays shallow and bounded, live or final, on generated markdown', () => {
    fc.assert(
      fc.property(markdownDocument, fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 30 }), (text, cuts) => {
        const final = parseMarkdownBlocks(text, { streaming: false })
        expect(treeDepth(final)).toBeLessThanOrEqual(DEPTH_LIMIT)
        const markup = render(text)
        expect(elementCount(markup)).toBeLessThanOrEqual(2 * text.length + 64)
        let state: MarkdownParseState | undefined
        let end = 0
        for (const cut of cuts) {
          end = Math.min(text.length, end + cut)
          state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: true })
          expect(treeDepth(state.blocks)).toBeLessThanOrEqual(DEPTH_LIMIT)
        }
        expect(() => renderMarkup(text.slice(0, end), true)).not.toThrow()
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('gives the same blocks incrementally as in one parse on generated markdown', () => {
    fc.assert(
      fc.property(markdownDocument, fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 60 }), (text, cuts) => {
        let state: MarkdownParseState | undefined
        let end = 0
        for (const cut of [...cuts, text.length]) {
          end = Math.min(text.length, end + cut)
          state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: true })
          expect(state.blocks).toEqual(parseMarkdownBlocks(text.slice(0, end), { streaming: true }))
          if (end === text.length) break
        }
        expect(parseMarkdownIncremental(state, text, { streaming: false }).blocks).toEqual(parseMarkdownBlocks(text, { streaming: false }))
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})
