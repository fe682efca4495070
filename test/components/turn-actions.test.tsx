// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { createSseTransport } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import { startRecordingAgentServer, storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

let server: Awaited<ReturnType<typeof startRecordingAgentServer>>
let sessions = 0
beforeAll(async () => {
  server = await startRecordingAgentServer()
})
afterAll(() => server.close())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function newStore(): AgentStore {
  return createAgentStore({ transport: createSseTransport({ url: server.url, sessionId: `actions-${(sessions += 1)}` }) })
}

async function settled(store: AgentStore) {
  await waitFor(() => expect(['connecting', 'streaming']).not.toContain(store.getState().status))
}

const sentTexts = (store: AgentStore) =>
  store.getState().transcript.flatMap((item) => (item.kind === 'user' ? [String((item.message.content[0] as { text?: string }).text)] : []))

describe('Turn actions', () => {
  it.each(['user-confirm-pause-and-resume', 'external-execution-pause-and-resume'])(
    'offers them once per reply, after its end, and copies the whole reply: not the half before a pause that was answered (%s)',
    async (name) => {
      const written: string[] = []
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void written.push(text) } })
      const store = storeFromEvents(loadFixtures().find((fixture) => fixture.name === name)!.events, { endOfStream: true })
      const { container } = render(<AgentChat store={store} />)
      await waitFor(() => expect(screen.getAllByRole('group', { name: 'Reply actions' })).toHaveLength(1))
      const turns = container.querySelectorAll('.as-turn')
      expect(turns).toHaveLength(2)
      const actions = within(turns[1] as HTMLElement).getByRole('group', { name: 'Reply actions' })
      fireEvent.click(within(actions).getByRole('button', { name: 'Copy as Markdown' }))
      fireEvent.click(within(actions).getByRole('button', { name: 'Copy as text' }))
      await waitFor(() => expect(written).toHaveLength(2))
      const texts = store
        .getState()
        .agent.scopes['']!.turns.map((turn) => turn.entries.flatMap((entry) => (entry.kind === 'text' ? [entry.block.text] : [])).join('\n\n'))
      expect(written[0]).toBe(texts.join('\n\n'))
      for (const part of [...turns].map((turn) => turn.querySelector('[data-as-block="text"]')!.textContent!.trim())) {
        expect(written[1]).toContain(part)
      }
    },
  )

  it('copies a reply as markdown and as plain text', async () => {
    const written: string[] = []
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void written.push(text) } })
    const store = newStore()
    render(<AgentChat store={store} />)
    await act(() => store.getState().send('hello'))
    await settled(store)
    const actions = screen.getByRole('group', { name: 'Reply actions' })
    fireEvent.click(within(actions).getByRole('button', { name: 'Copy as Markdown' }))
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Copied' })).toBeTruthy())
    fireEvent.click(within(actions).getByRole('button', { name: 'Copy as text' }))
    await waitFor(() => expect(written).toHaveLength(2))
    const markdown = store
      .getState()
      .agent.scopes['']!.turns[0]!.entries.flatMap((entry) => (entry.kind === 'text' ? [entry.block.text] : []))
      .join('\n\n')
    expect(written[0]).toBe(markdown)
    expect(written[1]!.length).toBeGreaterThan(0)
    expect(written[1]).not.toContain('**')
  })

  it('retries the last turn by sending its message again in its place, and only the last turn', async () => {
    const store = newStore()
    const { container } = render(<AgentChat store={store} />)
    await act(() => store.getState().send('hello'))
    await settled(store)
    await act(() => store.getState().send('weather'))
    await settled(store)
    const before = store.getState().agent.scopes['']!.turns
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(store.getState().status).toBe('connecting'))
    await settled(store)
    expect(sentTexts(store)).toEqual(['hello', 'weather'])
    const turns = store.getState().agent.scopes['']!.turns
    expect(turns).toHaveLength(2)
    expect(turns[0]).toBe(before[0])
    expect(turns[1]!.id).not.toBe(before[1]!.id)
    expect(store.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn', 'user', 'turn'])
    expect(container.querySelectorAll('[data-as-role="user"]')).toHaveLength(2)
    // The server heard the message a second time, as a new message.
    const runs = server.runs()
    expect(JSON.stringify(runs[runs.length - 1])).toContain('weather')
    expect(runs.filter((run) => JSON.stringify(run).includes('weather')).length).toBeGreaterThanOrEqual(2)
  })

  it('calls onFeedback with the turn and the thumb, and shows no thumbs without it', async () => {
    const onFeedback = vi.fn()
    const store = newStore()
    render(<AgentChat store={store} onFeedback={onFeedback} />)
    await act(() => store.getState().send('hello'))
    await settled(store)
    fireEvent.click(screen.getByRole('button', { name: 'Good response' }))
    expect(onFeedback).toHaveBeenCalledWith({ turnId: store.getState().agent.scopes['']!.turns[0]!.id, turnIndex: 0, value: 'up' })
    expect(screen.getByRole('button', { name: 'Good response' }).getAttribute('aria-pressed')).toBe('true')
    cleanup()
    const other = newStore()
    render(<AgentChat store={other} />)
    await act(() => other.getState().send('hello'))
    await settled(other)
    expect(screen.queryByRole('button', { name: 'Good response' })).toBeNull()
  })

  it('edits the last user message and sends it again', async () => {
    const store = newStore()
    render(<AgentChat store={store} />)
    await act(() => store.getState().send('hello'))
    await settled(store)
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit' }), { target: { value: 'weather in Paris' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(sentTexts(store)).toEqual(['weather in Paris']))
    await settled(store)
    expect(store.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    expect(screen.queryByText('hello')).toBeNull()
  })

  it('has no axe violations with the actions shown', async () => {
    const store = newStore()
    const { container } = render(<AgentChat store={store} onFeedback={() => {}} />)
    await act(() => store.getState().send('weather'))
    await settled(store)
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})

describe('Empty state', () => {
  it('welcomes, offers the suggestions, and sends the one clicked', async () => {
    const store = newStore()
    render(<AgentChat store={store} suggestions={['hello there', { label: 'Weather', prompt: 'weather in Paris' }]} />)
    expect(screen.getByRole('heading', { name: 'How can I help?' })).toBeTruthy()
    const list = screen.getByRole('list', { name: 'Suggestions' })
    fireEvent.click(within(list).getByRole('button', { name: 'Weather' }))
    await waitFor(() => expect(sentTexts(store)).toEqual(['weather in Paris']))
    await settled(store)
    expect(screen.queryByRole('list', { name: 'Suggestions' })).toBeNull()
  })

  it('shows the welcome slot instead of the heading', () => {
    render(<AgentChat store={newStore()} welcome={<p>Ask about your orders</p>} locale={AGENT_STRINGS_ZH_CN} />)
    expect(screen.getByText('Ask about your orders')).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })
})
