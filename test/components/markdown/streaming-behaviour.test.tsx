// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'

afterEach(cleanup)

function live(text: string): HTMLElement {
  return render(<StreamingMarkdown text={text} streaming />).container.firstElementChild as HTMLElement
}

describe('StreamingMarkdown while streaming', () => {
  it('marks the root busy while streaming', () => {
    const root = live('x')
    expect(root.getAttribute('aria-busy')).toBe('true')
    expect(root.getAttribute('data-status')).toBe('streaming')
  })

  it('renders an open **bold as bold, never showing the asterisks', () => {
    const root = live('Some **bold te')
    expect(root.querySelector('strong')?.textContent).toBe('bold te')
    expect(root.textContent).toBe('Some bold te')
  })

  it('hides a half-typed closing marker', () => {
    expect(live('**bold*').textContent).toBe('bold')
    expect(live('**bold*').querySelector('strong')).not.toBeNull()
  })

  it('renders an open `code as code', () => {
    expect(live('run `npm te').querySelector('code')?.textContent).toBe('npm te')
  })

  it('renders an unfinished link as its text, without brackets or a link', () => {
    const root = live('see [the docs](https://exa')
    expect(root.textContent).toBe('see the docs')
    expect(root.querySelector('a')).toBeNull()
  })

  it('renders the link once its parenthesis closes', () => {
    live('see [the docs](https://example.com)')
    expect(screen.getByRole('link', { name: 'the docs' })).toBeTruthy()
  })

  it('renders nothing for an image in progress', () => {
    for (const text of ['a ![', 'a ![cha', 'a ![chart]', 'a ![chart](https://img.example/c']) {
      const root = live(text)
      expect(root.textContent?.trimEnd(), text).toBe('a')
      expect(root.querySelector('img')).toBeNull()
      cleanup()
    }
    expect(live('a ![chart](https://img.example/c.png)').querySelector('.as-md-image-gate')?.textContent).toBe('Load image “chart” from img.example')
  })

  it('holds a table header, and a header with a partial delimiter row, as nothing', () => {
    expect(live('Intro\n\n| Name | Qty |').textContent).toBe('Intro')
    cleanup()
    expect(live('Intro\n\n| Name | Qty |\n|:---|-').textContent).toBe('Intro')
  })

  it('shows the table once the delimiter row is complete, and rows as they complete', () => {
    live('| Name | Qty |\n|:---|---:|\n| apple | 3 |\n| pear | 1')
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Qty'])
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['apple', '3'])
  })

  it('renders an unclosed fence as a plain code block in progress', () => {
    const root = live('```python\ndef f():\n    return 1')
    const block = root.querySelector('.as-md-code')
    expect(block?.getAttribute('data-status')).toBe('streaming')
    expect(root.querySelector('pre > code')?.textContent).toBe('def f():\n    return 1')
    expect(root.querySelector('pre > code span')).toBeNull()
  })

  it('does not show a half-typed closing fence as code', () => {
    expect(live('```\ncode\n``').querySelector('pre > code')?.textContent).toBe('code')
  })

  it('renders a lone list marker as an empty item, not a dash', () => {
    const root = live('Items:\n\n- ')
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    expect(root.textContent).toBe('Items:')
  })

  it('does not flash a dash, hash or digit that may start a block', () => {
    for (const tail of ['-', '#', '1', '1.', '- [x', '*']) {
      expect(live(`Intro\n${tail}`).textContent, tail).toBe('Intro')
      cleanup()
    }
  })

  it('renders unclosed syntax literally once streaming is false', () => {
    const view = render(<StreamingMarkdown text="**bold and [link](htt" streaming />)
    expect(view.container.textContent).toBe('bold and link')
    view.rerender(<StreamingMarkdown text="**bold and [link](htt" streaming={false} />)
    expect(view.container.textContent).toBe('**bold and [link](htt')
  })
})
