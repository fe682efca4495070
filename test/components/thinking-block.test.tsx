// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentLocaleContext } from '../../src/components/i18n'
import { MessageList } from '../../src/components/message-list'
import { ThinkingBlockView } from '../../src/components/thinking-block'
import { applyEvents } from '../../src/core'
import type { ThinkingEntry } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { event, start, thinking } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

afterEach(cleanup)

const opening = () => event('THINKING_BLOCK_START', { replyId: 'M1', blockId: 'thinking', createdAt: '2026-05-14T09:12:03.000Z' })
const sealing = () => event('THINKING_BLOCK_END', { replyId: 'M1', blockId: 'thinking', createdAt: '2026-05-14T09:12:05.500Z' })
const streaming = () => [start(), opening(), thinking('Need the exchange '), thinking('rate first.')]
const sealed = () => [...streaming(), sealing()]

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

function entryOf(events: unknown[]): ThinkingEntry {
  return storeFromEvents(events).getState().agent.scopes['']!.turns[0]!.entries[0] as ThinkingEntry
}

describe('ThinkingBlockView', () => {
  it('reads "Thought", not "Thinking…", once its turn closed without an end time (a transport that drops it)', () => {
    renderList(storeFromEvents([...streaming(), event('AGENT_END', { replyId: 'R0' })], { endOfStream: true }))
    expect(screen.getByRole('button', { name: /^Thought/ }).querySelector('.as-thinking-title')?.textContent).toBe('Thought')
    expect(screen.queryByText('Thinking…')).toBeNull()
  })

  it('is open while it streams, showing the reasoning so far', () => {
    renderList(storeFromEvents(streaming()))
    const toggle = screen.getByRole('button', { name: /Thinking/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('Need the exchange rate first.').hidden).toBe(false)
  })

  it('closes once sealed and says how long it thought', () => {
    const store = storeFromEvents(streaming())
    renderList(store)
    act(() => store.setState({ agent: applyEvents(store.getState().agent, [sealing()], { endOfStream: false }) }))
    const toggle = screen.getByRole('button', { name: /Thought for 3 s/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByText('Need the exchange rate first.').closest('.as-thinking-body')?.hasAttribute('hidden')).toBe(true)
    expect(toggle.closest('[data-as-block="thinking"]')?.getAttribute('data-state')).toBe('closed')
  })

  it('opens and closes again on click', () => {
    renderList(storeFromEvents(sealed()))
    const toggle = screen.getByRole('button', { name: /Show reasoning/ })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.textContent).toContain('Hide reasoning')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('is operable by keyboard: its toggle is a native, focusable button wired to the panel', () => {
    renderList(storeFromEvents(sealed()))
    const toggle = screen.getByRole('button', { name: /Show reasoning/ })
    toggle.focus()
    expect(document.activeElement).toBe(toggle)
    expect(toggle.tagName).toBe('BUTTON')
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.textContent).toBe('Need the exchange rate first.')
  })

  it('follows a controlled `open` and reports the wanted state through onOpenChange', () => {
    const onOpenChange = vi.fn()
    render(<ThinkingBlockView entry={entryOf(sealed())} open onOpenChange={onOpenChange} />)
    const toggle = screen.getByRole('button')
    fireEvent.click(toggle)
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
  })

  it('calls onOpenChange and still toggles when uncontrolled', () => {
    const onOpenChange = vi.fn()
    render(<ThinkingBlockView entry={entryOf(sealed())} onOpenChange={onOpenChange} />)
    fireEvent.click(screen.getByRole('button'))
    expect(onOpenChange).toHaveBeenCalledWith(true)
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('true')
  })

  it('starts closed while streaming when defaultOpen is false', () => {
    render(<ThinkingBlockView entry={entryOf(streaming())} defaultOpen={false} />)
    expect(screen.getByRole('button', { name: /Thinking/ }).getAttribute('aria-expanded')).toBe('false')
  })

  it('says how long it thought in Chinese under zh-CN', () => {
    render(
      <AgentLocaleContext.Provider value={AGENT_STRINGS_ZH_CN}>
        <ThinkingBlockView entry={entryOf(sealed())} />
      </AgentLocaleContext.Provider>,
    )
    expect(screen.getByRole('button', { name: /思考了 3 秒/ })).toBeTruthy()
  })

  it('spreads extra props onto its root', () => {
    render(<ThinkingBlockView entry={entryOf(sealed())} data-testid="reasoning" className="compact" />)
    expect(screen.getByTestId('reasoning').className).toBe('compact')
    expect(screen.getByTestId('reasoning').getAttribute('data-as-block')).toBe('thinking')
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLDivElement>()
    render(<ThinkingBlockView entry={entryOf(sealed())} ref={ref} />)
    expect(ref.current?.getAttribute('data-as-block')).toBe('thinking')
  })

  it('has no axe violations', async () => {
    const { container } = renderList(storeFromEvents(sealed()))
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
