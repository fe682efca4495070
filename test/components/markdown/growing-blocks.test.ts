import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks, parseMarkdownIncremental, type MarkdownParseState } from '../../../src/components/markdown/parse-markdown'
import { PARSE_WORK } from '../../../src/components/markdown/parse-work'

// One block that grows row by row, as a model writes a long list or table: its rows as a function of their index.
const GROWING: Record<string, { readonly head: string; readonly row: (index: number) => string }> = {
  list: { head: '', row: (index) => `- item ${index} with **bold**, \`code\` and [a link](https://example.com/${index})\n` },
  'ordered list': { head: '', row: (index) => `${index + 1}. step ${index}: *run* it\n` },
  'task list': { head: '', row: (index) => `- [${index % 2 === 0 ? 'x' : ' '}] task ${index}\n` },
  table: {
    head: '| name | value | link |\n|---|:---:|---|\n',
    row: (index) => `| row ${index} | **${index}** | [x](https://example.com/${index}) |\n`,
  },
  'nested list': { head: '- top\n', row: (index) => `  - child ${index} with _emphasis_\n` },
  'quoted list': { head: '', row: (index) => `> - quoted ${index}\n` },
}

// The parser's counted steps (characters scanned, nodes built) for the next few deltas to a block of `rows` rows,
// each parse starting from the one before, as the chat parses a streaming text block.
function stepsPerDelta(head: string, row: (index: number) => string, rows: number): number {
  let text = head
  for (let index = 0; index < rows; index++) text += row(index)
  let state: MarkdownParseState | undefined = parseMarkdownIncremental(undefined, text, { streaming: true })
  const before = PARSE_WORK.steps
  const deltas = 16
  for (let delta = 0; delta < deltas; delta++) {
    const line = row(rows + delta)
    // half a row, then the rest of it with its newline
    const half = Math.floor(line.length / 2)
    state = parseMarkdownIncremental(state, text + line.slice(0, half), { streaming: true })
    text += line
    state = parseMarkdownIncremental(state, text, { streaming: true })
  }
  expect(state.blocks).toHaveLength(1)
  return (PARSE_WORK.steps - before) / (2 * deltas)
}

describe('a block that grows row by row', () => {
  for (const [name, { head, row }] of Object.entries(GROWING)) {
    // The lines a newline ended are read once and the finished rows built once: before, each parse read the whole
    // block again (a 100 KB list took 2.5 ms a parse, a 400 KB table 149 ms once its rows outgrew the inline cache).
    it(`parses a delta to a ${name} of 2,000 rows with the work of one of 250`, () => {
      const ratio = stepsPerDelta(head, row, 2_000) / stepsPerDelta(head, row, 250)
      expect(ratio).toBeLessThan(1.5)
    })
  }

  it('shows what a fresh parse of the same text shows, at every delta', () => {
    for (const { head, row } of Object.values(GROWING)) {
      let text = head
      let state: MarkdownParseState | undefined
      for (let index = 0; index < 24; index++) {
        const line = row(index)
        for (const end of [3, Math.floor(line.length / 2), line.length - 1, line.length]) {
          const next = text + line.slice(0, end)
          state = parseMarkdownIncremental(state, next, { streaming: true })
          expect(state.blocks.map((block) => block.node)).toEqual(parseMarkdownBlocks(next, { streaming: true }).map((block) => block.node))
        }
        text += line
      }
    }
  })

  it('keeps the finished items and rows of the last block as the same objects', () => {
    const list = Array.from({ length: 50 }, (_, index) => `- item ${index}\n`).join('')
    const first = parseMarkdownIncremental(undefined, list, { streaming: true })
    const second = parseMarkdownIncremental(first, `${list}- item 50`, { streaming: true })
    const items = (state: MarkdownParseState) => {
      const node = state.blocks[0]?.node
      return node?.type === 'list' ? node.items : []
    }
    expect(items(second)).toHaveLength(51)
    // the last item of the first parse was still open then (its list could go on): it is built again, once
    for (let index = 0; index < 49; index++) expect(items(second)[index]).toBe(items(first)[index])
  })

  it('reads on correctly after a parse of a longer text that was thrown away', () => {
    // React may render a longer text and discard the render: the next parse starts from the older state
    const base = '- one\n- two\n'
    const older = parseMarkdownIncremental(undefined, base, { streaming: true })
    parseMarkdownIncremental(older, `${base}- three\n- fo`, { streaming: true })
    const other = `${base}- thirty\n`
    expect(parseMarkdownIncremental(older, other, { streaming: true }).blocks.map((block) => block.node)).toEqual(
      parseMarkdownBlocks(other, { streaming: true }).map((block) => block.node),
    )
    const longer = `${base}- three\n- four\n`
    expect(parseMarkdownIncremental(older, longer, { streaming: true }).blocks.map((block) => block.node)).toEqual(
      parseMarkdownBlocks(longer, { streaming: true }).map((block) => block.node),
    )
  })
})
