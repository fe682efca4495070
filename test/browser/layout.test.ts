/** Layout defects a design review found, each held in a real browser: boxes measured, not screenshotted. */
import type { Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { closeCleanly, suiteBrowser, openDemo, overflowOf, send, waitForTurn, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const

afterEach(() => closeCleanly(demo))

// The user bubble's height less its text's: the vertical padding alone when nothing else takes a row.
function bubbleBand(page: Page): Promise<number> {
  return page.locator('.as-user').evaluate((bubble) => {
    const text = bubble.querySelector('.as-user-text')!.getBoundingClientRect().height
    const style = getComputedStyle(bubble)
    return bubble.getBoundingClientRect().height - text - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
  })
}

// Whether the point at the middle of the element hits it (it is painted there, not clipped or covered).
function hitsItself(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect()
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element
  })
}

it('keeps no empty band for a hidden Edit in the user bubble on a desktop, and shows Edit on hover and on focus', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  await page.mouse.move(0, 0)
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  const opacity = () => edit.evaluate((button) => getComputedStyle(button).opacity)
  expect(await opacity()).toBe('0')
  expect(await bubbleBand(page)).toBeLessThanOrEqual(1)
  await page.locator('.as-user').hover()
  expect(await opacity()).toBe('1')
  expect(await hitsItself(page, '.as-user-edit')).toBe(true)
  // beside the bubble, inside the column
  const button = (await edit.boundingBox())!
  const bubble = (await page.locator('.as-user').boundingBox())!
  const column = (await page.locator('.as-list-content').boundingBox())!
  expect(button.x + button.width).toBeLessThanOrEqual(bubble.x)
  expect(button.x).toBeGreaterThanOrEqual(column.x)
  await page.mouse.move(0, 0)
  await edit.focus()
  expect(await opacity()).toBe('1')
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Edit', exact: true }).waitFor()
})

it('shows Edit in the user bubble on a phone, where nothing hovers', async () => {
  demo = await openDemo(browser(), PHONE)
  const { page } = demo
  await send(page, 'weather')
  await waitForTurn(page, 0, ['completed'])
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  expect(await edit.evaluate((button) => getComputedStyle(button).opacity)).toBe('1')
  const button = (await edit.boundingBox())!
  const bubble = (await page.locator('.as-user').boundingBox())!
  expect(button.x).toBeGreaterThanOrEqual(bubble.x)
  expect(button.x + button.width).toBeLessThanOrEqual(390)
  expect(await hitsItself(page, '.as-user-edit')).toBe(true)
})

// The width of a button before and after a click that turns its label into "Copied" (or 已复制).
async function widthsAroundCopy(page: Page, selector: string, copied: string): Promise<readonly number[]> {
  const button = page.locator(selector).first()
  await button.scrollIntoViewIfNeeded()
  const before = (await button.boundingBox())!.width
  await button.click()
  await expect.poll(() => button.textContent()).toBe(copied)
  // the label laid out unseen is not read either: the name is the label shown
  expect(await page.getByRole('button', { name: copied, exact: true }).count()).toBe(1)
  return [before, (await button.boundingBox())!.width]
}

it('keeps the width of a reply\'s Copy buttons when they say "Copied", in English and in Simplified Chinese', async () => {
  demo = await openDemo(browser(), { permissions: ['clipboard-read', 'clipboard-write'] })
  const { page } = demo
  for (const [lang, label, copied] of [
    ['en', 'Message', 'Copied'],
    ['zh-CN', '消息', '已复制'],
  ] as const) {
    await page.goto(`${new URL(page.url()).origin}/?lang=${lang}`)
    await send(page, 'weather', label)
    await waitForTurn(page, 0, ['completed'])
    for (const nth of [0, 1]) {
      const [before, after] = await widthsAroundCopy(page, `.as-turn-actions button >> nth=${nth}`, copied)
      expect(after, `${lang} button ${nth}`).toBe(before)
    }
  }
})

it('keeps the width of a code block\'s Copy button when it says "Copied"', async () => {
  demo = await openDemo(browser(), { permissions: ['clipboard-read', 'clipboard-write'] })
  const { page } = demo
  await send(page, 'Write me something long')
  // once a fence has closed, stop (a streaming answer moves the button under the pointer)
  await page.locator('.as-md-copy:not([disabled])').first().waitFor()
  await page.getByRole('button', { name: 'Stop' }).click()
  await waitForTurn(page, 0, ['interrupted', 'stopped', 'completed'])
  const [before, after] = await widthsAroundCopy(page, '.as-md-copy:not([disabled])', 'Copied')
  expect(after).toBe(before)
})

// The left and right edges of the first element that matches.
async function edgesOf(page: Page, selector: string): Promise<readonly [number, number]> {
  const box = (await page.locator(selector).first().boundingBox())!
  return [box.x, box.x + box.width]
}

for (const [name, options] of [
  ['a wide desktop', { viewport: { width: 1600, height: 800 } }],
  ['a phone', PHONE],
] as const) {
  it(`holds the error banner to the message column on ${name}`, async () => {
    demo = await openDemo(browser(), options)
    const { page } = demo
    await send(page, 'crash')
    await page.locator('.as-error').waitFor()
    const [left, right] = await edgesOf(page, '.as-error')
    const [columnLeft, columnRight] = await edgesOf(page, '.as-list-content')
    expect(left).toBeGreaterThanOrEqual(columnLeft)
    expect(right).toBeLessThanOrEqual(columnRight)
    // and as wide as the composer's row, on which it sits
    expect([left, right]).toEqual(await edgesOf(page, '.as-composer-row'))
    expect(await overflowOf(page)).toEqual([])
  })
}

for (const [name, options, lang, close] of [
  ['a desktop', {}, 'en', 'Close'],
  ['a phone, in Simplified Chinese', PHONE, 'zh-CN', '关闭'],
] as const) {
  it(`fits the image lightbox to the viewport of ${name}, keeps the image's ratio, and gives focus back to the thumbnail`, async () => {
    demo = await openDemo(browser(), options)
    const { page } = demo
    await page.goto(`${new URL(page.url()).origin}/?lang=${lang}`)
    await send(page, 'draw an app icon', lang === 'en' ? 'Message' : '消息')
    await waitForTurn(page, 0, ['completed'])
    const thumbnail = page.locator('.as-thumb').first()
    const isFocused = () => thumbnail.evaluate((button) => button === document.activeElement)
    await thumbnail.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-label')).toBe(lang === 'en' ? 'image' : '图片')
    const image = await dialog.locator('img').evaluate((node: HTMLImageElement) => {
      const box = node.getBoundingClientRect()
      return { box: box.toJSON() as DOMRect, ratio: node.naturalWidth / node.naturalHeight, width: innerWidth, height: innerHeight }
    })
    // within the viewport with a margin, larger than the thumbnail, and as wide as tall (the icon is square)
    expect(image.box.left).toBeGreaterThanOrEqual(8)
    expect(image.box.top).toBeGreaterThanOrEqual(8)
    expect(image.box.right).toBeLessThanOrEqual(image.width - 8)
    expect(image.box.bottom).toBeLessThanOrEqual(image.height - 8)
    expect(image.box.width).toBeGreaterThan(96)
    expect(Math.abs(image.box.width / image.box.height - image.ratio)).toBeLessThan(0.01)
    // the close button sits on the image, and is named in the chat's language
    const button = (await dialog.getByRole('button', { name: close, exact: true }).boundingBox())!
    expect(button.x).toBeGreaterThanOrEqual(image.box.left)
    expect(button.x + button.width).toBeLessThanOrEqual(image.box.right)
    expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight)).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await isFocused()).toBe(true)
    await thumbnail.click()
    await dialog.getByRole('button', { name: close, exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await isFocused()).toBe(true)
  })
}

// Inside the chat, a box whose content is wider than it and that neither scrolls it nor shortens it with an
// ellipsis on purpose: that content is cut off where the user cannot reach it.
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.as-list-content, .as-list-content *')]
      .filter((element) => {
        const style = getComputedStyle(element)
        if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') return false
        return element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1
      })
      .map((element) => `${element.className || element.tagName}: scrollWidth ${element.scrollWidth} > ${element.clientWidth}`),
  )
}

it('wraps or scrolls text with nowhere to break on every channel on a phone: nothing widens the chat or is cut off', async () => {
  demo = await openDemo(browser(), PHONE)
  const { page } = demo
  await send(page, 'unbroken')
  await waitForTurn(page, 0, ['completed'])
  // open what is folded (the thinking, the long values' "Show more"), so that what it holds is laid out too
  const folded = page.locator('.as-list-content button[aria-expanded="false"]')
  for (let left = 8; left > 0 && (await folded.count()) > 0; left--) await folded.first().click()
  expect(await folded.count()).toBe(0)
  await page.locator('.as-thinking-body').waitFor()
  expect(await overflowOf(page)).toEqual([])
  expect(await cutOff(page)).toEqual([])
})

it('keeps the message box and Send on a phone screen with four attachments of the longest names a disk allows', async () => {
  demo = await openDemo(browser(), PHONE)
  const { page } = demo
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
  const files = ['a', 'b', 'c', 'd'].map((letter) => ({ name: `${letter.repeat(251)}.png`, mimeType: 'image/png', buffer: png }))
  await page.locator('.as-composer input[type="file"]').setInputFiles(files)
  await expect.poll(() => page.locator('.as-attachments li').count()).toBe(4)
  const send = (await page.getByRole('button', { name: 'Send' }).boundingBox())!
  expect(send.y + send.height).toBeLessThanOrEqual(844)
  const composer = (await page.locator('.as-composer').boundingBox())!
  expect(composer.height).toBeLessThanOrEqual(844 * 0.4)
  expect(await overflowOf(page)).toEqual([])
})
