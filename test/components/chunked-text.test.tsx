// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChunkedText, splitIntoChunks } from '../../src/components/chunked-text'
import { StreamingMarkdown } from '../../src/components/markdown/streaming-markdown'

afterEach(cleanup)

const line = (index: number) => `const value${index} = compute(${index}, 'text') // line ${index}\n`
const lines = (count: number, from = 0) => Array.from({ length: count }, (_, index) => line(from + index)).join('')

describe('splitIntoChunks', () => {
  it('cuts after a line break, each chunk keeping its own, so that the chunks are the text', () => {
    for (const text of [lines(200), `${lines(100)}\n\n\n${lines(100)}`, `${'x'.repeat(5_000)}\n${lines(50)}`, '\n'.repeat(5_000)]) {
      const chunks = splitIntoChunks(text)
      expect(chunks.join('')).toBe(text)
      expect(chunks.length).toBeGreaterThan(1)
      for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith('\n')).toBe(true)
    }
  })

  it('keeps every earlier chunk as the text grows', () => {
    let text = lines(100)
    const before = splitIntoChunks(text)
    text += lines(100, 100)
    expect(splitIntoChunks(text).slice(0, before.length - 1)).toEqual(before.slice(0, -1))
  })
})

describe('ChunkedText', () => {
  it('renders short text as it is, and long text as blocks of lines whose text is the whole', () => {
    const short = render(<ChunkedText text={'a\nb'} />)
    expect(short.container.innerHTML).toBe('a\nb')
    cleanup()
    const text = lines(300)
    const { container } = render(<ChunkedText text={text} />)
    expect(container.querySelectorAll('.as-chunk').length).toBeGreaterThan(1)
    expect(container.textContent).toBe(text)
  })
})

// A streaming code block was one text node: each delta replaced it whole, and the browser laid out all of it again
// (18 ms a frame at 100 KB in Chromium). Its lines are now blocks, and a delta changes the last one only.
describe('a long streaming code block', () => {
  it('keeps its earlier blocks of lines as the same elements while it grows, and shows the code exactly', () => {
    const code = lines(400)
    const view = render(<StreamingMarkdown text={`\`\`\`ts\n${code}`} streaming />)
    const body = () => view.container.querySelector('code') as HTMLElement
    const first = body().querySelector('.as-chunk')
    const count = body().querySelectorAll('.as-chunk').length
    expect(count).toBeGreaterThan(4)
    view.rerender(<StreamingMarkdown text={`\`\`\`ts\n${code}${line(400)}`} streaming />)
    expect(body().querySelector('.as-chunk')).toBe(first)
    expect(body().querySelectorAll('.as-chunk').length).toBeGreaterThanOrEqual(count)
    expect(body().textContent).toBe(`${code}${line(400)}`.replace(/\n$/, ''))
  })
})
