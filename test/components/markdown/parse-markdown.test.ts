import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks, parseMarkdownIncremental, type MarkdownParseState } from '../../../src/components/markdown/parse-markdown'
import { STREAMING_CORPUS } from './corpus'

const ALL_DOCUMENTS = STREAMING_CORPUS.map((entry) => entry.text).join('\n\n')

// The same check as `expect(actual).toEqual(expected)`, run only when Node's strict comparison finds a difference:
// the property tests compare thousands of block lists, and the matcher's own deep comparison was most of their time.
function expectSameBlocks(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected)
}

function types(text: string, streaming: boolean): string[] {
  return parseMarkdownBlocks(text, { streaming }).map((block) => block.node.type)
}

describe('parseMarkdownBlocks', () => {
  it('splits top-level blocks with their source and a key of index and offset', () => {
    const blocks = parseMarkdownBlocks('# A\n\npara\n\n- x', { streaming: false })
    expect(blocks.map((block) => [block.key, block.source])).toEqual([
      ['0:0', '# A'],
      ['1:5', 'para'],
      ['2:11', '- x'],
    ])
  })

  it('marks only the block that reaches the end of a live stream as open', () => {
    const blocks = parseMarkdownBlocks('para one\n\npara **two', { streaming: true })
    expect(blocks.map((block) => block.open)).toEqual([false, true])
    expect(blocks[1]?.node).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'para ' },
        { type: 'strong', children: [{ type: 'text', value: 'two' }] },
      ],
    })
  })

  it('holds a table header until its delimiter row is complete', () => {
    expect(types('| a | b |', true)).toEqual([])
    expect(types('| a | b |\n| --- | -', true)).toEqual([])
    expect(types('| a | b |\n| --- | --- |', true)).toEqual(['table'])
    expect(types('| a | b |', false)).toEqual(['paragraph'])
  })

  it('adds a table row once it ends with a pipe or a newline', () => {
    const rows = (text: string) => {
      const node = parseMarkdownBlocks(text, { streaming: true })[0]?.node
      return node?.type === 'table' ? node.rows.length : -1
    }
    expect(rows('| a | b |\n|---|---|\n| 1 | 2')).toBe(0)
    expect(rows('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(1)
    expect(rows('| a | b |\n|---|---|\n| 1 | 2\n')).toBe(1)
  })

  it('holds a last line that is a prefix of several constructs', () => {
    for (const tail of ['-', '--', '*', '**', '#', '###', '1', '12.', '`', '``', '~', '- [', '- [x']) {
      expect(types(`para\n\n${tail}`, true), tail).toEqual(['paragraph'])
    }
  })

  it('turns a lone list marker into an empty item', () => {
    const node = parseMarkdownBlocks('- ', { streaming: true })[0]?.node
    expect(node).toEqual({ type: 'list', ordered: false, start: 1, tight: true, items: [{ checked: undefined, children: [] }] })
  })

  it('keeps an unclosed fence as a streaming code block without a half-typed language', () => {
    expect(parseMarkdownBlocks('```pyth', { streaming: true })[0]?.node).toEqual({ type: 'code', language: undefined, code: '', status: 'streaming' })
    expect(parseMarkdownBlocks('```python\nx = 1\n``', { streaming: true })[0]?.node).toEqual({
      type: 'code',
      language: 'python',
      code: 'x = 1',
      status: 'streaming',
    })
    expect(parseMarkdownBlocks('```python\nx = 1', { streaming: false })[0]?.node).toEqual({
      type: 'code',
      language: 'python',
      code: 'x = 1',
      status: 'done',
    })
  })

  it('reads a list indented under an ordered item as nested (a common LLM shape)', () => {
    const node = parseMarkdownBlocks('1. a\n  - b\n2. c', { streaming: false })[0]?.node
    expect(node?.type === 'list' && node.items.map((item) => item.children.map((child) => child.type))).toEqual([
      ['paragraph', 'list'],
      ['paragraph'],
    ])
  })
})

describe('parseMarkdownIncremental', () => {
  it('re-parses only from the last stable block when the text grows', () => {
    const first = parseMarkdownIncremental(undefined, '# A\n\npara one\n\npara', { streaming: true })
    const second = parseMarkdownIncremental(first, '# A\n\npara one\n\npara two', { streaming: true })
    expect(second.blocks[0]).toBe(first.blocks[0])
    expect(second.blocks[1]).toBe(first.blocks[1])
    expect(second.blocks[2]).not.toBe(first.blocks[2])
  })

  it('returns the same state for the same input', () => {
    const state = parseMarkdownIncremental(undefined, 'a\n\nb', { streaming: true })
    expect(parseMarkdownIncremental(state, 'a\n\nb', { streaming: true })).toBe(state)
  })

  it('falls back to a full parse when the text is not an extension', () => {
    const state = parseMarkdownIncremental(undefined, 'a\n\nb\n\nc', { streaming: true })
    const next = parseMarkdownIncremental(state, 'x\n\nb\n\nc', { streaming: true })
    expect(next.blocks.map((block) => block.source)).toEqual(['x', 'b', 'c'])
    expect(next.blocks[1]).toBe(state.blocks[1])
  })

  it('does not re-parse finished blocks: a delta costs the size of the tail', () => {
    const head = 'Intro paragraph.\n\n'.repeat(2000)
    let state = parseMarkdownIncremental(undefined, head, { streaming: true })
    const before = state.blocks.slice(0, -1)
    state = parseMarkdownIncremental(state, `${head}tail **bold`, { streaming: true })
    expect(state.blocks.slice(0, before.length - 1)).toEqual(before.slice(0, -1))
    for (let index = 0; index < before.length - 1; index++) expect(state.blocks[index]).toBe(before[index])
  })

  it('gives the same blocks as a full parse, whatever the chunking (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STREAMING_CORPUS.map((entry) => entry.text), ALL_DOCUMENTS),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 400 }),
        fc.boolean(),
        (text, sizes, endStreaming) => {
          let state: MarkdownParseState | undefined
          let end = 0
          for (const size of sizes) {
            if (end >= text.length) break
            end = Math.min(text.length, end + size)
            state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: true })
            expectSameBlocks(state.blocks, parseMarkdownBlocks(text.slice(0, end), { streaming: true }))
          }
          state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: endStreaming })
          expect(state.blocks).toEqual(parseMarkdownBlocks(text.slice(0, end), { streaming: endStreaming }))
        },
      ),
      { numRuns: 150 },
    )
  }, 60_000)

  it('gives the same blocks as a full parse on random markdown-like text (property)', () => {
    const fragment = fc.constantFrom(
      '\n',
      '\n\n',
      ' ',
      '  ',
      '   ',
      '    ',
      '-',
      '- ',
      '* ',
      '1. ',
      '2) ',
      '#',
      '# ',
      '>',
      '> ',
      '|',
      ' | ',
      '---',
      ':-',
      '```',
      '~~~',
      '`',
      '**',
      '*',
      '_',
      '__',
      '~~',
      '[',
      ']',
      '(',
      ')',
      '![',
      '<',
      '>',
      '&amp;',
      '&',
      '\\',
      'a',
      'word',
      'https://x.y/z',
      '[ ]',
      '[x]',
      '中文',
      '😀',
      '\t',
    )
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 10, maxLength: 300, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 50, maxLength: 400, size: 'max' }),
        (parts, sizes) => {
          const text = parts.join('')
          let state: MarkdownParseState | undefined
          let end = 0
          for (const size of [...sizes, text.length]) {
            if (end >= text.length) break
            end = Math.min(text.length, end + size)
            state = parseMarkdownIncremental(state, text.slice(0, end), { streaming: true })
            expectSameBlocks(state.blocks, parseMarkdownBlocks(text.slice(0, end), { streaming: true }))
          }
          expect(parseMarkdownIncremental(state, text, { streaming: false }).blocks).toEqual(parseMarkdownBlocks(text, { streaming: false }))
        },
      ),
      // Seeded, so that a run can't fail by luck (a new input each run is a new test each run). Unseeded, it failed
      // twice in about 20 runs of the suite: its generator can spell a table split off the paragraph above it, about
      // once in 50,000 inputs, which the parse after it read wrongly (fixed; the test below has the shapes).
      { numRuns: 300, seed: 20261203 },
    )
  }, 60_000)

  it('parses again from before a table whose header was the last line of the paragraph above it', () => {
    // Under `a`, `*` is paragraph text (an empty item can't interrupt a paragraph) until `|-` makes it a table's
    // header; a parse that started again at the table read `*` on its own: an empty list item, then a paragraph.
    // The same for a list item that can't interrupt a paragraph (`2.`) and for an indented line (code on its own)
    for (const [text, next] of [
      ['a\n*\n|-\n', 'b'],
      ['a\n    b\n|-\n', 'c'],
      ['Totals:\n2. Name | Value\n--- | ---\n', '| a | 1 |\n'],
    ] as const) {
      const live = parseMarkdownIncremental(undefined, text, { streaming: true })
      expect(live.blocks.map((block) => block.node.type)).toEqual(['paragraph', 'table'])
      expect(parseMarkdownIncremental(live, text + next, { streaming: true }).blocks).toEqual(parseMarkdownBlocks(text + next, { streaming: true }))
      expect(parseMarkdownIncremental(live, text, { streaming: false }).blocks).toEqual(parseMarkdownBlocks(text, { streaming: false }))
    }
  })

  it('gives the same blocks as a full parse for every prefix, one character at a time', () => {
    let state: MarkdownParseState | undefined
    for (let end = 1; end <= ALL_DOCUMENTS.length; end++) {
      state = parseMarkdownIncremental(state, ALL_DOCUMENTS.slice(0, end), { streaming: true })
      expectSameBlocks(state.blocks, parseMarkdownBlocks(ALL_DOCUMENTS.slice(0, end), { streaming: true }))
    }
  }, 60_000)
})
