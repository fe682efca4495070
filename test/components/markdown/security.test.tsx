// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { safeUrl } from '../../../src/components/markdown/safe-url'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'

afterEach(cleanup)

const HOSTILE_DOCUMENTS = [
  '<script>alert(1)</script>',
  'Hi <img src=x onerror=alert(1)> there',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)" onclick="alert(2)">click</a>',
  '<style>body { display: none }</style>\n\n<div style="position:fixed;inset:0">overlay</div>',
  '[click me](javascript:alert(1))',
  '[click me](JaVaScRiPt:alert(1) "title")',
  '[click me](<javascript:alert(1)>)',
  '[click me](&#106;avascript:alert(1))',
  '[click me](java\\tscript:alert(1))',
  '[html](data:text/html,<script>alert(1)</script>)',
  '[svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '![x" onerror="alert(1)](https://img.example/x.png)',
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '<javascript:alert(1)>',
  '<vbscript:msgbox(1)>',
  '[a](vbscript:msgbox(1)) and [b](file:///etc/passwd)',
  '`<script>alert(1)</script>` and\n\n```html\n<img src=x onerror=alert(1)>\n```',
  '| <b onmouseover=alert(1)>x</b> | [y](javascript:alert(1)) |\n|---|---|\n| <style>*{}</style> | ![z](javascript:0) |',
  '> <object data="x.swf"></object>\n> <embed src="x">',
  '- [ ] <input onfocus=alert(1) autofocus>\n- <form action="javascript:alert(1)"><button>go</button></form>',
  '[x](https://ok.example/?q=<script>) {style="color:red"} <span style="color:red">red</span>',
  '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"> <base href="javascript:/">',
  '<link rel=stylesheet href="https://evil.example/x.css"> @import url(https://evil.example/y.css);',
]

const FORBIDDEN_ELEMENTS =
  'script, style, iframe, object, embed, svg, form, meta, base, link, button:not(.as-md-copy):not(.as-md-image-gate), input:not(.as-md-task-checkbox), b, span[style], div[style]'

function problems(root: HTMLElement): string[] {
  const found: string[] = []
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.name === 'style' || attribute.name.startsWith('on')) found.push(`${element.tagName} has ${attribute.name}`)
    }
  }
  for (const element of root.querySelectorAll(FORBIDDEN_ELEMENTS)) found.push(`forbidden <${element.tagName}>`)
  for (const anchor of root.querySelectorAll('a')) {
    const href = anchor.getAttribute('href') ?? ''
    if (safeUrl(href, 'link') !== href) found.push(`unsafe href ${href}`)
  }
  for (const image of root.querySelectorAll('img')) {
    const src = image.getAttribute('src') ?? ''
    if (safeUrl(src, 'image') !== src) found.push(`unsafe src ${src}`)
  }
  return found
}

describe('hostile markdown', () => {
  it.each(HOSTILE_DOCUMENTS.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    'renders %s without script, styles or unsafe URLs',
    (_, text) => {
      const final = render(<StreamingMarkdown text={text} />)
      expect(problems(final.container)).toEqual([])
      const live = render(<StreamingMarkdown text="" streaming />)
      for (let end = 1; end <= text.length; end++) {
        live.rerender(<StreamingMarkdown text={text.slice(0, end)} streaming />)
        expect(problems(live.container), text.slice(0, end)).toEqual([])
      }
    },
    30_000,
  )

  it('renders a refused link as its text only', () => {
    const { container } = render(<StreamingMarkdown text="[click me](javascript:alert(1))" />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toBe('click me')
  })

  it('renders a refused image as its alt text in brackets', () => {
    const { container } = render(<StreamingMarkdown text="![diagram](data:image/svg+xml;base64,PHN2Zz4=)" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('[diagram]')
  })

  it('keeps HTML as visible text', () => {
    render(<StreamingMarkdown text="<script>alert(1)</script>" />)
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy()
  })

  it('never uses dangerouslySetInnerHTML or inline styles in its source', () => {
    const folder = join(import.meta.dirname, '../../../src/components/markdown')
    for (const file of readdirSync(folder).filter((name) => /\.tsx?$/.test(name))) {
      const source = readFileSync(join(folder, file), 'utf8')
      expect(source, file).not.toMatch(/dangerouslySetInnerHTML|\bstyle=\{|\.style\.|innerHTML/)
    }
  })
})
