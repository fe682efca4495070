import type { Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { closeCleanly, suiteBrowser, isSevere, openDemo, runAxe, screenshot, send, waitForTurn, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(() => closeCleanly(demo))

function scripts(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
}

async function openInspector(page: Page) {
  await page.getByRole('button', { name: 'Inspector' }).click()
  const inspector = page.getByRole('region', { name: 'Agent inspector' })
  await inspector.waitFor()
  return inspector
}

it('loads the inspector only when it is opened, and lists the run as it streams', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  expect((await scripts(page)).some((path) => path.includes('inspector'))).toBe(false)
  const inspector = await openInspector(page)
  expect((await scripts(page)).some((path) => path.includes('inspector'))).toBe(true)
  const log = inspector.getByRole('listbox', { name: 'Event log' })
  await log.getByRole('option').first().waitFor()
  // live, the log follows its end; scrolled to the top it starts with the user's message and the run
  await log.evaluate((element) => {
    element.scrollTop = 0
  })
  await expect.poll(() => log.getByRole('option').first().textContent()).toContain('USER_MESSAGE')
  expect(await log.getByRole('option').nth(1).textContent()).toContain('run: message')
  await expect.poll(() => inspector.getByRole('status').textContent()).toBe('Following live events')
  await screenshot(page, 'inspector-live')
})

it('scrubs with the keyboard: the chat shows the past read-only, and Escape snaps back to live', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  const inspector = await openInspector(page)
  const log = inspector.getByRole('listbox', { name: 'Event log' })
  await log.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  expect(await inspector.getByRole('status').textContent()).toMatch(/^After event 3 of \d+$/)
  const readOnly = page.locator('main [data-read-only]')
  await readOnly.waitFor()
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
  // ← and → step one event from anywhere in the inspector but a text field
  await inspector.getByRole('tab', { name: 'Events' }).focus()
  await page.keyboard.press('ArrowRight')
  expect(await inspector.getByRole('tab', { name: 'Timeline' }).getAttribute('aria-selected')).toBe('true')
  await inspector.getByRole('button', { name: 'Export as fixture' }).focus()
  await page.keyboard.press('ArrowLeft')
  expect(await inspector.getByRole('status').textContent()).toMatch(/^After event 2 of \d+$/)
  await screenshot(page, 'inspector-scrubbed')
  await page.keyboard.press('Escape')
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  expect(await inspector.getByRole('status').textContent()).toBe('Following live events')
})

it('jumps from a timeline bar to its first event', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  const inspector = await openInspector(page)
  await inspector.getByRole('tab', { name: 'Timeline' }).click()
  const bar = inspector.getByRole('button', { name: /^Tool call get_weather/ }).first()
  await bar.click()
  await inspector.getByRole('tab', { name: 'Events' }).click()
  const current = inspector.locator('[role="option"][data-current]')
  expect(await current.textContent()).toContain('TOOL_CALL_START')
})

it('filters, searches and shows the inspector without serious axe violations, live and scrubbed, in Chinese too', async () => {
  demo = await openDemo(browser(), { axe: true })
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  const inspector = await openInspector(page)
  await inspector.getByLabel('Type').selectOption('TOOL_CALL_START')
  const rows = inspector.getByRole('listbox', { name: 'Event log' }).getByRole('option')
  for (const text of await rows.allTextContents()) expect(text).toContain('TOOL_CALL_START')
  expect((await runAxe(page, 'inspector-filtered')).filter(isSevere)).toEqual([])
  await rows.first().click()
  expect((await runAxe(page, 'inspector-scrubbed')).filter(isSevere)).toEqual([])
  await inspector.getByRole('tab', { name: 'Timeline' }).click()
  expect((await runAxe(page, 'inspector-timeline')).filter(isSevere)).toEqual([])
  await page.getByLabel('Language').selectOption('zh-CN')
  await page.getByRole('region', { name: '智能体检查器' }).waitFor()
  // The chat's own turn status (.as-identity-status) fails color-contrast in zh-CN at the time of writing: that is
  // the chat's, reported apart; everything else on the page, the inspector included, must pass.
  const chatOnly = (violation: { targets: readonly string[] }) => violation.targets.every((target) => target.includes('as-identity-status'))
  expect((await runAxe(page, 'inspector-zh-CN')).filter(isSevere).filter((violation) => !chatOnly(violation))).toEqual([])
})

it('records every transport: AG-UI and Agent Protocol runs show up in the log', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const inspector = await openInspector(page)
  for (const label of ['AG-UI', 'Agent Protocol']) {
    await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label })
    await send(page, 'weather')
    await waitForTurn(page, 0, ['completed'])
    const log = page.getByRole('region', { name: 'Agent inspector' }).getByRole('listbox', { name: 'Event log' })
    await screenshot(page, `inspector-${label}`)
    await expect
      .poll(async () => (await log.getByRole('option').allTextContents()).some((text) => text.includes('AGENT_END')), { timeout: 15_000 })
      .toBe(true)
  }
  expect(await inspector.count()).toBe(1)
})

it('fits a phone: the inspector below the chat, no sideways scrolling', async () => {
  demo = await openDemo(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  // on a phone the toggle is in the drawer of scenarios and settings
  await page.getByRole('button', { name: /Scenarios and settings/ }).click()
  await openInspector(page)
  await page.keyboard.press('Escape')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshot(page, 'inspector-phone')
})

it('opens a log of 100,000 events and keeps only the rows in view in the page, scrolled to the end', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const inspector = await openInspector(page)
  const frames = ['event:AGENT_START\ndata:{"type":"AGENT_START","id":"a0","replyId":"R0"}\n\n']
  for (let index = 0; index < 100_000; index++) {
    frames.push(`event:TEXT_BLOCK_DELTA\ndata:{"type":"TEXT_BLOCK_DELTA","id":"d${index}","replyId":"M1","blockId":"text","delta":"${index} "}\n\n`)
  }
  frames.push('event:AGENT_END\ndata:{"type":"AGENT_END","id":"a1","replyId":"R0"}\n\n')
  await inspector
    .locator('input[type="file"]')
    .setInputFiles({ name: 'long.sse', mimeType: 'text/event-stream', buffer: Buffer.from(frames.join('')) })
  await expect.poll(() => inspector.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Imported: long')
  const log = inspector.getByRole('listbox', { name: 'Event log' })
  await log.focus()
  await page.keyboard.press('End')
  const last = log.locator('[role="option"][data-current]')
  await expect.poll(() => last.textContent()).toContain('run-end')
  expect(await log.getByRole('option').count()).toBeLessThan(80)
  // the read-only chat holds the whole answer, rebuilt through the reducer
  await expect.poll(() => page.locator('main [data-read-only]').textContent(), { timeout: 20_000 }).toContain('99999')
})

it('draws the timeline of 2,000 model and tool calls with only the rows in view in the page, down to the last call', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const inspector = await openInspector(page)
  const frame = (type: string, id: string, fields: string) => `event:${type}\ndata:{"type":"${type}","id":"${id}",${fields}}\n\n`
  const frames = [frame('AGENT_START', 'a0', '"replyId":"R0"')]
  for (let index = 0; index < 2_000; index++) {
    const call = `"replyId":"M${index}","toolCallId":"c${index}","toolCallName":"read_${index}"`
    frames.push(
      frame('MODEL_CALL_START', `m${index}`, `"replyId":"M${index}"`),
      frame('TOOL_CALL_START', `s${index}`, call),
      frame('TOOL_CALL_END', `e${index}`, call),
      frame('MODEL_CALL_END', `n${index}`, `"replyId":"M${index}"`),
      frame('TOOL_RESULT_START', `r${index}`, call.replace(`"M${index}"`, `"A${index}"`)),
      frame('TOOL_RESULT_END', `t${index}`, `${call.replace(`"M${index}"`, `"A${index}"`)},"state":"success"`),
    )
  }
  frames.push(frame('AGENT_END', 'a1', '"replyId":"R0"'))
  await inspector
    .locator('input[type="file"]')
    .setInputFiles({ name: 'calls.sse', mimeType: 'text/event-stream', buffer: Buffer.from(frames.join('')) })
  await expect.poll(() => inspector.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Imported: calls')
  await inspector.getByRole('tab', { name: 'Timeline' }).click()
  const timeline = inspector.getByRole('list', { name: 'Timeline of the turns' })
  const rows = timeline.getByRole('listitem')
  await rows.first().waitFor()
  // the turn's heading and its 4,000 bars, of which the page holds a screenful
  expect(await rows.first().getAttribute('aria-setsize')).toBe('4001')
  expect(await rows.count()).toBeLessThan(80)
  await timeline.evaluate((list) => (list.scrollTop = list.scrollHeight))
  const last = timeline.getByRole('button', { name: /^Tool call read_1999 ·/ })
  await last.waitFor()
  expect(await rows.count()).toBeLessThan(80)
  await last.click()
  await inspector.getByRole('tab', { name: 'Events' }).click()
  expect(await inspector.locator('[role="option"][data-current]').textContent()).toContain('TOOL_CALL_START')
})
