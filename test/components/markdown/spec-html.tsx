import { cleanup, fireEvent, render } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { parseMarkdownBlocks } from '../../../src/components/markdown/parse-markdown'
import { renderBlock } from '../../../src/components/markdown/render-block'

/** One example of a spec suite. */
export interface SpecExample {
  readonly markdown: string
  readonly html: string
  readonly section: string
  readonly number: number
}

/** How an example came out: as specified, different, or a raw HTML example (HTML stays text by design). */
export type SpecOutcome = 'pass' | 'fail' | 'raw-html'

const MARKDOWN_ELEMENTS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'a',
  'img',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'del',
  'input',
])
const BLOCK_ELEMENTS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
])
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input'])
const RAW_SECTIONS = /HTML blocks|Raw HTML/i
const RAW_TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)[\s/>]|<!--|<\?|<![A-Z[]/g
const KEPT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  code: ['class'],
  th: ['align'],
  td: ['align'],
  input: ['type', 'checked', 'disabled'],
}

/** True when the example needs raw HTML: its section is about HTML, or its expected output keeps a tag from the input. */
export function usesRawHtml(example: SpecExample): boolean {
  if (RAW_SECTIONS.test(example.section)) return true
  const template = document.createElement('template')
  template.innerHTML = example.html
  for (const element of template.content.querySelectorAll('*')) {
    if (!MARKDOWN_ELEMENTS.has(element.localName)) return true
  }
  if (/<!--|<\?/.test(example.html)) return true
  for (const match of example.markdown.matchAll(RAW_TAG)) {
    const name = match[1]?.toLowerCase()
    if (name !== undefined && new RegExp(`<\\/?${name}[\\s/>]`, 'i').test(example.html)) return true
  }
  return false
}

function decodeUrl(value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Maps the kit's own markup (wrappers, headers, data attributes) to the plain HTML the spec writes. */
function toPlainHtml(root: Element): void {
  for (const wrapper of root.querySelectorAll('.as-md-block, .as-md-table-wrap, .as-md-item-text')) wrapper.replaceWith(...wrapper.childNodes)
  for (const block of root.querySelectorAll('.as-md-code')) {
    const code = block.querySelector('pre > code')
    const pre = document.createElement('pre')
    const plain = document.createElement('code')
    const language = block.getAttribute('data-language')
    if (language) plain.setAttribute('class', `language-${language}`)
    const text = code?.textContent ?? ''
    plain.textContent = text === '' ? '' : `${text}\n`
    pre.append(plain)
    block.replaceWith(pre)
  }
  for (const cell of root.querySelectorAll('[data-align]')) cell.setAttribute('align', cell.getAttribute('data-align') ?? '')
  for (const code of root.querySelectorAll('code.as-md-inline-code')) code.removeAttribute('class')
}

function canonical(node: Node, inPre: boolean): string {
  if (node.nodeType === node.TEXT_NODE) {
    const text = node.textContent ?? ''
    return escapeText(inPre ? text : text.replace(/[ \t\r\n]+/g, ' '))
  }
  if (!(node instanceof Element)) return ''
  const name = node.localName
  const kept = KEPT_ATTRIBUTES[name] ?? []
  const attributes = [...node.attributes]
    .filter((attribute) => kept.includes(attribute.name))
    .map((attribute) => {
      const value = attribute.name === 'href' || attribute.name === 'src' ? decodeUrl(attribute.value) : attribute.value
      return attribute.name === 'checked' || attribute.name === 'disabled'
        ? attribute.name
        : `${attribute.name}="${escapeText(value).replace(/"/g, '&quot;')}"`
    })
    .sort()
  const open = `<${[name, ...attributes].join(' ')}>`
  if (VOID_ELEMENTS.has(name)) return open
  const pre = inPre || name === 'pre'
  let inner = [...node.childNodes].map((child) => canonical(child, pre)).join('')
  if (!pre && BLOCK_ELEMENTS.has(name)) inner = inner.replace(/^ +| +$/g, '')
  return `${open}${inner}</${name}>`
}

/** The canonical form of an HTML fragment: whitespace between and around blocks dropped, attributes sorted. */
export function normalizeHtml(html: string, ours: boolean): string {
  const template = document.createElement('template')
  template.innerHTML = html
  const root = document.createElement('div')
  root.append(template.content)
  if (ours) toPlainHtml(root)
  const parts = [...root.childNodes].map((child) => canonical(child, false))
  return parts
    .join('')
    .replace(/ ?(<\/?(?:p|h[1-6]|ul|ol|li|blockquote|pre|hr|table|thead|tbody|tr|th|td)(?: [^>]*)?>) ?/g, '$1')
    .replace(/(<input[^>]*>|<br>) /g, '$1')
    .trim()
}

function Rendered({ markdown, extensions }: { readonly markdown: string; readonly extensions: boolean }) {
  const blocks = parseMarkdownBlocks(markdown, { streaming: false, extendedAutolinks: extensions })
  return (
    <div className="as-md-block">
      {blocks.map((block) => (
        <div key={block.key} className="as-md-block">
          {renderBlock(block.node, undefined)}
        </div>
      ))}
    </div>
  )
}

/**
 * Our rendering of `markdown` as HTML: React elements through react-dom/server; remote images as if clicked.
 * `extensions: false` turns GFM's extended autolinks off, as the spec runners do for the core examples.
 */
export function renderOurs(markdown: string, extensions: boolean): string {
  const markup = renderToStaticMarkup(<Rendered markdown={markdown} extensions={extensions} />)
  if (!markup.includes('as-md-image-gate')) return markup
  // a remote image waits for the reader's click; the suite compares what the reader sees after it
  const view = render(<Rendered markdown={markdown} extensions={extensions} />)
  for (const gate of view.container.querySelectorAll('.as-md-image-gate')) fireEvent.click(gate)
  const html = view.container.innerHTML
  cleanup()
  return html
}

/** Runs one example: raw HTML examples are told apart first. */
export function runExample(example: SpecExample): { outcome: SpecOutcome; expected: string; actual: string } {
  // the spec writes tabs as `→`
  const html = example.html.replace(/→/g, '\t')
  const markdown = example.markdown.replace(/→/g, '\t')
  const expected = normalizeHtml(html, false)
  let actual: string
  try {
    actual = normalizeHtml(renderOurs(markdown, example.section.includes('(extension)')), true)
  } catch (error) {
    actual = `threw ${String(error)}`
  }
  if (usesRawHtml({ ...example, markdown, html })) return { outcome: 'raw-html', expected, actual }
  return { outcome: actual === expected ? 'pass' : 'fail', expected, actual }
}
