/**
 * The main #13 scenarios on each of the demo's three transports (native events, AG-UI, Agent Protocol) against the
 * built-in scripted server, at desktop and phone size side by side, each within what the transport carries (its
 * declared capabilities): the empty state and a suggestion, a tool card, message actions with retry and
 * edit-and-resend replacing the last exchange, thinking, an image in the lightbox, a subagent lane, confirmations on
 * the card with the batch bar (or the note that this transport cannot answer them), a denial in plain words, a tool
 * the page runs itself (or the note that the transport cannot return its result), and an error banner. Every step is screenshotted (test-results/screenshots/transports/<transport>-<viewport>-<step>.png),
 * checked with axe, and at phone size nothing may scroll sideways. The page is reused per transport and viewport:
 * each step starts a new conversation with the demo's ?protocol= parameter.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { AGENT_STRINGS } from '../../src/components/i18n'
import { AGENT_PROTOCOL_CAPABILITIES } from '../../src/transport/agent-protocol-transport'
import { FULL_CAPABILITIES } from '../../src/transport/agent-transport'
import type { TransportCapabilities } from '../../src/transport/agent-transport'
import { AGUI_CAPABILITIES } from '../../src/transport/agui-transport'
import { connectBrowser, openDemo, overflowOf, runAxe, send, turns, waitForTurn, type Demo } from './demo-page'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DIRECTORY = `${ROOT}/test-results/screenshots/transports`
const EN = AGENT_STRINGS.en

const TRANSPORTS: readonly { readonly name: 'native' | 'agui' | 'agent-protocol'; readonly capabilities: TransportCapabilities }[] = [
  { name: 'native', capabilities: { ...FULL_CAPABILITIES, resume: false } },
  { name: 'agui', capabilities: AGUI_CAPABILITIES },
  { name: 'agent-protocol', capabilities: AGENT_PROTOCOL_CAPABILITIES },
]

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const
type Viewport = keyof typeof VIEWPORTS

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
  mkdirSync(DIRECTORY, { recursive: true })
})

afterAll(async () => {
  await browser.close()
})

interface Walk {
  readonly demo: Demo
  readonly page: Page
  readonly problems: string[]
  readonly violations: string[]
  /** A new conversation over this walk's transport. */
  fresh(): Promise<void>
  /** Screenshot, axe and (on a phone) the overflow rules, for one step. */
  check(step: string): Promise<void>
}

async function openWalk(transport: (typeof TRANSPORTS)[number]['name'], viewport: Viewport): Promise<Walk> {
  const demo = await openDemo(browser, { ...VIEWPORTS[viewport], axe: true })
  const { page } = demo
  const problems: string[] = []
  const violations: string[] = []
  const keepViolations = async () => {
    for (const violation of await demo.violations())
      violations.push(`${violation.directive} ${violation.blockedURI} ${violation.sourceFile}:${violation.line}`)
  }
  return {
    demo,
    page,
    problems,
    violations,
    async fresh() {
      await keepViolations()
      await page.goto(`${inject('baseUrl')}/?protocol=${transport}&lang=en&theme=light`)
      await page.getByRole('heading', { name: EN.welcome }).waitFor()
    },
    async check(step) {
      const name = `${transport}-${viewport}-${step}`
      // the last frame of the stream and any image land
      await page.waitForTimeout(100)
      await page.screenshot({ path: `${DIRECTORY}/${name}.png`, animations: 'disabled' })
      for (const violation of await runAxe(page, `transports-${name}`))
        problems.push(`${name}: axe ${violation.id} at ${violation.targets.join(', ')}`)
      if (viewport === 'phone') for (const problem of await overflowOf(page)) problems.push(`${name}: ${problem}`)
    },
  }
}

// The chat is idle again: the run is over (done, paused for the user, or failed).
async function settled(page: Page): Promise<void> {
  await page.locator('.as-chat:not([data-status="streaming"]):not([data-status="connecting"])').waitFor({ timeout: 20_000 })
}

async function walk(transport: (typeof TRANSPORTS)[number], viewport: Viewport): Promise<string[]> {
  const run = await openWalk(transport.name, viewport)
  const { page, problems } = run
  const users = page.locator('.as-list-content > .as-user')
  const step = async (name: string, body: () => Promise<void>) => {
    try {
      await body()
      await run.check(name)
    } catch (error) {
      await page.screenshot({ path: `${DIRECTORY}/${transport.name}-${viewport}-${name}-failed.png` }).catch(() => {})
      problems.push(`${transport.name}-${viewport}-${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    }
  }
  try {
    await step('empty', async () => {
      await run.fresh()
      expect(await page.getByRole('list', { name: EN.suggestions }).getByRole('button').count()).toBeGreaterThan(0)
    })

    await step('tool-card', async () => {
      await page.getByRole('list', { name: EN.suggestions }).getByRole('button', { name: "What's the weather in Paris?" }).click()
      const turn = await waitForTurn(page, 0, ['completed'])
      const card = turn.locator('article.as-tool[data-tool="get_weather"]')
      expect(await card.getAttribute('data-status')).toBe('success')
      // collapsed once done, and expandable
      expect(await card.getAttribute('data-state')).toBe('closed')
      await card.locator('[aria-expanded]').first().click()
      expect(await card.getAttribute('data-state')).toBe('open')
    })

    await step('retry', async () => {
      const actions = page.getByRole('group', { name: EN.turnActions }).last()
      expect(await actions.getByRole('button', { name: EN.copyMarkdown }).count()).toBe(1)
      await actions.getByRole('button', { name: EN.retryTurn }).click()
      await page
        .locator('.as-chat[data-status="connecting"], .as-chat[data-status="streaming"]')
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => {})
      await settled(page)
      await waitForTurn(page, 0, ['completed'])
      expect(await users.count()).toBe(1)
      expect(await turns(page).count()).toBe(1)
    })

    await step('edit-and-resend', async () => {
      await users.first().getByRole('button', { name: EN.editMessage }).click()
      await users.first().getByRole('textbox', { name: EN.editMessage }).fill('think of a haiku')
      await users.first().getByRole('button', { name: EN.resend }).click()
      const turn = await waitForTurn(page, 0, ['completed'])
      await settled(page)
      expect(await users.count()).toBe(1)
      expect(await turns(page).count()).toBe(1)
      expect(await users.first().textContent()).toContain('think of a haiku')
      expect(await turn.locator('[data-as-block="thinking"]').textContent()).toMatch(/^(Thought for [\d.]+ s|Thought)(?!…)/)
    })

    await step('lightbox', async () => {
      await run.fresh()
      await send(page, 'draw an app icon')
      const turn = await waitForTurn(page, 0, ['completed'])
      await turn.locator('.as-thumb').first().click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await run.check('lightbox-open')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    })

    await step('subagent', async () => {
      await run.fresh()
      await send(page, 'research agent memory')
      await waitForTurn(page, 0, ['completed'])
      expect(await page.locator('.as-lane').count()).toBeGreaterThan(0)
      expect(await page.locator('.as-lane .as-lane-name').first().textContent()).not.toBe('')
    })

    await step('confirm', async () => {
      await run.fresh()
      await send(page, 'clean the build output')
      await waitForTurn(page, 0, ['awaiting_confirmation'])
      const cards = page.getByRole('article', { name: /approve with A/ })
      if (!transport.capabilities.confirm) {
        // what the transport cannot carry is not offered, and said
        await page.getByText(EN.transportCannotConfirm).first().waitFor()
        expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0)
        // and the cards wait, neutral: pending, without the asking glow
        const looks = await page
          .locator('article.as-tool')
          .evaluateAll((nodes) =>
            nodes.map((node) => [node.getAttribute('data-status'), getComputedStyle(node).boxShadow, node.querySelector('.as-badge')?.textContent]),
          )
        expect(looks).toEqual([
          ['pending', 'none', EN.cannotAnswerHere],
          ['pending', 'none', EN.cannotAnswerHere],
        ])
        await run.check('confirm-unanswerable')
        return
      }
      expect(await cards.count()).toBe(2)
      const bar = page.getByRole('group', { name: EN.batchTitle(2) })
      await bar.waitFor()
      await run.check('confirm-pending')
      await cards.nth(0).getByRole('button', { name: 'Approve', exact: true }).click()
      await cards.nth(1).getByRole('button', { name: 'Approve', exact: true }).click()
      await bar.waitFor({ state: 'detached' })
      await settled(page)
      await waitForTurn(page, (await turns(page).count()) - 1, ['completed'])
      const statuses = await turns(page)
        .nth(0)
        .locator('article.as-tool')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))
      expect(statuses).toEqual(['success', 'success'])
    })

    if (transport.capabilities.confirm) {
      await step('deny', async () => {
        await run.fresh()
        await send(page, 'delete the old report')
        await waitForTurn(page, 0, ['awaiting_confirmation'])
        await page
          .getByRole('article', { name: /approve with A/ })
          .first()
          .getByRole('button', { name: 'Deny', exact: true })
          .click()
        await settled(page)
        await page
          .getByText(/You denied/)
          .first()
          .waitFor()
      })
    }

    await step('external', async () => {
      await run.fresh()
      await send(page, 'browser: read the pricing page')
      await waitForTurn(page, 0, ['awaiting_external_execution', 'completed', 'incomplete', 'stopped'])
      await settled(page)
      const panel = page.getByRole('region', { name: 'External tools' })
      if (transport.capabilities.externalResults) {
        await run.check('external-pending')
        await panel.getByRole('button', { name: /Run in this browser/ }).click()
        await panel.waitFor({ state: 'detached' })
        await page.locator('.as-list-content > .as-turn[data-status="completed"]').last().waitFor({ timeout: 20_000 })
        await settled(page)
        expect(await page.locator('.as-list-content > .as-turn').last().getAttribute('data-status')).toBe('completed')
      } else {
        // what the transport cannot carry is not offered, and said where the user acts
        expect(await panel.count()).toBe(0)
        await page.getByPlaceholder(EN.transportCannotReturnResults).waitFor()
      }
    })

    await step('error', async () => {
      await run.fresh()
      await send(page, 'crash')
      const banner = page.locator('.as-error')
      await banner.waitFor({ timeout: 20_000 })
      const words = (await banner.locator('.as-error-text > p').allTextContents()).join(' ')
      // plain words, no protocol names outside the details
      expect(words).not.toMatch(/AGENT_END|RUN_ERROR|SSE|status \d/)
      expect(words.length).toBeGreaterThan(0)
    })
  } finally {
    await run.fresh().catch(() => {})
    await run.demo.close()
  }
  const violations = run.violations.map((violation) => `${transport.name}-${viewport}: CSP ${violation}`)
  return [...problems, ...violations, ...run.demo.errors.map((error) => `${transport.name}-${viewport}: ${error}`), ...run.demo.outsideRequests]
}

for (const transport of TRANSPORTS.filter((each) => process.env.ONLY_TRANSPORT === undefined || each.name === process.env.ONLY_TRANSPORT)) {
  it(`walks the main scenarios over ${transport.name}, at desktop and phone size`, async () => {
    const found = await Promise.all([walk(transport, 'desktop'), walk(transport, 'phone')])
    expect(found.flat()).toEqual([])
  }, 180_000)
}
