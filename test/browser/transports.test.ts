import { afterEach, expect, it } from 'vitest'
import { closeCleanly, suiteBrowser, openDemo, screenshot, turns, waitForTurn, type Demo } from './demo-page'

const browser = suiteBrowser()
let demo: Demo

afterEach(() => closeCleanly(demo))

it('AG-UI, then Agent Protocol: the weather answer completes, and a confirmed clean-up completes its turn', async () => {
  demo = await openDemo(browser())
  const { page } = demo
  const protocol = page.getByRole('combobox', { name: 'Protocol' })
  const scenario = (keyword: string) => page.getByRole('navigation', { name: 'Scenarios' }).getByRole('button', { name: keyword, exact: true })
  const runs: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/') && path !== '/api/scenarios') runs.push(`${request.method()} ${path.replace(/\/tasks\/[^/]+/, '/tasks/{id}')}`)
  })

  // AG-UI: the weather scenario, its tool call and the answer after it
  await protocol.selectOption({ label: 'AG-UI' })
  await scenario('weather').click()
  const weather = await waitForTurn(page, 0, ['completed'])
  const tool = weather.locator('article.as-tool[data-tool="get_weather"]')
  expect(await tool.getAttribute('data-status')).toBe('success')
  expect(await weather.locator('[data-as-block="text"]').last().textContent()).toContain(
    "It's 18°C with light rain in Paris right now — bring an umbrella!",
  )
  expect(runs).toEqual(['POST /api/agui/run'])
  await screenshot(page, 'transports-agui-weather')

  // Agent Protocol: a new conversation; the clean-up asks for two calls, both approved in the tray
  await protocol.selectOption({ label: 'Agent Protocol' })
  await turns(page).first().waitFor({ state: 'detached' })
  runs.length = 0
  await scenario('clean').click()
  const tray = page.getByRole('region', { name: 'The agent wants to run 2 tools' })
  await tray.waitFor()
  const cards = page.getByRole('article', { name: /approve with A/ })
  expect(await cards.count()).toBe(2)
  await cards.nth(0).getByRole('button', { name: 'Approve', exact: true }).click()
  await cards.nth(1).getByRole('button', { name: 'Approve', exact: true }).click()
  await tray.waitFor({ state: 'detached' })
  // as over the native bridge, the answer resumes the task: the cards stay in the first turn, the reply is a second one
  const reply = await waitForTurn(page, 1, ['completed'])
  expect(await turns(page).count()).toBe(2)
  const tools = turns(page).nth(0).locator('article.as-tool')
  expect(await tools.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).toEqual(['success', 'success'])
  expect(await tools.nth(0).locator('.as-tool-text').textContent()).toMatch(/^removed \.\/build \(\d+ files, [\d.]+ MB\)\nexit code: 0$/)
  expect(await reply.locator('[data-as-block="text"]').last().textContent()).toMatch(
    /^Done — rm -rf \.\/build: removed \.\/build \(\d+ files, [\d.]+ MB\)\. Done — rm -f \/tmp\/app-\*\.log: removed \d+ files matching \/tmp\/app-\*\.log\.$/,
  )
  // one POST per user action (the new task, then a resume of that task), each with its subscription to the task's
  // events; the client subscribes first, but the two connections may reach the server in either order
  expect(runs.filter((run) => run.startsWith('POST '))).toEqual(['POST /api/tasks', 'POST /api/tasks/{id}/resume'])
  expect(runs.filter((run) => run.startsWith('GET '))).toEqual(['GET /api/tasks/{id}/events', 'GET /api/tasks/{id}/events'])
  expect(runs).toHaveLength(4)
  await screenshot(page, 'transports-agent-protocol-clean')
})
