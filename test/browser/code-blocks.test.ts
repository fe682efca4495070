/**
 * A long code block in Chromium, with the kit's stylesheets: its lines are blocks of lines (so that a streaming delta
 * lays out only the last one), and it must look and copy exactly as the one text node it was: the same height,
 * line for line, and a selection that copies the code, blank lines at the blocks' edges included.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { StreamingMarkdown } from '../../src/components/markdown/streaming-markdown'
import { suiteBrowser } from './demo-page'

const browser = suiteBrowser()

const STYLES = ['../../src/components/styles.css', '../../src/components/markdown/markdown.css']
  .map((path) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'))
  .join('\n')

// Lines of many lengths with runs of blank lines, so that blocks of lines start and end next to blank lines (the last
// line is not blank: a streaming code block holds a blank last line back).
const CODE = Array.from({ length: 601 }, (_, index) =>
  index % 9 === 7 || index % 23 === 0 || index % 23 === 1
    ? ''
    : `${'  '.repeat(index % 4)}const value${index} = compute(${index}) // ${'x'.repeat(index % 50)}`,
).join('\n')

it('shows and copies a long code block exactly as one text node would', async () => {
  const markup = renderToStaticMarkup(
    createElement(
      'div',
      { 'data-agentscope': '', 'data-theme': 'light' },
      createElement(StreamingMarkdown, { text: `\`\`\`ts\n${CODE}`, streaming: true }),
    ),
  )
  const page = await browser().newPage({ viewport: { width: 1280, height: 720 } })
  try {
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body>${markup}</body></html>`)
    await page.addStyleTag({ content: STYLES })
    const measured = await page.evaluate((code) => {
      const body = document.querySelector('.as-md-pre > code') as HTMLElement
      const measure = () => {
        const selection = getSelection() as Selection
        selection.selectAllChildren(body)
        return { height: body.getBoundingClientRect().height, copied: selection.toString(), text: body.textContent }
      }
      const blocks = body.querySelectorAll('.as-chunk').length
      const chunked = measure()
      body.replaceChildren(document.createTextNode(code))
      return { blocks, chunked, single: measure() }
    }, CODE)
    expect(measured.blocks).toBeGreaterThan(5)
    expect(measured.chunked.text).toBe(CODE)
    expect(measured.single.copied).toBe(CODE)
    expect(measured.chunked.copied).toBe(CODE)
    expect(measured.chunked.height).toBe(measured.single.height)
  } finally {
    await page.close()
  }
})
