/** The demo page in a fresh browser context: CSP violations, page errors and outside requests are recorded. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Where the preview server lists the requests whose URL mentions `pwned` (a hostile payload ran, or loaded). */
export const PWNED_LOG_PATH = '/__browser-test/pwned'

/** A `securitypolicyviolation` event as the page saw it. */
export interface CspViolation {
  readonly directive: string
  readonly blockedURI: string
  readonly sample: string
  readonly sourceFile: string
  readonly line: number
}

/** One open demo page and what it recorded. */
export interface Demo {
  readonly page: Page
  readonly context: BrowserContext
  /** Uncaught exceptions and console errors. */
  readonly errors: string[]
  /** Requests to any other origin: aborted, and listed here. */
  readonly outsideRequests: string[]
  /** Every CSP violation since the page loaded. */
  violations(): Promise<CspViolation[]>
  close(): Promise<void>
}

/** Options of {@link openDemo}. */
export interface OpenDemoOptions extends BrowserContextOptions {
  /** Inject axe-core before the page's own scripts (an init script is not subject to the page's CSP). */
  readonly axe?: boolean
}

/** Connects to the Chromium that global-setup.ts launched. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

/** The suite's Chromium for the tests of one file: connected before them, let go after them. */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await connectBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (browser === undefined) throw new Error('suiteBrowser(): the browser is there only inside the tests')
    return browser
  }
}

/** Opens the demo in a new context and waits until the scenario buttons are there. */
export async function openDemo(browser: Browser, options: OpenDemoOptions = {}): Promise<Demo> {
  const { axe = false, ...contextOptions } = options
  const baseUrl = inject('baseUrl')
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions })
  const errors: string[] = []
  const outsideRequests: string[] = []
  await context.route(
    (url) => url.origin !== baseUrl,
    (route) => {
      outsideRequests.push(route.request().url())
      return route.abort()
    },
  )
  await context.addInitScript(() => {
    const seen: unknown[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        seen.push({
          directive: event.violatedDirective,
          blockedURI: event.blockedURI,
          sample: event.sample,
          sourceFile: event.sourceFile,
          line: event.lineNumber,
        })
      },
      true,
    )
  })
  if (axe) await context.addInitScript({ content: AXE_SOURCE })
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // Chromium asks for /favicon.ico on its own (the demo has none), and logs the response `crash` aborts on purpose
    if (message.location().url.endsWith('/favicon.ico') || message.text().includes('ERR_INCOMPLETE_CHUNKED_ENCODING')) return
    errors.push(`console: ${message.text()}`)
  })
  await page.goto(baseUrl)
  await page.getByRole('navigation', { name: 'Scenarios' }).getByRole('button').first().waitFor()
  return {
    page,
    context,
    errors,
    outsideRequests,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: CspViolation[] }).__cspViolations.slice()),
    close: () => context.close(),
  }
}

/** Closes the demo, then fails the test on what went wrong in it: CSP violations, page errors, requests to other hosts. */
export async function closeCleanly(demo: Demo): Promise<void> {
  const violations = await demo.violations()
  await demo.close()
  expect(violations).toEqual([])
  expect(demo.errors).toEqual([])
  expect(demo.outsideRequests).toEqual([])
}

/** Types a message into the composer and presses Enter, as a user does. */
export async function send(page: Page, text: string, label = 'Message'): Promise<void> {
  const box = page.getByRole('textbox', { name: label })
  await box.click()
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
}

/** The agent turns of the conversation (not those inside subagent lanes), in order. */
export function turns(page: Page): Locator {
  return page.locator('.as-list-content > .as-turn')
}

/** Waits until the turn at `index` has one of these statuses. */
export async function waitForTurn(page: Page, index: number, statuses: readonly string[], timeout = 20_000): Promise<Locator> {
  const turn = turns(page).nth(index)
  const selector = statuses.map((status) => `[data-status="${status}"]`).join(', ')
  await turn.and(page.locator(selector)).waitFor({ timeout })
  return turn
}

/** Saves a screenshot of the viewport to test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${ROOT}/test-results/screenshots/${name}.png`, animations: 'disabled' })
}

/** An axe-core violation, trimmed to what a report needs. */
export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly targets: readonly string[]
}

/** Runs axe-core on the whole page (demo and kit) and saves the result to test-results/axe/<name>.json. */
export async function runAxe(page: Page, name: string): Promise<AxeViolation[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeRunResult> } }).axe
    interface AxeRunResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
    }
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  mkdirSync(`${ROOT}/test-results/axe`, { recursive: true })
  writeFileSync(`${ROOT}/test-results/axe/${name}.json`, `${JSON.stringify(violations, null, 2)}\n`)
  return violations
}

/** Whether axe rates a violation serious or critical. */
export function isSevere(violation: AxeViolation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical'
}

// What sticks out sideways at this size: the page, the chat, the list, and any card that scrolls or is cut.
export function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > width) problems.push(`page ${document.documentElement.scrollWidth} > ${width}`)
    const cards = '.as-chat, .as-list, .as-tool, .as-confirm, .as-lane, .as-error, .as-batch, .as-composer, .as-media, .demo-external'
    for (const element of document.querySelectorAll(cards)) {
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${element.className || element.tagName}: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`)
      }
      const box = element.getBoundingClientRect()
      if (box.width > 0 && box.right > width + 1) problems.push(`${element.className || element.tagName}: right ${Math.round(box.right)} > ${width}`)
    }
    const composer = document.querySelector('.as-composer')?.getBoundingClientRect()
    if (composer !== undefined && (composer.bottom > window.innerHeight + 1 || composer.top < 0)) problems.push('composer outside the viewport')
    return problems
  })
}

/** The demo's transports, by the label of its Protocol switch. */
export const PROTOCOL_LABELS = { native: 'Native events (SSE)', agui: 'AG-UI', 'agent-protocol': 'Agent Protocol' } as const
export type Protocol = keyof typeof PROTOCOL_LABELS
