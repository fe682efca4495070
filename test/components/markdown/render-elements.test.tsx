// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'

afterEach(cleanup)

function renderFinal(text: string) {
  return render(<StreamingMarkdown text={text} />)
}

describe('StreamingMarkdown renders each element', () => {
  it('renders ATX headings at their level', () => {
    renderFinal('# One\n## Two\n###### Six ##')
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Two' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 6, name: 'Six' })).toBeTruthy()
  })

  it('keeps `#hashtag` as text, not a heading', () => {
    renderFinal('#hashtag')
    expect(screen.queryByRole('heading')).toBeNull()
    expect(screen.getByText('#hashtag')).toBeTruthy()
  })

  it('renders paragraphs with soft breaks as newlines and hard breaks as <br>', () => {
    const { container } = renderFinal('one\ntwo  \nthree\\\nfour\n\nnext')
    const paragraphs = container.querySelectorAll('p')
    expect(paragraphs).toHaveLength(2)
    expect(paragraphs[0]?.textContent).toBe('one\ntwothreefour')
    expect(paragraphs[0]?.querySelectorAll('br')).toHaveLength(2)
  })

  it('decodes the common named references at once, and every other HTML5 one once the full table is there (#9)', async () => {
    const { container } = renderFinal('AT&amp;T &copy; 2026 &rarr; x\n\n&HilbertSpace; &DifferentialD; &ngE; &notanentity;')
    expect(container.querySelector('p')?.textContent).toBe('AT&T © 2026 → x')
    // the full table is a chunk of its own: until it arrives (the first time) the rarer names stay literal
    await waitFor(() => expect(container.querySelectorAll('p')[1]?.textContent).toBe('ℋ ⅆ ≧̸ &notanentity;'))
  })

  it('renders emphasis, strong and strikethrough with both delimiters', () => {
    const { container } = renderFinal('*a* _b_ **c** __d__ ~~e~~ ***f***')
    expect([...container.querySelectorAll('em')].map((node) => node.textContent)).toEqual(['a', 'b', 'f'])
    expect([...container.querySelectorAll('strong')].map((node) => node.textContent)).toEqual(['c', 'd', 'f'])
    expect(container.querySelector('del')?.textContent).toBe('e')
  })

  it('leaves intraword underscores and spaced asterisks alone', () => {
    renderFinal('snake_case_name and 2 * 3 * 4')
    expect(screen.getByText('snake_case_name and 2 * 3 * 4')).toBeTruthy()
  })

  it('renders CJK bold without spaces around the markers', () => {
    const { container } = renderFinal('这是**“粗体”**吗，还有**粗体**文字')
    expect([...container.querySelectorAll('strong')].map((node) => node.textContent)).toEqual(['“粗体”', '粗体'])
  })

  it('renders inline code from backtick runs, with backticks inside', () => {
    const { container } = renderFinal('use `npm i` or `` a ` b ``')
    expect([...container.querySelectorAll('code')].map((node) => node.textContent)).toEqual(['npm i', 'a ` b'])
  })

  it('renders links with a title, opening in a new tab without opener or referrer', () => {
    renderFinal('[docs](https://example.com/a_(b) "The docs")')
    const link = screen.getByRole('link', { name: 'docs' })
    expect(link.getAttribute('href')).toBe('https://example.com/a_(b)')
    expect(link.getAttribute('title')).toBe('The docs')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })

  it('renders autolinks and bare URLs, leaving trailing punctuation out', () => {
    renderFinal('<https://a.example/x> and https://b.example/y. Mail <me@example.com>')
    expect(screen.getByRole('link', { name: 'https://a.example/x' }).getAttribute('href')).toBe('https://a.example/x')
    expect(screen.getByRole('link', { name: 'https://b.example/y' }).getAttribute('href')).toBe('https://b.example/y')
    expect(screen.getByRole('link', { name: 'me@example.com' }).getAttribute('href')).toBe('mailto:me@example.com')
  })

  it('renders an inline image at once with its alt text', () => {
    renderFinal('![A dot](data:image/png;base64,iVBORw0KGgo= "Dot")')
    expect(screen.getByRole('img', { name: 'A dot' }).getAttribute('title')).toBe('Dot')
  })

  it('loads a remote image only when the reader asks, since its URL could carry the conversation away', () => {
    renderFinal('![A cat](https://img.example/cat.png "Cat")')
    expect(screen.queryByRole('img')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Load image “A cat” from img.example' }))
    const image = screen.getByRole('img', { name: 'A cat' })
    expect(image.getAttribute('src')).toBe('https://img.example/cat.png')
    expect(image.getAttribute('title')).toBe('Cat')
  })

  it('renders fenced code with ``` and ~~~, the language in data-language', () => {
    const { container } = renderFinal('```ts title=x\nconst a = 1\n```\n\n~~~\nplain ``` inside\n~~~')
    const codes = container.querySelectorAll('pre > code')
    expect(codes).toHaveLength(2)
    expect(codes[0]?.getAttribute('data-language')).toBe('ts')
    expect(codes[0]?.textContent).toBe('const a = 1')
    expect(codes[1]?.hasAttribute('data-language')).toBe(false)
    expect(codes[1]?.textContent).toBe('plain ``` inside')
  })

  it('renders indented code', () => {
    const { container } = renderFinal('para\n\n    indented()\n    more()')
    expect(container.querySelector('pre > code')?.textContent).toBe('indented()\nmore()')
  })

  it('renders nested block quotes', () => {
    const { container } = renderFinal('> outer\n> > inner\n> back')
    const outer = container.querySelector('blockquote')
    expect(outer?.querySelector('blockquote')?.textContent).toBe('inner\nback')
    expect(outer?.querySelector(':scope > p')?.textContent).toBe('outer')
  })

  it('renders nested bullet and ordered lists by indentation', () => {
    renderFinal('1. First\n   - a\n   - b\n2. Second\n  - c\n\n- x\n  - y\n    - z')
    const lists = screen.getAllByRole('list')
    const ordered = lists.find((list) => list.tagName === 'OL')
    expect(ordered).toBeDefined()
    const items = within(ordered as HTMLElement).getAllByRole('listitem')
    expect(items.map((item) => item.firstChild?.textContent)).toEqual(['First', 'a', 'b', 'Second', 'c'])
    expect(screen.getByText('z').closest('ul')?.parentElement?.closest('ul')?.parentElement?.closest('ul')).toBeTruthy()
  })

  it('keeps the start number of an ordered list', () => {
    const { container } = renderFinal('3. three\n4. four')
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3')
  })

  it('renders task items as disabled checkboxes', () => {
    renderFinal('- [ ] todo\n- [x] done')
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [false, true],
      [true, true],
    ])
    expect(screen.getByText('todo')).toBeTruthy()
  })

  it('renders GFM tables with header scope and alignment', () => {
    renderFinal('| Name | Qty | Note |\n|:-----|----:|:----:|\n| a | 1 | x |\n| b | 2 |')
    const table = screen.getByRole('table')
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => [header.textContent, header.getAttribute('scope'), header.getAttribute('data-align')])).toEqual([
      ['Name', 'col', 'left'],
      ['Qty', 'col', 'right'],
      ['Note', 'col', 'center'],
    ])
    const cells = within(table).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual(['a', '1', 'x', 'b', '2', ''])
  })

  it('renders thematic breaks', () => {
    renderFinal('a\n\n---\n\nb\n\n* * *')
    expect(screen.getAllByRole('separator')).toHaveLength(2)
  })

  it('honours backslash escapes', () => {
    renderFinal('\\*not em\\* \\[not link\\](x) \\# and \\\\')
    expect(screen.getByText('*not em* [not link](x) # and \\')).toBeTruthy()
  })

  it('decodes a safe set of entities as text', () => {
    renderFinal('&amp; &lt;b&gt; &copy; &#x1F600; &#65; &unknown;')
    expect(screen.getByText('& <b> © 😀 A &unknown;')).toBeTruthy()
  })

  it('shows HTML in the text as literal text', () => {
    const { container } = renderFinal('<b>bold?</b>\n\n<div onclick="x()">hi</div>')
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('<b>bold?</b>')
    expect(container.textContent).toContain('<div onclick="x()">hi</div>')
  })

  it('renders unclosed syntax literally once the stream is over', () => {
    const { container } = renderFinal('**bold and `code and [link](http://x')
    expect(container.querySelector('strong, code, a')).toBeNull()
    expect(container.textContent).toBe('**bold and `code and [link](http://x')
  })

  it('spreads extra props on the root and forwards the ref', () => {
    let root: HTMLDivElement | null = null
    const { container } = render(
      <StreamingMarkdown
        text="x"
        className="mine"
        data-testid="md"
        ref={(node) => {
          root = node
        }}
      />,
    )
    const element = container.firstElementChild
    expect(element?.getAttribute('class')).toBe('as-md mine')
    expect(element?.getAttribute('data-testid')).toBe('md')
    expect(root).toBe(element)
  })
})
