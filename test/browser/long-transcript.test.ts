/**
 * A 1,000-turn conversation in Chromium (#11 item 5): loaded history, then a new turn streaming in bursts of 64; and
 * one turn of thousands of blocks (item 4). The page is bench/transcript/ (the same one `npm run bench -- transcript`
 * times); this checks what must hold on any machine: one commit per frame, only what is near the viewport in the
 * DOM, the end of the reply on screen, the beginning still reachable.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildPage, startStaticServer } from '../../bench/browser-build'
import type { BuiltPage, StaticServer } from '../../bench/browser-build'
import type { LongTurnSample, TranscriptSample } from '../../bench/transcript/protocol'
import { createWorkload } from '../../bench/workload'
import { connectBrowser } from './demo-page'

let browser: Browser
let built: BuiltPage
let server: StaticServer

beforeAll(async () => {
  browser = await connectBrowser()
  built = await buildPage(createWorkload(1), new URL('../../bench/transcript', import.meta.url).pathname)
  server = await startStaticServer(built.directory)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  built?.remove()
})

// A fresh page running `call` on `window.transcriptBench`; it fails on any page error.
async function sampleIn<T>(call: string): Promise<{ readonly page: Page; readonly sample: T }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(server.url)
  await page.waitForFunction(() => 'transcriptBench' in window)
  const sample = (await page.evaluate(`window.transcriptBench.${call}`)) as T
  expect(errors).toEqual([])
  return { page, sample }
}

// The wheel lets go of the bottom (as a reader does), then the list jumps to its top.
async function scrollToTop(page: Page) {
  const log = page.getByRole('log', { name: 'Conversation' })
  await log.hover()
  await page.mouse.wheel(0, -400)
  await log.evaluate((node) => {
    node.scrollTop = 0
  })
  return log
}

it('streams a turn after 1,000 loaded turns with one commit per frame and only the last turns in the DOM', async () => {
  const { page, sample } = await sampleIn<TranscriptSample>('longTranscript(1000, 1500)')
  expect(sample.status).toBe('done')
  // One commit per frame; the frames are counted by rAF callbacks inside the run, so the run's first publish can
  // come before the first counted frame: a short run (three frames on a busy machine) may show one more commit.
  expect(sample.commits).toBeLessThanOrEqual(sample.frames + 1)
  expect(sample.renderedTurns).toBeGreaterThan(0)
  expect(sample.renderedTurns).toBeLessThan(40)
  expect(sample.renderedItems).toBeLessThan(80)
  // The streamed reply's text block is the last one on screen.
  expect(sample.lastText).toMatch(/^word0 word1/)
  // The reader can still reach the first turn: scrolling to the top renders it.
  await scrollToTop(page)
  await page.getByText('Question 0: what about item 0?').waitFor()
  expect(await page.locator('.as-list-content > .as-turn').count()).toBeLessThan(40)
  await page.context().close()
})

it('streams a turn of 4,000 blocks with only the blocks near the viewport in the DOM, and scrolls back to its first', async () => {
  const { page, sample } = await sampleIn<LongTurnSample>('longTurn(4000, 200)')
  expect(sample.status).toBe('done')
  expect(sample.commits).toBeLessThanOrEqual(sample.frames + 1)
  expect(sample.renderedBlocks).toBeGreaterThan(5)
  expect(sample.renderedBlocks).toBeLessThan(120)
  expect(await page.getByText('Step 2099: looking it up.').isVisible()).toBe(true)
  const log = await scrollToTop(page)
  await page.getByText('Step 0: looking it up.').waitFor()
  expect(await page.locator('[data-as-block]').count()).toBeLessThan(120)
  // Halfway down, what is on screen is the middle of the turn, and stays put once the window has moved to it.
  await log.evaluate((node) => {
    node.scrollTop = node.scrollHeight / 2
  })
  const onScreen = () =>
    log.evaluate((node) => {
      const top = node.getBoundingClientRect().top
      const first = [...node.querySelectorAll<HTMLElement>('[data-as-block="text"]')].find((block) => block.getBoundingClientRect().bottom > top)
      return { text: first?.textContent ?? '', offset: Math.round((first?.getBoundingClientRect().top ?? 0) - top) }
    })
  await page.waitForFunction(() => document.querySelector('[data-as-block="text"]')?.textContent !== 'Step 0: looking it up.')
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const middle = await onScreen()
  const step = Number(/^Step (\d+):/.exec(middle.text)?.[1])
  expect(step).toBeGreaterThan(500)
  expect(step).toBeLessThan(1600)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
  expect(await onScreen()).toEqual(middle)
  await page.context().close()
})

it("streams a subagent lane of 4,000 blocks windowed inside its turn, and scrolls back to the lane's first", async () => {
  const { page, sample } = await sampleIn<LongTurnSample>('longTurn(4000, 200, true)')
  expect(sample.status).toBe('done')
  expect(sample.commits).toBeLessThanOrEqual(sample.frames + 1)
  const lane = page.getByRole('region', { name: /researcher/ })
  expect(await lane.locator('[data-as-block]').count()).toBeGreaterThan(5)
  expect(sample.renderedBlocks).toBeLessThan(120)
  expect(await lane.getByText('Step 2099: looking it up.').isVisible()).toBe(true)
  await scrollToTop(page)
  await lane.getByText('Step 0: looking it up.').waitFor()
  expect(await page.locator('[data-as-block]').count()).toBeLessThan(120)
  await page.context().close()
})
