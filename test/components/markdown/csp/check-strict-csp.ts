// Renders math and a Mermaid diagram in Chromium under the demo's STRICT_CSP and reports every CSP violation,
// and whether the formulas and the diagram were drawn. Run: npx tsx test/components/markdown/csp/check-strict-csp.ts
// (CSP_CHECK_ONLY=math for the formulas alone, CSP_CHECK_SCREENSHOT=file.png for a picture, CSP_CHECK_PORT)
import { createServer } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { STRICT_CSP } from '../../../../vite.config'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../chromium'

const PORT = Number(process.env['CSP_CHECK_PORT'] ?? 18200)
const out = mkdtempSync(join(tmpdir(), 'as-md-csp-'))
await build({
  entryPoints: [join(import.meta.dirname, 'page.tsx')],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: out,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
  logLevel: 'error',
})
const server = createServer((request, response) => {
  const path = request.url === '/' ? null : join(out, (request.url ?? '').replace(/^\/+/, ''))
  response.setHeader('Content-Security-Policy', STRICT_CSP)
  if (path === null) {
    response.setHeader('Content-Type', 'text/html')
    response.end(
      '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>',
    )
    return
  }
  try {
    const body = readFileSync(path)
    response.setHeader('Content-Type', extname(path) === '.js' ? 'text/javascript' : 'application/octet-stream')
    response.end(body)
  } catch {
    response.statusCode = 404
    response.end()
  }
})
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve))
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
try {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`))
  })
  await page.goto(`http://127.0.0.1:${PORT}/${process.env['CSP_CHECK_ONLY'] === 'math' ? '#math' : ''}`)
  await page.waitForSelector('img.as-md-mermaid', { timeout: 30_000 }).catch(() => undefined)
  await page.waitForTimeout(500)
  const result = await page.evaluate(async () => {
    const image = document.querySelector('img.as-md-mermaid') as HTMLImageElement | null
    let inked = 0
    if (image) {
      await image.decode().catch(() => undefined)
      const canvas = document.createElement('canvas')
      canvas.width = image.naturalWidth
      canvas.height = image.naturalHeight
      const context = canvas.getContext('2d')
      context?.drawImage(image, 0, 0)
      const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      for (let index = 3; index < pixels.length; index += 4) if ((pixels[index] ?? 0) > 0) inked++
    }
    return {
      formulas: document.querySelectorAll('math').length,
      formulaWidths: [...document.querySelectorAll('math')].map((math) => Math.round(math.getBoundingClientRect().width)),
      diagram: image ? { width: image.naturalWidth, height: image.naturalHeight, inkedPixels: inked, src: image.src.slice(0, 5) } : null,
      inlineSvgInPage: document.querySelectorAll('#root svg').length,
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }
  })
  if (process.env['CSP_CHECK_SCREENSHOT']) await page.screenshot({ path: process.env['CSP_CHECK_SCREENSHOT'], fullPage: true })
  // count the violations by kind (Mermaid measures its layout in the page with inline styles)
  const violations: Record<string, number> = {}
  for (const violation of result.violations) violations[violation] = (violations[violation] ?? 0) + 1
  console.log(JSON.stringify({ csp: STRICT_CSP, ...result, violations, pageErrors: errors }, null, 2))
} finally {
  await browser.close()
  server.close()
}
