// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// counts how many times the highlighter chunk is loaded (the factory runs on the first `import()`)
const loads = vi.hoisted(() => ({ count: 0, calls: [] as string[] }))
vi.mock('../../../src/components/markdown/highlighter', async (importOriginal) => {
  loads.count++
  const original = await importOriginal<typeof import('../../../src/components/markdown/highlighter')>()
  return {
    highlightPieces: original.highlightPieces,
    highlightCode: (code: string, language: string) => {
      loads.calls.push(`${language}:${code}`)
      return original.highlightCode(code, language)
    },
  }
})

const { StreamingMarkdown } = await import('../../../src/components/markdown/streaming-markdown')

afterEach(cleanup)

// Every import() the render started has loaded (vi.dynamicImportSettled), and what it queued next (a 0 ms timer) has
// run: a deterministic point after which a load that was going to happen has happened. No real-time wait.
async function settle(): Promise<void> {
  await act(async () => {
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

describe('code highlighting', () => {
  it('loads the highlighter only after a fence closes, then highlights asynchronously', async () => {
    const open = '```ts\nconst answer: number = 42'
    const view = render(<StreamingMarkdown text={open} streaming />)
    await settle()
    expect(loads.count).toBe(0)
    const code = view.container.querySelector('pre > code') as HTMLElement
    expect(code.querySelector('span')).toBeNull()
    expect(view.container.querySelector('.as-md-code')?.getAttribute('data-status')).toBe('streaming')

    view.rerender(<StreamingMarkdown text={`${open}\n\`\`\``} streaming />)
    expect(view.container.querySelector('pre > code span')).toBeNull()
    await waitFor(() => expect(view.container.querySelector('pre > code [class*="as-md-tok-keyword"]')).not.toBeNull())
    expect(loads.count).toBe(1)
    expect(view.container.querySelector('pre > code')?.textContent).toBe('const answer: number = 42')
  })

  it('shows the highlighted code in a <code> of its own, not by replacing the children of the plain one', async () => {
    // React places each new child by walking the new siblings after it: tens of thousands of highlighted nodes put
    // in place of the plain text's children cost O(n²) in one commit (the browser attack review: 100 KB of code held
    // the tab 12.6 s); a fresh element is mounted whole, in one insertion.
    const view = render(<StreamingMarkdown text={'```js\n' + '1+'.repeat(2_000) + '1\n```'} streaming={false} />)
    const plain = view.container.querySelector('pre > code')
    await waitFor(() => expect(view.container.querySelector('pre > code')?.hasAttribute('data-highlighted')).toBe(true))
    expect(view.container.querySelector('pre > code')).not.toBe(plain)
    expect(view.container.querySelector('pre > code')?.textContent).toBe('1+'.repeat(2_000) + '1')
  })

  it('highlights each (language, code) once, in idle time, and at once when it was highlighted before', async () => {
    loads.calls = []
    const text = '```python\nprint("hi")\n```'
    const first = render(<StreamingMarkdown text={text} />)
    expect(first.container.querySelector('[class*="as-md-tok-"]')).toBeNull()
    await waitFor(() => expect(first.container.querySelector('[class*="as-md-tok-"]')).not.toBeNull())
    const second = render(<StreamingMarkdown text={text} />)
    expect(second.container.querySelector('[class*="as-md-tok-"]')).not.toBeNull()
    first.rerender(<StreamingMarkdown text={`${text}\n\nmore`} />)
    await settle()
    expect(loads.calls).toEqual(['python:print("hi")'])
    expect(loads.count).toBe(1)
  })

  it('highlights a long block piece by piece, one idle job each, and keeps every character', async () => {
    loads.calls = []
    const code = Array.from({ length: 400 }, (_, line) => `const value${line}: string = "line ${line}" // note`).join('\n')
    const { container } = render(<StreamingMarkdown text={`\`\`\`ts\n${code}\n\`\`\``} />)
    await waitFor(() => expect(container.querySelector('pre > code [class*="as-md-tok-keyword"]')).not.toBeNull())
    expect(container.querySelector('pre > code')?.textContent).toBe(code)
    const pieces = loads.calls.map((call) => call.slice('ts:'.length))
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.join('')).toBe(code)
    // each piece but the last ends at a line end
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n') && piece.length <= 2_000)).toBe(true)
  })

  it('leaves unknown languages and plain fences unhighlighted', async () => {
    const { container } = render(<StreamingMarkdown text={'```klingon\nqapla\n```\n\n```\nplain\n```'} />)
    await settle()
    expect(container.querySelector('[class*="as-md-tok-"]')).toBeNull()
    expect([...container.querySelectorAll('pre > code')].map((code) => code.textContent)).toEqual(['qapla', 'plain'])
    expect(container.querySelector('pre > code')?.getAttribute('data-language')).toBe('klingon')
  })
})
