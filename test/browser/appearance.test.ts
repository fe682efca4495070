import type { Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { closeCleanly, suiteBrowser, openDemo, screenshot, send, turns, waitForTurn, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(() => closeCleanly(demo))

// The relative luminance of a computed `rgb()` / `rgba()` colour (WCAG 2).
function luminance(color: string): number {
  const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  const linear = (channel: number) => {
    const value = channel / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

// The first non-transparent background from the element up.
function backgroundOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => {
      for (let element: Element | null = node; element !== null; element = element.parentElement) {
        const color = getComputedStyle(element).backgroundColor
        if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color
      }
      return 'rgb(255, 255, 255)'
    })
}

it('shows tool cards when they are done, a subagent lane and an image', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather in two cities, in parallel')
  await waitForTurn(page, 0, ['completed'])
  expect(await page.locator('article.as-tool').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).toEqual([
    'success',
    'success',
  ])
  await screenshot(page, 'tool-cards-done')

  await page.getByRole('button', { name: 'New conversation' }).click()
  await send(page, 'research agent memory')
  await waitForTurn(page, 0, ['completed'])
  const lane = page.getByRole('region', { name: 'Subagent: researcher' })
  await lane.waitFor()
  expect(await lane.getAttribute('data-status')).toBe('completed')
  expect(await lane.locator('ol > li').allTextContents()).toEqual([
    'MemGPT-2 — tiered memory paging.',
    'A-Mem — Zettelkasten-style linking.',
    'LongMemEval — 500-question benchmark.',
  ])
  await lane.scrollIntoViewIfNeeded()
  await screenshot(page, 'subagent-lane')

  await page.getByRole('button', { name: 'New conversation' }).click()
  await send(page, 'draw an app icon')
  await waitForTurn(page, 0, ['completed'])
  const image = page.locator('[data-as-block="data"] img')
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(32)
  expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
  await send(page, 'render the revenue chart')
  await waitForTurn(page, 1, ['completed'])
  const chart = page.locator('article.as-tool[data-tool="render_chart"] img')
  await expect.poll(() => chart.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(48)
  expect(await chart.getAttribute('alt')).toBe('revenue-2025.png')
  await screenshot(page, 'image')
})

it('speaks Simplified Chinese when the locale is zh-CN', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await page.getByLabel('Language').selectOption('zh-CN')
  expect(await page.locator('.as-chat').getAttribute('lang')).toBe('zh-CN')
  const box = page.getByRole('textbox', { name: '消息' })
  expect(await box.getAttribute('placeholder')).toBe('向智能体提问…')
  await send(page, 'weather', '消息')
  await waitForTurn(page, 0, ['completed'])
  expect(await page.locator('article.as-tool .as-tool-header .as-badge').textContent()).toBe('完成')
  expect(await page.getByRole('log', { name: '对话' }).count()).toBe(1)
  expect(await page.getByRole('button', { name: '发送' }).count()).toBe(1)
  await send(page, 'clean', '消息')
  const tray = page.getByRole('region', { name: '智能体想要运行 2 个工具' })
  await tray.waitFor()
  for (const label of ['批准', '拒绝', '编辑参数', '始终允许']) {
    expect(await page.locator('article.as-tool').getByRole('button', { name: label, exact: true }).count()).toBe(2)
  }
  for (const label of ['全部批准', '全部拒绝', '下一个']) expect(await tray.getByRole('button', { name: label, exact: true }).count()).toBe(1)
  expect(await tray.textContent()).toContain('2 个调用等待你的确认')
  expect(await turns(page).nth(1).locator('.as-turn-footer .as-badge').textContent()).toBe('等待你的确认')
  await page.getByLabel('Theme').selectOption('dark')
  await screenshot(page, 'zh-CN-dark')
})

it('turns dark with the dark theme, and stays readable', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  const light = luminance(await backgroundOf(page, '.as-list'))
  await page.getByLabel('Theme').selectOption('dark')
  expect(await page.locator('.as-chat').getAttribute('data-theme')).toBe('dark')
  const background = luminance(await backgroundOf(page, '.as-list'))
  const text = luminance(
    await page
      .locator('[data-as-block="text"]')
      .first()
      .evaluate((node) => getComputedStyle(node).color),
  )
  expect(light).toBeGreaterThan(0.8)
  expect(background).toBeLessThan(0.05)
  // WCAG contrast of the answer text on the dark background: at least 4.5:1
  expect((text + 0.05) / (background + 0.05)).toBeGreaterThan(4.5)
  await screenshot(page, 'dark')
})

it('fits a phone (390×844): no sideways scroll, the batch bar under 40%, Stop in view, the side panel a drawer', async () => {
  demo = await openDemo(browser(), { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  const { page } = demo
  // the side panel is a drawer: closed (and inert) until the menu button opens it, Escape closes it
  const menu = page.getByRole('button', { name: 'Scenarios and settings' })
  expect(await menu.getAttribute('aria-expanded')).toBe('false')
  expect(await page.locator('.demo-side').evaluate((node) => node.getBoundingClientRect().right)).toBeLessThanOrEqual(0)
  await menu.click()
  await expect.poll(() => page.locator('.demo-side').evaluate((node) => Math.round(node.getBoundingClientRect().left))).toBe(0)
  await screenshot(page, 'phone-drawer')
  // a modal dialog: focus moves into it and Tab stays there (the page behind is inert); Escape gives it back to the menu
  const inDrawer = () => page.evaluate(() => document.querySelector('.demo-side')?.contains(document.activeElement) === true)
  await expect.poll(inDrawer).toBe(true)
  expect(await page.getByRole('dialog', { name: 'Scenarios and settings' }).count()).toBe(1)
  for (let press = 0; press < 40; press++) await page.keyboard.press('Tab')
  expect(await inDrawer()).toBe(true)
  await page.keyboard.press('Escape')
  expect(await menu.getAttribute('aria-expanded')).toBe('false')
  expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true)

  await send(page, 'Write me something long')
  await page.locator('.as-list-content > .as-turn [data-as-block="text"] table').first().waitFor()
  // the streaming caret ends the last line of text (a paragraph, a heading, a list item), never a line of its own
  const caret = await page.locator('.as-list-content > .as-turn [data-as-block="text"][data-status="streaming"] .as-md').evaluate((node) => {
    const last = node.lastElementChild
    const target = last?.matches('ul, ol') ? last.lastElementChild : last
    return {
      own: getComputedStyle(node, '::after').content,
      last:
        target === null || target === undefined || target.matches('pre, div, table, blockquote, hr')
          ? 'block'
          : getComputedStyle(target, '::after').content,
    }
  })
  expect(caret.own).toBe('none')
  expect(['""', 'block']).toContain(caret.last)
  // while the long answer streams, Stop and the composer are on screen
  const stop = page.getByRole('button', { name: 'Stop' })
  const box = await stop.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  expect(box!.y + box!.height).toBeLessThanOrEqual(844)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await stop.click()
  await waitForTurn(page, 0, ['interrupted', 'stopped', 'completed'])

  await send(page, 'research agent memory')
  await waitForTurn(page, 1, ['completed'])
  await send(page, 'clean')
  const tray = page.getByRole('region', { name: 'The agent wants to run 2 tools' })
  await tray.waitFor()
  await screenshot(page, 'phone')
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // elements sticking out of the viewport, unless an ancestor scrolls or clips them on purpose
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return parent !== document.body
      }
      return false
    }
    const outside = [...document.querySelectorAll('.as-chat *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .map((element) => element.className || element.tagName)
    const cards = [...document.querySelectorAll('.as-chat, .as-list, .as-tool, .as-lane, .as-batch, .as-composer')]
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map((element) => element.className)
    return { page: document.documentElement.scrollWidth - width, body: document.body.scrollWidth - width, outside, cards }
  })
  expect(overflow).toEqual({ page: 0, body: 0, outside: [], cards: [] })
  const chat = await page.locator('.as-chat').evaluate((node) => node.clientHeight)
  const bar = await tray.evaluate((node) => node.getBoundingClientRect().height)
  console.info(`[phone] batch bar ${Math.round(bar)} px of a ${chat} px chat`)
  expect(bar).toBeLessThanOrEqual(chat * 0.4)
  // and it is whole: not squeezed by a long conversation, its buttons in view
  expect(await tray.evaluate((node) => node.scrollHeight - node.clientHeight)).toBeLessThanOrEqual(1)
  expect(bar).toBeGreaterThanOrEqual(40)
  const approveAll = await tray.getByRole('button', { name: 'Approve all' }).boundingBox()
  expect(approveAll!.y + approveAll!.height).toBeLessThanOrEqual(844)
  const composer = await page.locator('.as-composer').boundingBox()
  expect(composer!.y + composer!.height).toBeLessThanOrEqual(844)
})
