/**
 * The confirmation controls are chunks of their own, loaded after the chat first shows. When their download fails
 * (a connection that dropped at the wrong moment), the chat must neither unmount nor wait without buttons: the tray
 * says the approval buttons could not be loaded, and Retry downloads them and brings the buttons back.
 */
import { afterEach, expect, it } from 'vitest'
import { openDemo, send, suiteBrowser, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

// The chunks the demo build emits for the batch bar and the controller that gathers the answers.
const CONFIRMATION_CHUNKS = /\/assets\/confirmation-(controller|tray)-[\w-]+\.js$/

afterEach(async () => {
  await demo.close()
  // Chromium logs the aborted downloads, and React the import() that failed with them; nothing else may be logged
  const expected = (error: string) => error.includes('net::ERR_FAILED') || /dynamically imported module: \S+\/assets\/confirmation-/.test(error)
  expect(demo.errors.filter((error) => !expected(error))).toEqual([])
  expect(demo.outsideRequests).toEqual([])
})

it('says the approval buttons could not be loaded, keeps the conversation, and Retry brings them', async () => {
  demo = await openDemo(browser())
  const { page, context } = demo
  const aborted: string[] = []
  await context.route(CONFIRMATION_CHUNKS, (route) => {
    aborted.push(route.request().url())
    return route.abort()
  })
  // the chat preloads its parts as soon as it shows: load it again, with those downloads failing
  await page.reload()
  await page.getByRole('navigation', { name: 'Scenarios' }).getByRole('button').first().waitFor()
  await send(page, 'Please clean the build output')
  const alert = page.getByRole('alert').filter({ hasText: 'The approval buttons could not be loaded' })
  await alert.waitFor({ timeout: 10_000 })
  expect(aborted.some((url) => url.includes('confirmation-controller'))).toBe(true)
  // the calls are there, without buttons, and the chat is still mounted
  expect(await page.locator('article.as-tool').count()).toBe(2)
  expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0)
  await context.unroute(CONFIRMATION_CHUNKS)
  await alert.getByRole('button', { name: 'Retry' }).click()
  await page.getByRole('region', { name: 'The agent wants to run 2 tools' }).waitFor()
  expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(2)
  expect(await alert.count()).toBe(0)
})
