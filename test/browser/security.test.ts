import { afterEach, expect, inject, it } from 'vitest'
import { HOSTILE_DONE, HOSTILE_PAYLOADS } from '../../src/testing/scenarios-security'
import { suiteBrowser, openDemo, PWNED_LOG_PATH, send, waitForTurn, type CspViolation, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(async () => {
  await demo.close()
})

// A violation a hostile payload caused names it (its id, or the /pwned beacon); any other one is our own code.
function isHostile(violation: CspViolation): boolean {
  return /H\d{3}|pwned/i.test(`${violation.sample} ${violation.blockedURI}`)
}

async function pwnedRequests(): Promise<string[]> {
  const response = await fetch(`${inject('baseUrl')}${PWNED_LOG_PATH}`)
  return (await response.json()) as string[]
}

it('serves the demo under the strict CSP, and a CSP violation is caught when one happens', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const response = await page.request.get(inject('baseUrl'))
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self';.*style-src 'self';.*object-src 'none'/)
  expect(await demo.violations()).toEqual([])
  // an inline script is what a successful injection would add: the policy blocks it and the listener sees it
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = "window.__pwned = 'csp-probe'"
    document.body.append(script)
  })
  await expect.poll(() => demo.violations()).toEqual([expect.objectContaining({ directive: 'script-src-elem' })])
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined()
})

it(`streams ${HOSTILE_PAYLOADS.length} hostile payloads through every channel and none of them runs`, async () => {
  expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(50)
  demo = await openDemo(browser())
  const { page, context } = demo
  const popups: string[] = []
  context.on('page', (popup) => {
    popups.push(popup.url())
    void popup.close()
  })
  const downloads: string[] = []
  page.on('download', (download) => {
    downloads.push(download.suggestedFilename())
    void download.cancel()
  })
  const home = page.url()
  await send(page, 'hostile')
  await page.getByText(HOSTILE_DONE).waitFor()
  await waitForTurn(page, 0, ['completed'])

  // show what is folded away, then hover and click everything a reader could
  for (const toggle of await page.locator('.as-chat button[aria-expanded="false"]').all()) await toggle.click()
  const targets = await page.locator('.as-chat a, .as-chat img, .as-chat video, .as-chat audio, .as-chat figure').all()
  for (const target of targets) {
    await target.hover({ force: true, timeout: 2000 })
    await target.click({ force: true, timeout: 2000 })
  }
  await page.waitForTimeout(300)
  console.info(
    `[hostile] ${HOSTILE_PAYLOADS.length} payloads, ${targets.length} links/images/media hovered and clicked; ` +
      `popups: ${JSON.stringify(popups)}; downloads: ${downloads.length}; outside requests: ${JSON.stringify(demo.outsideRequests)}`,
  )
  expect(page.url()).toBe(home)

  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined()
  expect(await pwnedRequests()).toEqual([])
  expect(demo.outsideRequests.filter((url) => /pwned/i.test(url))).toEqual([])
  expect(
    await page.evaluate(() => {
      const probe: Record<string, unknown> = {}
      return [probe.polluted, Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')]
    }),
  ).toEqual([undefined, false])

  const dom = await page.evaluate(() => {
    const root = document.getElementById('root') as HTMLElement
    const composer = root.querySelector('form.as-composer')
    const elements = [...root.querySelectorAll('*')]
    const describe = (element: Element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`
    const activeTags = elements
      .filter((element) =>
        /^(script|iframe|frame|frameset|object|embed|applet|base|meta|link|style|svg|math|template|noscript|form)$/i.test(element.tagName),
      )
      .filter((element) => element !== composer)
      .map(describe)
    const handlers: string[] = []
    const urls: string[] = []
    const styles: string[] = []
    for (const element of elements) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase()
        // what a browser would see once it strips whitespace and control characters from a URL
        const value = attribute.value.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase()
        if (name.startsWith('on')) handlers.push(`${describe(element)} ${name}`)
        if (name === 'srcdoc' || name === 'formaction' || (name === 'action' && element !== composer)) urls.push(`${describe(element)} ${name}`)
        const isUrl = /^(href|xlink:href|src|srcset|poster|data|action|formaction|background|cite|ping|codebase|lowsrc|dynsrc|manifest)$/
        if (isUrl.test(name) && /^(javascript|vbscript|livescript):|^data:(text\/html|image\/svg|application\/)/.test(value)) {
          urls.push(`${describe(element)} ${name}=${attribute.value.slice(0, 60)}`)
        }
        if (name === 'style' && /url\(|expression\(|@import/.test(value)) styles.push(`${describe(element)} ${attribute.value}`)
      }
    }
    return { activeTags, handlers, urls, styles, text: root.textContent ?? '' }
  })
  expect(dom.activeTags).toEqual([])
  expect(dom.handlers).toEqual([])
  expect(dom.urls).toEqual([])
  expect(dom.styles).toEqual([])

  // each payload arrived and is shown as inert text (the base64-wrapped data blocks aside: those are downloads)
  const shown = HOSTILE_PAYLOADS.filter((entry) => entry.channel !== 'data-block')
  expect(shown.filter((entry) => !dom.text.includes(entry.id)).map((entry) => `${entry.id} (${entry.channel})`)).toEqual([])
  for (const entry of HOSTILE_PAYLOADS.filter((candidate) => ['thinking', 'tool-name'].includes(candidate.channel))) {
    expect(dom.text).toContain(entry.payload)
  }

  const violations = await demo.violations()
  expect(violations.filter((violation) => !isHostile(violation))).toEqual([])
  // the kit never hands the browser a payload to block in the first place
  expect(violations.filter(isHostile)).toEqual([])

  // Regression: a media type that is an Object.prototype key ("constructor", "__proto__") became the kind.
  const kinds = await page.locator('.as-chat figure.as-media').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')))
  expect(kinds.filter((kind) => !['image', 'audio', 'video', 'file'].includes(kind ?? ''))).toEqual([])
  expect(demo.errors).toEqual([])
})
