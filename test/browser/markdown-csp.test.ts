/**
 * Math and a Mermaid diagram rendered in Chromium under the demo's STRICT_CSP (the page of
 * test/components/markdown/csp): not one CSP violation is reported, and the diagram is drawn with Mermaid's own
 * styles (its nodes light-filled, not the black an unstyled SVG gets), as an image of a blob: URL with no SVG in
 * the page. Mermaid lays the diagram out in the page with its inline styles kept inert (inert-styles.ts).
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { STRICT_CSP } from '../../vite.config'
import { connectBrowser } from './demo-page'

const PAGE = fileURLToPath(new URL('../components/markdown/csp/page.tsx', import.meta.url))
let browser: Browser
let server: Server
let origin: string
const requested: string[] = []

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'as-md-csp-'))
  await build({
    entryPoints: [PAGE],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: out,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'error',
  })
  server = createServer((request, response) => {
    requested.push(request.url ?? '')
    response.setHeader('Content-Security-Policy', STRICT_CSP)
    if (request.url === '/' || request.url?.startsWith('/#')) {
      response.setHeader('Content-Type', 'text/html')
      response.end(
        '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>',
      )
      return
    }
    try {
      const body = readFileSync(join(out, (request.url ?? '').replace(/^\/+/, '')))
      response.setHeader('Content-Type', extname(request.url ?? '') === '.js' ? 'text/javascript' : 'application/octet-stream')
      response.end(body)
    } catch {
      response.statusCode = 404
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
  browser = await connectBrowser()
}, 60_000)

// Every CSP report the page gets, from its first script on.
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`), true)
  })
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

it("leaves diagrams with a remote image shape as code, however the key is written: nothing is fetched without the user's click", async () => {
  const page = await browser.newPage()
  try {
    await page.goto(`${origin}/#exfil`)
    // the harmless diagram before it is drawn, so Mermaid has run
    await page.waitForSelector('img.as-md-mermaid', { timeout: 30_000 })
    // diagrams are drawn one after the other: the second, if it were drawn, would be within a second of the first
    await page.waitForTimeout(1500)
    expect(requested.filter((url) => url.startsWith('/exfil'))).toEqual([])
    expect(await page.locator('img.as-md-mermaid').count()).toBe(1)
    // every diagram keeps its source as code beneath it: the drawn one and the four left as code
    expect(await page.locator('.as-md-code[data-language="mermaid"]').count()).toBe(5)
    expect(await page.locator('.as-md-code[data-language="mermaid"]').last().textContent()).toContain('"im\\x67":')
  } finally {
    await page.close()
  }
})

it('draws math and a Mermaid diagram under the strict CSP with zero CSP reports', async () => {
  const page = await browser.newPage()
  try {
    await recordCspViolations(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${origin}/`)
    await page.waitForSelector('img.as-md-mermaid', { timeout: 30_000 })
    const result = await page.evaluate(async () => {
      const image = document.querySelector('img.as-md-mermaid') as HTMLImageElement
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.naturalWidth
      canvas.height = image.naturalHeight
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data
      let light = 0
      let dark = 0
      for (let index = 0; index < pixels.length; index += 4) {
        if ((pixels[index + 3] ?? 0) < 128) continue
        const sum = (pixels[index] ?? 0) + (pixels[index + 1] ?? 0) + (pixels[index + 2] ?? 0)
        if (sum > 600) light++
        else if (sum < 150) dark++
      }
      return {
        formulas: document.querySelectorAll('math').length,
        src: image.src.slice(0, 5),
        width: image.naturalWidth,
        light,
        dark,
        svgInPage: document.querySelectorAll('#root svg').length,
        leftovers: document.querySelectorAll('body > div:not(#root)').length,
      }
    })
    // let any late report arrive
    await page.waitForTimeout(300)
    const violations = await cspViolations(page)
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    expect(result.formulas).toBe(2)
    expect(result.src).toBe('blob:')
    expect(result.width).toBeGreaterThan(50)
    expect(result.svgInPage).toBe(0)
    expect(result.leftovers).toBe(0)
    // Mermaid's stylesheet applied inside the image: light node fills outweigh the dark strokes and text
    expect(result.light).toBeGreaterThan(result.dark)
  } finally {
    await page.close()
  }
})

it("keeps diagrams that ask for HTML labels, a looser sanitizer or handlers from fetching or reporting anything: the diagram's text cannot loosen the kit's settings", async () => {
  const page = await browser.newPage()
  try {
    await recordCspViolations(page)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`${origin}/#labels`)
    await page.waitForSelector('img.as-md-mermaid', { timeout: 30_000 })
    // diagrams are drawn one after the other: wait until no new one has appeared for two seconds
    let drawn = -1
    for (let count = await page.locator('img.as-md-mermaid').count(); count !== drawn; count = await page.locator('img.as-md-mermaid').count()) {
      drawn = count
      await page.waitForTimeout(2000)
    }
    expect(requested.filter((url) => url.startsWith('/exfil'))).toEqual([])
    expect(await cspViolations(page)).toEqual([])
    expect(dialogs).toEqual([])
    // most are still drawn: locking the settings did not make the diagrams unreadable
    expect(drawn).toBeGreaterThanOrEqual(6)
  } finally {
    await page.close()
  }
}, 60_000)
