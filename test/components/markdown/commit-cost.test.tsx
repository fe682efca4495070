// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'
import { medianTimeRatio } from '../../fixtures/cost-ratio'

afterEach(cleanup)

// React places each new child by walking the new siblings after it: thousands of new children of one element cost
// O(n²) in its commit (the browser attack review: 96 KB of short lines added to a streaming paragraph held the tab
// 12.7 s). The kit renders many inline nodes in runs, so a commit places runs, and grows linearly.
it('adds 16,000 lines to a streaming paragraph for 4 times what 4,000 cost, not 16', () => {
  const grow = (lines: number) => () => {
    const view = render(<StreamingMarkdown text="start " streaming />)
    view.rerender(<StreamingMarkdown text={`start ${'a\n'.repeat(lines)}`} streaming />)
    // every line shown ('start' has an a of its own)
    expect((view.container.textContent ?? '').split('a').length - 1).toBe(lines + 1)
    view.unmount()
  }
  // 0.9 in runs; 2.6 as one flat array of children
  expect(medianTimeRatio(grow(4_000), grow(16_000), 3) / 4).toBeLessThan(1.8)
})
