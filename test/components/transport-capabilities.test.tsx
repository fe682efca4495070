// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { AGENT_STRINGS } from '../../src/components/i18n'
import type { AgentLocale } from '../../src/components/i18n'
import { AGENT_PROTOCOL_CAPABILITIES, AGUI_CAPABILITIES, FULL_CAPABILITIES, createSseTransport } from '../../src/core'
import type { TransportCapabilities } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { startRecordingAgentServer } from '../fixtures/agent-store'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

let server: Awaited<ReturnType<typeof startRecordingAgentServer>>
let sessions = 0
beforeAll(async () => {
  server = await startRecordingAgentServer()
})
afterAll(() => server.close())
afterEach(cleanup)

// The scripted server's native bridge, declaring what another transport carries: the UI must follow the declaration.
async function askToClean(capabilities: TransportCapabilities, locale: AgentLocale = 'en') {
  const transport = { ...createSseTransport({ url: server.url, sessionId: `capabilities-${(sessions += 1)}` }), capabilities }
  const store = createAgentStore({ transport })
  render(<AgentChat store={store} locale={locale} />)
  await act(() => store.getState().send('clean the workspace'))
  await waitFor(() => expect(store.getState().agent.pendingConfirmation).not.toBeNull())
  return store
}

// The answers sit on each call's card (in its tool card or, for a call without one, in the tray).
const cards = () => [...document.querySelectorAll<HTMLElement>('.as-confirm')]
const buttons = () =>
  cards().flatMap((card) =>
    within(card)
      .queryAllByRole('button')
      .map((button) => button.textContent),
  )
const notes = (text: string) => cards().flatMap((card) => within(card).queryAllByText(text))

describe('what the transport can carry', () => {
  it('puts the declared capabilities in the store, everything when none are declared', () => {
    expect(
      createAgentStore({ transport: { ...createSseTransport({ url: server.url }), capabilities: AGUI_CAPABILITIES } }).getState().capabilities,
    ).toBe(AGUI_CAPABILITIES)
    const bare = createSseTransport({ url: server.url })
    expect(createAgentStore({ transport: { run: bare.run, interrupt: bare.interrupt } }).getState().capabilities).toEqual(FULL_CAPABILITIES)
  })

  it('offers every action on the native bridge, with no note', async () => {
    await askToClean(createSseTransport({ url: server.url }).capabilities ?? FULL_CAPABILITIES)
    expect(buttons()).toEqual(expect.arrayContaining(['Approve', 'Deny', 'Edit arguments', 'Always allow']))
    expect(screen.queryByText(AGENT_STRINGS.en.transportApproveDenyOnly)).toBeNull()
  })

  it('offers approve and deny only over Agent Protocol, and says so once', async () => {
    const store = await askToClean(AGENT_PROTOCOL_CAPABILITIES)
    expect(buttons()).not.toContain('Edit arguments')
    expect(buttons()).not.toContain('Always allow')
    expect(buttons()).toEqual(expect.arrayContaining(['Approve', 'Deny']))
    expect(notes(AGENT_STRINGS.en.transportApproveDenyOnly)).toHaveLength(1)
    expect(screen.getAllByText(AGENT_STRINGS.en.transportApproveDenyOnly)).toHaveLength(1)
    await act(() =>
      store.getState().confirm(store.getState().agent.pendingConfirmation!.toolCalls.map((call) => ({ toolCallId: call.id, approved: true }))),
    )
    await waitFor(() => expect(store.getState().status).toBe('done'))
  })

  it('offers no answer over AG-UI, says why in plain words, and the composer points to a new conversation', async () => {
    await askToClean(AGUI_CAPABILITIES)
    expect(cards().length).toBeGreaterThan(0)
    expect(buttons()).toEqual([])
    expect(screen.queryByRole('button', { name: 'Approve all' })).toBeNull()
    expect(screen.getAllByText(AGENT_STRINGS.en.transportCannotConfirm)).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(AGENT_STRINGS.en.composerBlockedTransport)
  })

  it('shows the calls it cannot answer over AG-UI as pending, not asking, and offers no answer keys', async () => {
    await askToClean(AGUI_CAPABILITIES)
    const tools = [...document.querySelectorAll<HTMLElement>('article.as-tool')]
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools) {
      expect(tool.getAttribute('data-status')).toBe('pending')
      expect(tool.querySelector('.as-tool-header .as-badge')?.textContent).toBe(AGENT_STRINGS.en.cannotAnswerHere)
      expect(tool.getAttribute('aria-keyshortcuts')).toBe('J K')
      expect(tool.getAttribute('aria-label')).not.toMatch(/approve/i)
    }
  })

  it("says so in the turn's footer and to a screen reader too, not that it waits for the user's approval", async () => {
    await askToClean(AGUI_CAPABILITIES)
    await waitFor(() => expect(document.querySelector('.as-turn-footer .as-badge')?.textContent).toBe(AGENT_STRINGS.en.cannotAnswerHere))
    expect(document.body.textContent).not.toContain(AGENT_STRINGS.en.turnStatus.awaiting_confirmation)
    const announced = screen.getByRole('status', { name: '' }).textContent ?? ''
    expect(announced).toContain(AGENT_STRINGS.en.cannotAnswerHere)
    expect(announced).not.toContain(AGENT_STRINGS.en.announceConfirmation)
  })

  it('says a call cannot be answered here in Simplified Chinese too', async () => {
    await askToClean(AGUI_CAPABILITIES, AGENT_STRINGS_ZH_CN)
    expect(document.querySelector('article.as-tool .as-tool-header .as-badge')?.textContent).toBe('无法在此答复')
  })

  it('says it in Simplified Chinese too', async () => {
    await askToClean(AGENT_PROTOCOL_CAPABILITIES, AGENT_STRINGS_ZH_CN)
    expect(screen.getAllByText(AGENT_STRINGS_ZH_CN.transportApproveDenyOnly)).toHaveLength(1)
    expect(buttons()).not.toContain(AGENT_STRINGS_ZH_CN.edit)
  })
})
