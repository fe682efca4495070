/**
 * The inspector beside the demo's chat in real Chromium, against AgentScope 2.0.2 over each of its three transports
 * (the demo's Protocol switch, through the Vite /api proxy): the log shows the run's events as the server sent them,
 * scrubbing to entry k shows what `replayEvents` rebuilds from the events before it, and the exported fixture
 * replays (in Node, and imported back into the inspector) to the same snapshot as the chat.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { replayEvents } from '../../src/core'
import type { AgentSnapshot } from '../../src/core'
import type { FixtureFile } from '../../src/inspector/fixture-file'
import { suiteBrowser, openDemo, PROTOCOL_LABELS, screenshot, send, waitForTurn, type Demo, type Protocol } from '../browser/demo-page'
import { comparable } from '../fixtures/compare-snapshot'

const browser = suiteBrowser()
let demo: Demo

afterEach(async () => {
  await demo.close()
  expect(demo.errors).toEqual([])
  expect(demo.outsideRequests).toEqual([])
})

// What a chat shows of a snapshot: per assistant message, its text (markdown markers dropped) and its tool calls.
function shape(snapshot: AgentSnapshot): { texts: string[]; tools: string[] } {
  const assistant = snapshot.messages.filter((message) => message.role === 'ASSISTANT').flatMap((message) => message.content)
  return {
    texts: assistant.flatMap((block) => (block.type === 'text' ? [normalize((block as { text: string }).text)] : [])).filter((text) => text !== ''),
    tools: assistant.flatMap((block) => (block.type === 'tool_use' ? [(block as { name: string }).name] : [])),
  }
}

function normalize(text: string): string {
  return text.replace(/[*_`#]+/g, '').replace(/\s+/g, '')
}

// The same, read from the chat on the page (the live one, or the inspector's read-only one).
async function shown(chat: Locator): Promise<{ texts: string[]; tools: string[] }> {
  const texts = (await chat.locator('.as-list-content > .as-turn [data-as-block="text"]').allTextContents())
    .map(normalize)
    .filter((text) => text !== '')
  const tools = await chat
    .locator('.as-list-content > .as-turn article.as-tool')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tool') ?? ''))
  return { texts, tools }
}

async function exportFixture(page: Page, inspector: Locator): Promise<FixtureFile> {
  const downloads: Promise<import('playwright-core').Download>[] = [page.waitForEvent('download')]
  await inspector.getByRole('button', { name: 'Export as fixture' }).click()
  const json = await downloads[0]!
  // the browser is remote (one Chromium for all files): the download is copied here
  const path = join(mkdtempSync(join(tmpdir(), 'as-inspector-')), json.suggestedFilename())
  await json.saveAs(path)
  return JSON.parse(readFileSync(path, 'utf8')) as FixtureFile
}

for (const protocol of Object.keys(PROTOCOL_LABELS) as Protocol[]) {
  it(`${protocol}: the inspector logs the run, scrubs to replayEvents of the events before, and exports a fixture that replays to the same snapshot`, async () => {
    demo = await openDemo(browser(), { acceptDownloads: true })
    const { page } = demo
    if (protocol !== 'native') await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: PROTOCOL_LABELS[protocol] })
    await page.getByRole('button', { name: 'Inspector' }).click()
    const inspector = page.getByRole('region', { name: 'Agent inspector' })
    await inspector.waitFor()
    await send(page, 'Weather in Paris and Tokyo, in parallel')
    await waitForTurn(page, 0, ['completed'], 45_000)
    const live = page.locator('main .as-chat').first()
    const liveShape = await shown(live)
    expect(liveShape.tools.length).toBeGreaterThan(0)

    // the log: every event the server sent, as the transport delivered it
    const log = inspector.getByRole('listbox', { name: 'Event log' })
    await expect
      .poll(async () => (await log.getByRole('option').allTextContents()).some((text) => text.includes('AGENT_END')), { timeout: 15_000 })
      .toBe(true)
    const fixture = await exportFixture(page, inspector)
    const types = fixture.events.map((value) => (value as { type?: string }).type)
    expect(types[0]).toBe('USER_MESSAGE')
    expect(types).toContain('AGENT_START')
    expect(types).toContain('TOOL_CALL_START')
    expect(types).toContain('AGENT_END')

    // export → replay: the same snapshot in Node as the inspector computed, and as the chat shows
    const replayed = replayEvents(fixture.events)
    expect(comparable(replayed)).toEqual(comparable(fixture.expected))
    expect(shape(replayed)).toEqual(liveShape)

    // scrubbing: entry k (after the user's message and the run marker) shows replayEvents of the events before it
    const total = fixture.events.length
    await log.focus()
    await page.keyboard.press('Home')
    const readOnly = page.locator('main [data-read-only]')
    let position = 1
    for (const target of [3, Math.floor((total + 1) / 2), total]) {
      while (position < target) {
        await page.keyboard.press('ArrowDown')
        position++
      }
      await expect.poll(() => inspector.getByRole('status').textContent()).toMatch(new RegExp(`^After event ${position} of \\d+$`))
      // entries: USER_MESSAGE, run, then the events: position k holds the local event and k - 2 wire events
      const prefix = fixture.events.slice(0, position - 1)
      const expected = shape(replayEvents(prefix, { endOfStream: false }))
      await expect.poll(() => shown(readOnly)).toEqual(expected)
    }
    await screenshot(page, `interop-inspector-${protocol}-scrubbed`)
    await page.keyboard.press('Escape')

    // import the exported fixture back: the inspector replays it to the same conversation
    await inspector
      .locator('input[type="file"]')
      .setInputFiles({ name: `${fixture.name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(fixture)) })
    await expect.poll(() => inspector.getByRole('status').textContent(), { timeout: 20_000 }).toBe(`Imported: ${fixture.name}`)
    await expect.poll(() => shown(readOnly), { timeout: 20_000 }).toEqual(liveShape)
    await screenshot(page, `interop-inspector-${protocol}-imported`)
  }, 120_000)
}
