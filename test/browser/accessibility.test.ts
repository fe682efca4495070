import { afterEach, expect, it } from 'vitest'
import { suiteBrowser, isSevere, openDemo, runAxe, send, waitForTurn, type AxeViolation, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(async () => {
  const violations = await demo.violations()
  await demo.close()
  // axe runs as an init script, which the page's CSP does not govern: it must not trip the policy either
  expect(violations).toEqual([])
  expect(demo.errors).toEqual([])
})

// Any violation fails (the kit and the demo are at zero); each is printed for the report first.
function report(name: string, violations: readonly AxeViolation[]): void {
  for (const violation of violations) {
    console.info(`[axe ${name}] ${violation.impact}: ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`)
  }
  expect(violations.filter(isSevere)).toEqual([])
  expect(violations).toEqual([])
}

it('injects axe-core under the strict CSP', async () => {
  demo = await openDemo(browser(), { axe: true })
  const response = await demo.page.request.get(demo.page.url())
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(await demo.page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run)).toBe('function')
})

it('has no serious axe violations on the idle page', async () => {
  demo = await openDemo(browser(), { axe: true })
  report('idle', await runAxe(demo.page, 'idle'))
})

it('has no serious axe violations after answers with tool cards, a subagent lane, thinking and an image', async () => {
  demo = await openDemo(browser(), { axe: true })
  const { page } = demo
  await send(page, 'weather in two cities, in parallel')
  await waitForTurn(page, 0, ['completed'])
  await send(page, 'research agent memory')
  await waitForTurn(page, 1, ['completed'])
  await send(page, 'think of a haiku')
  await waitForTurn(page, 2, ['completed'])
  await send(page, 'render the revenue chart')
  await waitForTurn(page, 3, ['completed'])
  report('answers', await runAxe(page, 'answers'))
})

it('has no serious axe violations with the confirmation tray open, in every mode', async () => {
  demo = await openDemo(browser(), { axe: true })
  const { page } = demo
  await send(page, 'clean')
  const tray = page.getByRole('region', { name: 'The agent wants to run 2 tools' })
  await tray.waitFor()
  report('tray', await runAxe(page, 'tray'))
  const cards = page.getByRole('article', { name: /approve with A/ })
  await cards.nth(0).getByRole('button', { name: 'Edit arguments' }).click()
  await cards.nth(1).getByRole('button', { name: 'Always allow' }).click()
  report('tray-edit-and-rule', await runAxe(page, 'tray-edit-and-rule'))
})

it('has no serious axe violations in the dark theme, in Chinese, with the error banner', async () => {
  demo = await openDemo(browser(), { axe: true })
  const { page } = demo
  await page.getByLabel('Language').selectOption('zh-CN')
  await page.getByLabel('Theme').selectOption('dark')
  await send(page, 'weather', '消息')
  await waitForTurn(page, 0, ['completed'])
  await send(page, 'crash', '消息')
  await page.locator('.as-error').waitFor()
  report('dark-zh-CN-error', await runAxe(page, 'dark-zh-CN-error'))
})

it('has no axe violations on a phone: the empty chat with suggestions, then the open drawer', async () => {
  demo = await openDemo(browser(), { axe: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const { page } = demo
  report('phone-empty', await runAxe(page, 'phone-empty'))
  await page.getByRole('button', { name: 'Scenarios and settings' }).click()
  report('phone-drawer', await runAxe(page, 'phone-drawer'))
})

it('has no axe violations on a phone with code blocks and tables wider than the screen (they scroll, from the keyboard too)', async () => {
  demo = await openDemo(browser(), { axe: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const { page } = demo
  await send(page, 'long')
  await page.locator('.as-md-table-wrap').nth(1).waitFor()
  await page.getByRole('button', { name: 'Stop' }).click()
  await waitForTurn(page, 0, ['interrupted', 'stopped'])
  const wide = page.locator('.as-md-pre').first()
  expect(await wide.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true)
  report('phone-code', await runAxe(page, 'phone-code'))
})
