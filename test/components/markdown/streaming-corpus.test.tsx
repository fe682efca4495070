// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'
import { STREAMING_CORPUS } from './corpus'

afterEach(cleanup)

const TEXT_BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, th, td, blockquote'

/** Raw markdown that leaked into what the reader sees (code is excluded: there it is content). */
function leakedSyntax(root: HTMLElement): string[] {
  const copy = root.cloneNode(true) as HTMLElement
  for (const code of copy.querySelectorAll('pre, code')) code.remove()
  const problems: string[] = []
  const text = copy.textContent ?? ''
  for (const marker of ['**', '](', '```']) if (text.includes(marker)) problems.push(`${marker} in ${JSON.stringify(text)}`)
  for (const block of copy.querySelectorAll(TEXT_BLOCKS)) {
    for (const line of (block.textContent ?? '').split('\n')) {
      if (line.trimStart().startsWith('|')) problems.push(`line starting with | in ${JSON.stringify(block.textContent)}`)
    }
  }
  return problems
}

/** The DOM as markup with sorted attributes: React patches attributes in place, so their order may differ. */
function markup(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent)
  if (!(node instanceof Element)) return ''
  const attributes = [...node.attributes].map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`).sort()
  return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${[...node.childNodes].map(markup).join('')}</>`
}

function prefixEnds(length: number): number[] {
  const step = length > 300 ? 3 : 1
  const ends: number[] = []
  for (let end = 1; end < length; end += step) ends.push(end)
  ends.push(length)
  return ends
}

describe('streaming corpus', () => {
  for (const { name, text } of STREAMING_CORPUS) {
    it(`streams "${name}" without raw syntax and ends like the final render`, () => {
      const view = render(<StreamingMarkdown text="" streaming />)
      const root = view.container.firstElementChild as HTMLElement
      for (const end of prefixEnds(text.length)) {
        const prefix = text.slice(0, end)
        view.rerender(<StreamingMarkdown text={prefix} streaming />)
        expect(leakedSyntax(root), `prefix ${JSON.stringify(prefix)}`).toEqual([])
      }
      const lastStreamed = [...root.childNodes].map(markup).join('')
      view.rerender(<StreamingMarkdown text={text} streaming={false} />)
      expect([...root.childNodes].map(markup).join('')).toBe(lastStreamed)
      const fresh = render(<StreamingMarkdown text={text} />).container.firstElementChild as HTMLElement
      expect([...fresh.childNodes].map(markup).join('')).toBe(lastStreamed)
    }, 30_000)
  }

  it('detects raw syntax when it does leak (the check above is not vacuous)', () => {
    for (const text of ['**bold', 'see [a](htt', '| a | b |', 'x ``` y']) {
      const root = render(<StreamingMarkdown text={text} streaming={false} />).container.firstElementChild as HTMLElement
      expect(leakedSyntax(root), text).not.toEqual([])
      cleanup()
    }
  })

  it('has at least 30 documents', () => {
    expect(STREAMING_CORPUS.length).toBeGreaterThanOrEqual(30)
  })
})
