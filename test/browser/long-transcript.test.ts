/**
 * A 1,000-turn conversation in Chromium (#11 item 5): loaded history, then a new turn streaming in bursts of 64.
 * The page is bench/transcript/ (the same one `npm run bench -- transcript` times); this checks what must hold on
 * any machine: one commit per frame, only the turns near the viewport in the DOM, the end of the reply on screen.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildPage, startStaticServer } from '../../bench/browser-build'
import type { BuiltPage, StaticServer } from '../../bench/browser-build'
import type { TranscriptSample } from '../../bench/transcript/protocol'
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

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  await page.goto(server.url)
  await page.waitForFunction(() => 'transcriptBench' in window)
  return page
}

it('streams a turn after 1,000 loaded turns with one commit per frame and only the last turns in the DOM', async () => {
  const page = await openPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const sample = (await page.evaluate('window.transcriptBench.longTranscript(1000, 1500)')) as TranscriptSample
  expect(errors).toEqual([])
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
  const log = page.getByRole('log', { name: 'Conversation' })
  await log.hover()
  await page.mouse.wheel(0, -400)
  await log.evaluate((node) => {
    node.scrollTop = 0
  })
  await page.getByText('Question 0: what about item 0?').waitFor()
  expect(await page.locator('.as-list-content > .as-turn').count()).toBeLessThan(40)
  await page.context().close()
})
