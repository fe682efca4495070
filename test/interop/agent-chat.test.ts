/**
 * The demo's <AgentChat> in real Chromium against the real AgentScope server (through the Vite dev
 * server's /api proxy), reusing the helpers of the browser suite. The page picks its own session id;
 * it is read from the first run's URL to fetch what the server stored.
 */
import type { Page } from 'playwright-core'
import { afterEach, expect, inject, it } from 'vitest'
import type { Msg } from '../../src/core'
import { suiteBrowser, openDemo, screenshot, send, waitForTurn, type Demo } from '../browser/demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(async () => {
  await demo.close()
  // the dev server (React refresh, no CSP header) is not the production page: only errors count here
  expect(demo.errors).toEqual([])
  expect(demo.outsideRequests).toEqual([])
})

function sessionOf(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      const match = /\/api\/sessions\/([^/]+)\/runs$/.exec(new URL(request.url()).pathname)
      if (match !== null) resolve(decodeURIComponent(match[1] as string))
    })
  })
}

async function storedMessages(sessionId: string): Promise<Msg[]> {
  const response = await fetch(`${inject('agentscopeUrl')}/api/sessions/${encodeURIComponent(sessionId)}/messages`)
  return (await response.json()) as Msg[]
}

function storedText(message: Msg | undefined): string {
  return (message?.content ?? []).flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : [])).join('')
}

it('plain: streams the answer AgentScope stores', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const session = sessionOf(page)
  await send(page, 'Hello!')
  const turn = await waitForTurn(page, 0, ['completed'])
  const stored = await storedMessages(await session)
  expect(stored.map((message) => message.role)).toEqual(['USER', 'ASSISTANT'])
  // the markdown is rendered: **bold** and *emphasis* lose their markers
  const expected = storedText(stored[1]).replace(/\*+/g, '')
  await expect.poll(() => turn.locator('[data-as-block="text"]').textContent()).toBe(expected)
  await screenshot(page, 'interop-plain')
  expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true)
})

it('hitl-approve: the confirmation card runs delete_file on the server', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const session = sessionOf(page)
  await send(page, 'Delete the report (confirm)')
  await waitForTurn(page, 0, ['awaiting_confirmation'])
  // asked on the tool's own card, in the turn
  const tray = page.locator('article.as-confirm[aria-label="delete_file"]')
  await tray.waitFor()
  await screenshot(page, 'interop-confirmation')
  await tray.getByRole('button', { name: 'Approve', exact: true }).click()
  await waitForTurn(page, 1, ['completed'])

  const stored = await storedMessages(await session)
  const deleted = stored.flatMap((message) => message.content).find((block) => block.type === 'tool_result' && block.name === 'delete_file')
  expect(deleted).toMatchObject({ state: 'success', output: [{ type: 'text', text: 'Deleted /tmp/report.txt' }] })
  const card = page.locator('article.as-tool[data-tool="delete_file"]')
  await expect.poll(() => card.getAttribute('data-status')).toBe('success')
  expect(await card.locator('.as-tool-text').textContent()).toBe('Deleted /tmp/report.txt')
  const answer = await waitForTurn(page, 1, ['completed'])
  expect(await answer.locator('[data-as-block="text"]').last().textContent()).toBe(storedText(stored[stored.length - 1]))
  // 2.0.2 echoes USER_CONFIRM_RESULT (2.0.0 did not, and the store then applies the answer it sent): the question is gone.
  expect(await page.locator('article.as-confirm').count()).toBe(0)
  expect(await page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe('Ask the agent…')
})
