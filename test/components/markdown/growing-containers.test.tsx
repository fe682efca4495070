// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// counts the inline renders: one per paragraph, item text or table cell that React renders again
const inlineRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../src/components/markdown/render-inline', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/components/markdown/render-inline')>()
  return {
    ...original,
    renderInline: (...args: Parameters<typeof original.renderInline>) => {
      inlineRenders.count++
      return original.renderInline(...args)
    },
  }
})

const { StreamingMarkdown } = await import('../../../src/components/markdown/streaming-markdown')
const { medianTimeRatio } = await import('../../fixtures/cost-ratio')

afterEach(cleanup)

// A delta to a long list or table re-renders the rows it changed, not every row of the block (it is one block).
describe('a list or table that grows row by row', () => {
  it('renders again only the items a delta changed', () => {
    const list = Array.from({ length: 400 }, (_, index) => `- item ${index} with **bold** words`).join('\n')
    const view = render(<StreamingMarkdown text={list} streaming />)
    inlineRenders.count = 0
    view.rerender(<StreamingMarkdown text={`${list}\n- item 400 with`} streaming />)
    // the new item, and the one before it (its line just ended)
    expect(inlineRenders.count).toBeLessThanOrEqual(3)
    expect(view.container.querySelectorAll('li')).toHaveLength(401)
    expect(view.container.querySelectorAll('li')[400]?.textContent).toBe('item 400 with')
  })

  it('renders again only the rows a delta changed', () => {
    const table = ['| a | b |', '|---|---|', ...Array.from({ length: 400 }, (_, index) => `| ${index} | **${index}** |`)].join('\n')
    const view = render(<StreamingMarkdown text={table} streaming />)
    inlineRenders.count = 0
    view.rerender(<StreamingMarkdown text={`${table}\n| 400 | grown |\n| 40`} streaming />)
    // the header's two cells, the new row's two, and at most the row before it (a partial row is not shown)
    expect(inlineRenders.count).toBeLessThanOrEqual(6)
    expect(view.container.querySelectorAll('tbody tr')).toHaveLength(401)
    expect(view.container.querySelectorAll('tbody tr')[400]?.textContent).toBe('400grown')
  })

  // The rows of a long block are rendered in runs, and a run whose rows the parser kept is skipped whole: with one
  // component per row, a delta to 4,000 rows took 25 ms in jsdom.
  it('renders a delta to 1,200 rows in about the time of a delta to 150', () => {
    const list = (index: number) => `- item ${index} with **bold** and [a link](https://example.com/${index})\n`
    const tableRow = (index: number) => `| row ${index} | **${index}** | \`code\` |\n`
    for (const [head, row] of [
      ['', list],
      ['| a | b | c |\n|---|---|---|\n', tableRow],
    ] as const) {
      const deltas = (rows: number) => {
        let text = head + Array.from({ length: rows }, (_, index) => row(index)).join('')
        const view = render(<StreamingMarkdown text={text} streaming />)
        let next = rows
        return () => {
          for (let delta = 0; delta < 6; delta++) {
            text += row(next++)
            view.rerender(<StreamingMarkdown text={text} streaming />)
          }
        }
      }
      // measured: 0.9 to 1.2; 5.3 (the list) before, with a component per row and every line read again
      expect(medianTimeRatio(deltas(150), deltas(1_200), 5), head === '' ? 'list' : 'table').toBeLessThan(3.5)
      cleanup()
    }
  })
})
