/**
 * Every scenario of the scripted server at desktop and phone size, each screenshotted in light and dark, English and
 * Simplified Chinese (test-results/screenshots/matrix/<scenario>-<viewport>-<theme>-<locale>.png). At phone size,
 * nothing may scroll sideways: the chat, the list and every card fit, and the composer stays in the viewport.
 * One scenario runs once per viewport; theme and language are switched on the finished page. Pages run
 * side by side in the one shared browser, so the whole matrix stays within a couple of minutes.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { connectBrowser, openDemo, overflowOf, send } from './demo-page'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DIRECTORY = `${ROOT}/test-results/screenshots/${process.env.SCREENSHOT_SET ?? 'matrix'}`
const PARALLEL_PAGES = 3

interface ScenarioInfo {
  readonly name: string
  readonly keyword: string
}

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const

let browser: Browser
let scenarios: readonly ScenarioInfo[]

beforeAll(async () => {
  browser = await connectBrowser()
  const response = await fetch(`${inject('baseUrl')}/api/scenarios`)
  scenarios = (await response.json()) as ScenarioInfo[]
  mkdirSync(DIRECTORY, { recursive: true })
})

afterAll(async () => {
  await browser.close()
})

// The chat has settled: the run is over (done, paused for the user, or failed), or the long ones have shown enough.
async function settle(page: Page, name: string): Promise<void> {
  await page.locator('.as-user').first().waitFor()
  if (name === 'long-running') {
    await page.locator('article.as-tool[data-tool="run_tests"] .as-tool-text').first().waitFor()
    return
  }
  await page.locator('.as-chat:not([data-status="streaming"]):not([data-status="connecting"])').waitFor({ timeout: 45_000 })
}

async function look(page: Page, theme: 'light' | 'dark', locale: 'en' | 'zh-CN'): Promise<void> {
  await page
    .getByLabel(locale === 'en' ? 'Language' : /Language|语言/)
    .first()
    .selectOption(locale, { force: true })
  await page
    .getByLabel(/Theme|主题/)
    .first()
    .selectOption(theme, { force: true })
}

async function shoot(viewport: keyof typeof VIEWPORTS, scenario: ScenarioInfo, problems: string[]): Promise<void> {
  const demo = await openDemo(browser, VIEWPORTS[viewport])
  try {
    const { page } = demo
    await look(page, 'light', 'en')
    await send(page, scenario.keyword)
    await settle(page, scenario.name)
    // let the last frame of the stream and any image land
    await page.waitForTimeout(150)
    for (const [theme, locale] of [
      ['light', 'en'],
      ['dark', 'en'],
      ['dark', 'zh-CN'],
      ['light', 'zh-CN'],
    ] as const) {
      await look(page, theme, locale)
      await page.screenshot({ path: `${DIRECTORY}/${scenario.name}-${viewport}-${theme}-${locale}.png`, animations: 'disabled' })
      if (viewport === 'phone') for (const problem of await overflowOf(page)) problems.push(`${scenario.name} ${theme} ${locale}: ${problem}`)
    }
    const stop = page.getByRole('button', { name: /^(Stop|停止)$/ })
    // the rest of the test suite is not needed; the run may also have ended by now, which is as good
    if (scenario.name === 'long-running') await stop.click({ force: true, timeout: 2_000 }).catch(() => {})
  } catch (error) {
    problems.push(`${scenario.name} at ${viewport}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  } finally {
    await demo.close()
  }
}

async function runAll(viewport: keyof typeof VIEWPORTS): Promise<string[]> {
  const problems: string[] = []
  const queue = [...scenarios]
  const worker = async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) await shoot(viewport, scenario, problems)
  }
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker))
  return problems
}

it('screenshots every scenario at desktop size, light and dark, English and Chinese', async () => {
  expect(scenarios.length).toBeGreaterThanOrEqual(20)
  expect(await runAll('desktop')).toEqual([])
}, 240_000)

it('screenshots every scenario at phone size (390×844), and nothing scrolls sideways', async () => {
  expect(await runAll('phone')).toEqual([])
}, 240_000)
