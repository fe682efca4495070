// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// jsdom can't lay text out, which Mermaid needs: here the chunk's renderer is counted and stubbed, and the
// real drawing is checked in Chromium under the strict CSP (see the report of #13)
const calls = vi.hoisted(() => ({ loads: 0, sources: [] as string[] }))
vi.mock('../../../src/components/markdown/mermaid-render', () => {
  calls.loads++
  return {
    renderMermaid: async (source: string) => {
      calls.sources.push(source)
      return source.startsWith('graph') ? '<svg xmlns="http://www.w3.org/2000/svg"><text>ok</text></svg>' : null
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

describe('mermaid diagrams (#13)', () => {
  it('loads Mermaid only once a mermaid fence has closed, and draws it as an image', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:https://app.example/1')
    URL.revokeObjectURL = vi.fn()
    const view = render(<StreamingMarkdown text={'```js\nx()\n```\n\n```mermaid\ngraph TD\n  A-->B'} streaming />)
    await settle()
    expect(calls.loads).toBe(0)
    view.rerender(<StreamingMarkdown text={'```js\nx()\n```\n\n```mermaid\ngraph TD\n  A-->B\n```\n'} streaming />)
    await waitFor(() => expect(view.container.querySelector('img.as-md-mermaid')).not.toBeNull())
    expect(calls.loads).toBe(1)
    expect(calls.sources).toEqual(['graph TD\n  A-->B'])
    const image = view.container.querySelector('img.as-md-mermaid') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('blob:https://app.example/1')
    expect(image.getAttribute('alt')).toBe('Mermaid diagram')
    // the SVG never becomes markup in the page; the code stays beside the picture
    expect(view.container.querySelector('svg')).toBeNull()
    expect(view.container.querySelector('.as-md-diagram pre > code')?.textContent).toBe('graph TD\n  A-->B')
    view.unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:https://app.example/1')
  })

  it('keeps only the code when Mermaid can not read the source', async () => {
    const view = render(<StreamingMarkdown text={'```mermaid\nnot a diagram\n```'} />)
    await settle()
    expect(view.container.querySelector('img')).toBeNull()
    expect(view.container.querySelector('pre > code')?.textContent).toBe('not a diagram')
  })

  it('reaches Mermaid only through a dynamic import of its chunk', () => {
    const folder = join(import.meta.dirname, '../../../src')
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name))
    for (const file of files) {
      const source = readFileSync(join(folder, file), 'utf8')
      if (!file.endsWith('mermaid-render.ts')) expect(source, file).not.toMatch(/from 'mermaid'/)
      // the chunk is mermaid-image with mermaid-render: only mermaid-image imports mermaid-render as such
      for (const chunk of file.endsWith('mermaid-image.tsx') ? [] : ['mermaid-render', 'mermaid-image']) {
        for (const line of source.split('\n').filter((text) => text.includes(`'./${chunk}'`))) {
          expect(line, file).toMatch(new RegExp(`^import type |import\\('\\./${chunk}'\\)`))
        }
      }
    }
  })
})
