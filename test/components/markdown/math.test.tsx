// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseInline } from '../../../src/components/markdown/inline-parser'
import { parseMarkdownBlocks } from '../../../src/components/markdown/parse-markdown'

// counts how many times the math chunk is loaded (the factory runs on the first `import()`)
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../src/components/markdown/math-render', async (importOriginal) => {
  loads.count++
  return importOriginal<typeof import('../../../src/components/markdown/math-render')>()
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

describe('math parsing (#13)', () => {
  it('reads $…$ and $$…$$ inside text, but not prices or escaped dollars', () => {
    expect(parseInline('area $\\pi r^2$ here', false)).toEqual([
      { type: 'text', value: 'area ' },
      { type: 'inlineMath', value: '\\pi r^2', display: false },
      { type: 'text', value: ' here' },
    ])
    expect(parseInline('$$e = mc^2$$', false)).toEqual([{ type: 'inlineMath', value: 'e = mc^2', display: true }])
    expect(parseInline('costs $5 and $10 now', false)).toEqual([{ type: 'text', value: 'costs $5 and $10 now' }])
    expect(parseInline('\\$x$ and $ y$', false)).toEqual([{ type: 'text', value: '$x$ and $ y$' }])
    expect(parseInline('`$x$`', false)).toEqual([{ type: 'inlineCode', value: '$x$' }])
  })

  it('reads a $$ fenced block, streaming until its closing line', () => {
    expect(parseMarkdownBlocks('$$\n\\int_0^1 x\\,dx\n$$', { streaming: false })[0]?.node).toEqual({
      type: 'math',
      value: '\\int_0^1 x\\,dx',
      status: 'done',
    })
    expect(parseMarkdownBlocks('$$\n\\int_0^1', { streaming: true })[0]?.node).toEqual({ type: 'math', value: '\\int_0^1', status: 'streaming' })
  })

  it('can be turned off', () => {
    expect(parseMarkdownBlocks('$x$\n\n$$\na\n$$', { streaming: false, math: false }).map((block) => block.node.type)).toEqual([
      'paragraph',
      'paragraph',
    ])
  })
})

describe('math rendering (#13)', () => {
  it('loads the math chunk only once a formula appears, and typesets it as MathML without styles', async () => {
    const view = render(<StreamingMarkdown text="No formulas here, just $5." />)
    await settle()
    expect(loads.count).toBe(0)
    view.rerender(<StreamingMarkdown text="Euler: $e^{i\pi} + 1 = 0$ and $$\frac{a}{b}$$" />)
    await waitFor(() => expect(view.container.querySelectorAll('math')).toHaveLength(2))
    expect(loads.count).toBe(1)
    expect(view.container.querySelector('math mfrac')).not.toBeNull()
    expect(view.container.querySelector('math')?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML')
    expect(view.container.querySelector('[style]')).toBeNull()
  })

  it('shows the source of a $$ block while it streams, and typesets it once closed', async () => {
    const view = render(<StreamingMarkdown text={'$$\n\\sqrt{2}'} streaming />)
    await settle()
    expect(view.container.querySelector('math')).toBeNull()
    expect(view.container.querySelector('.as-md-math-source')?.textContent).toBe('\\sqrt{2}')
    view.rerender(<StreamingMarkdown text={'$$\n\\sqrt{2}\n$$\n'} streaming />)
    await waitFor(() => expect(view.container.querySelector('math msqrt')).not.toBeNull())
  })

  it('refuses links and HTML from TeX (trust: false) and keeps only MathML', async () => {
    const view = render(<StreamingMarkdown text={'$\\href{javascript:alert(1)}{x} \\htmlClass{a}{b} \\url{https://evil.example}$'} />)
    await waitFor(() => expect(view.container.querySelector('math')).not.toBeNull())
    for (const element of view.container.querySelectorAll('math *')) {
      expect(element.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML')
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^(?:on|href|src|style|xlink)/)
    }
  })

  it('keeps the source of a formula KaTeX can not typeset, without throwing', async () => {
    const deep = `${'{'.repeat(3000)}x${'}'.repeat(3000)}`
    const view = render(<StreamingMarkdown text={`$${deep}$ and $\\frac{$`} />)
    await settle()
    await settle()
    // both formulas still read as their source, and neither became MathML
    expect([...view.container.querySelectorAll('.as-md-math')].map((math) => math.textContent)).toEqual([deep, '\\frac{'])
    expect(view.container.querySelector('math')).toBeNull()
  })

  it('reaches KaTeX only through a dynamic import of the math chunk', () => {
    const folder = join(import.meta.dirname, '../../../src')
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name))
    for (const file of files) {
      const source = readFileSync(join(folder, file), 'utf8')
      if (!file.endsWith('math-render.ts')) expect(source, file).not.toMatch(/from 'katex'/)
      // the chunk is math-typeset with math-render: only math-typeset imports math-render as such
      for (const chunk of file.endsWith('math-typeset.tsx') ? [] : ['math-render', 'math-typeset']) {
        for (const line of source.split('\n').filter((text) => text.includes(`'./${chunk}'`))) {
          // type-only imports are erased; anything else must be the lazy `import()`
          expect(line, file).toMatch(new RegExp(`^import type |import\\('\\./${chunk}'\\)`))
        }
      }
    }
  })
})
