import type { Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { closeCleanly, suiteBrowser, openDemo, screenshot, send, turns, waitForTurn, type Demo } from './demo-page'

// The tool cards that are asking the user right now (each carries its own Approve / Deny / Edit / Always allow).
const pendingCards = (page: Page) => page.getByRole('article', { name: /approve with A/ })

const browser = suiteBrowser()
let demo: Demo

afterEach(() => closeCleanly(demo))

it('approves one call and denies the other: the denied card says Denied, the approved one runs', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'Please clean the build output')
  const tray = page.getByRole('region', { name: 'The agent wants to run 2 tools' })
  await tray.waitFor()
  // the composer waits for the answer
  expect(await page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe('Answer the pending tool calls first')
  await screenshot(page, 'confirmation-tray')
  // the calls are asked on their own cards; the bar above the composer only counts them and answers them all
  expect(await tray.locator('article').count()).toBe(0)
  expect(await tray.textContent()).toContain('2 calls need your approval')
  const cards = pendingCards(page)
  expect(await cards.count()).toBe(2)
  expect(await cards.nth(0).locator('.as-tool-arguments').textContent()).toContain('rm -rf ./build')
  await cards.nth(0).getByRole('button', { name: 'Approve', exact: true }).click()
  // the approved call says so while the other is still asked (it used to read "Interrupted")
  expect(await cards.nth(0).getAttribute('data-decision')).toBe('approved')
  expect(await cards.nth(0).locator('.as-tool-header .as-badge').textContent()).toBe('Approved')
  expect(await cards.nth(1).locator('.as-tool-header .as-badge').textContent()).toBe('Needs your approval')
  expect(await tray.textContent()).toContain('1 call needs your approval')
  await cards.nth(1).getByRole('button', { name: 'Deny', exact: true }).click()
  await tray.waitFor({ state: 'detached' })
  // the answer resumes the call: the cards stay in the first turn, the reply is a second one
  const reply = await waitForTurn(page, 1, ['completed'])
  const build = turns(page).nth(0).locator('article.as-tool').nth(0)
  const logs = turns(page).nth(0).locator('article.as-tool').nth(1)
  expect(await build.getAttribute('data-status')).toBe('success')
  expect(await build.locator('.as-tool-text').textContent()).toMatch(/^removed \.\/build \(\d+ files, [\d.]+ MB\)\nexit code: 0$/)
  expect(await logs.getAttribute('data-status')).toBe('denied')
  expect(await logs.locator('.as-tool-header .as-badge').textContent()).toBe('Denied')
  expect(await reply.locator('[data-as-block="text"]').textContent()).toContain('I left rm -f /tmp/app-*.log alone since you declined that step.')
})

// WCAG contrast of an element's text on its own background (computed colours: rgb() or color(srgb …)).
function contrastOf(element: Element): number {
  const style = getComputedStyle(element)
  const channels = (value: string) => {
    const numbers = (value.match(/[\d.]+/g) ?? []).map(Number)
    return value.startsWith('color(') ? numbers.slice(0, 3) : numbers.slice(0, 3).map((channel) => channel / 255)
  }
  const luminance = (value: string) => {
    const [r, g, b] = channels(value).map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a)
  return (light! + 0.05) / (dark! + 0.05)
}

it('answers a batch from the keyboard alone: A, A; a hovered Approve stays readable; focus ends in the message box', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'Please clean the build output')
  const cards = pendingCards(page)
  await page.waitForFunction(() => document.activeElement?.matches('article.as-tool[data-status="asking"]') === true)
  const approve = cards.nth(0).getByRole('button', { name: 'Approve', exact: true })
  await approve.hover()
  expect(await approve.evaluate(contrastOf)).toBeGreaterThanOrEqual(4.5)
  await page.keyboard.press('a')
  // on to the second call; the first shows its answer (✓, pressed Approve) and no longer glows as asking
  expect(await cards.nth(1).evaluate((card) => card === document.activeElement)).toBe(true)
  expect(await cards.nth(0).locator('.as-tool-icon').textContent()).toBe('✓')
  expect(await approve.getAttribute('aria-pressed')).toBe('true')
  expect(await cards.nth(0).evaluate((card) => getComputedStyle(card).boxShadow)).toBe('none')
  await page.keyboard.press('a')
  await page.getByRole('region', { name: 'The agent wants to run 2 tools' }).waitFor({ state: 'detached' })
  await page.waitForFunction(() => document.activeElement?.matches('.as-composer textarea') === true)
})

it('edits the arguments before approving: the diff shows the change, the card says "Edited by you"', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'clean up please')
  const tray = page.getByRole('region', { name: 'The agent wants to run 2 tools' })
  const card = pendingCards(page).first()
  await card.getByRole('button', { name: 'Edit arguments' }).click()
  const editor = card.getByRole('textbox', { name: 'Arguments' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('{"command": "rm -rf ./build/cache"')
  // not JSON yet: the error is announced and the approve button stays off
  await card.getByRole('alert').filter({ hasText: 'Not valid JSON' }).waitFor()
  expect(await card.getByRole('button', { name: 'Approve with these arguments' }).isDisabled()).toBe(true)
  await page.keyboard.type('}')
  const diff = card.locator('.as-diff[aria-label="Changes"]')
  expect(await diff.locator('[data-change="removed"]').allTextContents()).toEqual(['-   "command": "rm -rf ./build"\n'])
  expect(await diff.locator('[data-change="added"]').allTextContents()).toEqual(['+   "command": "rm -rf ./build/cache"\n'])
  await card.getByRole('button', { name: 'Approve with these arguments' }).click()
  await pendingCards(page).nth(1).getByRole('button', { name: 'Approve', exact: true }).click()
  await tray.waitFor({ state: 'detached' })
  await waitForTurn(page, 1, ['completed'])
  const edited = turns(page).nth(0).locator('article.as-tool').first()
  expect(await edited.getAttribute('data-status')).toBe('success')
  await edited.locator('.as-badge', { hasText: 'Edited by you' }).waitFor()
  expect(await edited.locator('.as-tool-arguments').textContent()).toContain('rm -rf ./build/cache')
  expect(await edited.locator('.as-tool-text').textContent()).toMatch(/^removed \.\/build\/cache /)
  // done: folded to its header, which opens it
  expect(await edited.getAttribute('data-state')).toBe('closed')
  await edited.locator('.as-tool-toggle').click()
  await edited.getByRole('button', { name: 'Show the original arguments' }).click()
  expect(await edited.locator('.as-diff [data-change="removed"]').textContent()).toContain('rm -rf ./build"')
})

it('always allows a command: the rule is shown before sending, and the same command is not asked again', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'clean the build')
  const card = pendingCards(page).first()
  await card.getByRole('button', { name: 'Always allow' }).click()
  const rule = card.locator('.as-rule-text')
  expect(await rule.textContent()).toBe('Always allow bash when: rm -rf ./build')
  await card.getByRole('radio', { name: 'Any arguments' }).check()
  expect(await rule.textContent()).toBe('Always allow bash, with any arguments')
  await card.getByRole('radio', { name: 'Only these arguments' }).check()
  expect(await rule.textContent()).toBe('Always allow bash when: rm -rf ./build')
  await card.getByRole('button', { name: 'Allow and remember' }).click()
  await pendingCards(page).nth(1).getByRole('button', { name: 'Approve', exact: true }).click()
  await waitForTurn(page, 1, ['completed'])

  await send(page, 'clean it again')
  // only the call the rule does not cover is asked, on its card, with no batch bar for one call
  const second = pendingCards(page)
  await second.first().waitFor()
  expect(await second.count()).toBe(1)
  expect(await page.getByRole('region', { name: /^The agent wants to run/ }).count()).toBe(0)
  expect(await second.locator('.as-tool-arguments').textContent()).toContain('rm -f /tmp/app-*.log')
  await second.getByRole('button', { name: 'Approve', exact: true }).click()
  await waitForTurn(page, 3, ['completed'])
  const cards = turns(page).nth(2).locator('article.as-tool')
  expect(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).toEqual(['success', 'success'])
  expect(await turns(page).count()).toBe(4)
})

it('runs an external tool from the demo panel and the turn completes', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'Read the pricing page in my browser')
  const panel = page.getByRole('region', { name: 'External tools' })
  await panel.waitFor()
  await waitForTurn(page, 0, ['awaiting_external_execution'])
  const card = page.locator('article.as-tool[data-tool="browser_read_page"]')
  expect(await card.getAttribute('data-status')).toBe('awaiting')
  expect(await panel.textContent()).toContain('browser_read_page')
  await panel.getByRole('button', { name: 'Run in this browser and return the results' }).click()
  await panel.waitFor({ state: 'detached' })
  const reply = await waitForTurn(page, 1, ['completed'])
  expect(await card.getAttribute('data-status')).toBe('success')
  expect(await reply.locator('[data-as-block="text"]').textContent()).toMatch(
    /^Here is what the page says: Result of browser_read_page run in the browser at .*Pro \$29\/mo per seat$/,
  )
})

it('answers from the keyboard: the first call has the focus, A approves, J moves on, D denies', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'clean the build output')
  const cards = pendingCards(page)
  await expect.poll(() => cards.nth(0).evaluate((node) => node === document.activeElement)).toBe(true)
  await page.keyboard.press('a')
  expect(await cards.nth(0).getAttribute('data-decision')).toBe('approved')
  await page.keyboard.press('j')
  expect(await cards.nth(1).evaluate((node) => node === document.activeElement)).toBe(true)
  await page.keyboard.press('d')
  const reply = await waitForTurn(page, 1, ['completed'])
  expect(await reply.locator('[data-as-block="text"]').textContent()).toContain('since you declined that step')
})

it('says what a denial did: "You denied delete_file; the agent stopped."', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'delete the customer file')
  await pendingCards(page).first().getByRole('button', { name: 'Deny', exact: true }).click()
  await page.locator('.as-denial').waitFor()
  expect(await page.locator('.as-denial').textContent()).toBe('You denied delete_file; the agent stopped.')
  await screenshot(page, 'denied')
})
