// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BlockNode } from '../../../src/components/markdown/types'

// every top-level block renders through renderBlock: wrapping it counts renders per block
const renders = vi.hoisted(() => ({ log: [] as string[] }))
vi.mock('../../../src/components/markdown/render-block', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/components/markdown/render-block')>()
  return {
    renderBlock: (node: BlockNode, ...rest: [never, never]) => {
      renders.log.push(node.type === 'paragraph' || node.type === 'heading' ? JSON.stringify(node.children[0]) : node.type)
      return original.renderBlock(node, ...rest)
    },
  }
})

const { StreamingMarkdown } = await import('../../../src/components/markdown/streaming-markdown')

afterEach(cleanup)
beforeEach(() => {
  renders.log = []
})

function count(predicate: (entry: string) => boolean): number {
  return renders.log.filter(predicate).length
}

describe('StreamingMarkdown memoization', () => {
  it('re-renders only the growing last block when a delta arrives', () => {
    const head = '# Title\n\nFirst paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```\n\n'
    const view = render(<StreamingMarkdown text={`${head}Last`} streaming />)
    expect(renders.log).toHaveLength(5)
    renders.log = []
    for (const delta of [' para', 'graph', ' **gro', 'ws**', ' on']) {
      view.rerender(<StreamingMarkdown text={`${head}Last${delta}`} streaming />)
    }
    expect(renders.log.every((entry) => entry.includes('Last'))).toBe(true)
    expect(renders.log).toHaveLength(5)
  })

  it('renders a block that stops growing once more, then never again', () => {
    let text = 'One'
    const view = render(<StreamingMarkdown text={text} streaming />)
    for (const delta of [' two', '\n\n', 'Next', ' block', '\n\nThird', ' one', ' more']) {
      text += delta
      view.rerender(<StreamingMarkdown text={text} streaming />)
    }
    const first = (entry: string) => entry.includes('One')
    // mount, "One two", then once when "Next" closes it (no longer the open tail)
    expect(count(first)).toBeLessThanOrEqual(3)
    renders.log = []
    view.rerender(<StreamingMarkdown text={`${text} and more`} streaming />)
    expect(count(first)).toBe(0)
    expect(count((entry) => entry.includes('Next'))).toBe(0)
  })

  it('does not re-render finished blocks when the stream ends', () => {
    const text = 'Alpha\n\nBeta\n\nGamma'
    const view = render(<StreamingMarkdown text={text} streaming />)
    renders.log = []
    view.rerender(<StreamingMarkdown text={text} streaming={false} />)
    expect(renders.log).toEqual([JSON.stringify({ type: 'text', value: 'Gamma' })])
  })
})
