import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks, parseMarkdownIncremental, type MarkdownParseState } from '../../../src/components/markdown/parse-markdown'
import type { BlockNode, InlineNode } from '../../../src/components/markdown/types'

const LINE = 'Some **bold** text with a [link][ref] and `code`.'
const TABLE = `| a | b |\n|---|---|\n${Array.from({ length: 60 }, (_, row) => `| ${row} ${LINE} | ${LINE} |\n`).join('')}`
const LIST = Array.from({ length: 60 }, (_, item) => `- ${item} ${LINE}\n`).join('')

// The inline content of each finished leaf (a table row's cells, a list item's paragraph) of the last block.
function leaves(node: BlockNode | undefined): (readonly InlineNode[])[] {
  if (node?.type === 'table') return node.rows.flat()
  if (node?.type === 'list')
    return node.items.slice(0, -1).flatMap((item) => item.children.map((child) => (child.type === 'paragraph' ? child.children : [])))
  return []
}

describe('a growing table or list (attack review: every delta parsed each of its rows inline again)', () => {
  for (const [name, text] of [
    ['table', TABLE],
    ['list', LIST],
  ] as const) {
    it(`keeps the inline content of a finished ${name} row while the ${name} grows, and ends as a whole parse does`, () => {
      const document = `[ref]: https://a.example\n\n${text}`
      let state: MarkdownParseState | undefined
      let reused = 0
      let earlier: (readonly InlineNode[])[] = []
      for (let end = 40; end < document.length + 16; end += 16) {
        state = parseMarkdownIncremental(state, document.slice(0, end), { streaming: true })
        const now = leaves(state.blocks.at(-1)?.node)
        // all but the last two leaves were finished at the previous parse: the same arrays, not parsed again
        for (let index = 0; index + 2 < earlier.length && index < now.length; index++) {
          expect(now[index]).toBe(earlier[index])
          reused++
        }
        earlier = now
      }
      expect(reused).toBeGreaterThan(400)
      const final = parseMarkdownIncremental(state, document, { streaming: false })
      expect(final.blocks.map((block) => block.node)).toEqual(parseMarkdownBlocks(document, { streaming: false }).map((block) => block.node))
    })
  }

  it('parses a leaf again when a definition its reference looks up arrives later', () => {
    const first = parseMarkdownIncremental(undefined, `- a [x][ref]\n- b\n- c`, { streaming: true })
    const next = parseMarkdownIncremental(first, `- a [x][ref]\n- b\n- c\n\n[ref]: https://a.example\n\nmore`, { streaming: true })
    const item = next.blocks[0]?.node
    expect(item?.type === 'list' && JSON.stringify(item.items[0])).toContain('https://a.example')
  })
})
