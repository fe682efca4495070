// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentLocaleContext } from '../../src/components/i18n'
import type { AgentLocale } from '../../src/components/i18n'
import { TurnView } from '../../src/components/turn-view'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { start, text, textStart, toolStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function renderTurn(store: AgentStore, locale: AgentLocale = 'en') {
  return render(
    <AgentProvider store={store}>
      <AgentLocaleContext.Provider value={locale}>
        <TurnView index={0} />
      </AgentLocaleContext.Provider>
    </AgentProvider>,
  )
}

const notice = (container: HTMLElement) => container.querySelector('[data-as-stall]')?.textContent ?? null

describe('the stall notice (#11)', () => {
  it('names the tool still running and counts the quiet seconds', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const store = storeFromEvents([start(), toolStart('c1', 'sql_query')])
    const { container } = renderTurn(store)
    expect(notice(container)).toBeNull()
    act(() => store.setState({ stalledSince: 1_000_000 - 15_000 }))
    expect(notice(container)).toBe('still running sql_query · 15 s')
    await act(() => vi.advanceTimersByTimeAsync(27_000))
    expect(notice(container)).toBe('still running sql_query · 42 s')
    act(() => store.setState({ stalledSince: null }))
    expect(notice(container)).toBeNull()
  })

  it('says so in Simplified Chinese, and without a tool while text streams', () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const store = storeFromEvents([start(), textStart(), text('Thinking about it')])
    const { container } = renderTurn(store, AGENT_STRINGS_ZH_CN)
    act(() => store.setState({ stalledSince: 1_000_000 - 20_000 }))
    expect(notice(container)).toBe('仍在处理 · 20 秒')
  })

  it('is not shown under a turn that has ended', () => {
    const store = storeFromEvents([start(), toolStart('c1', 'sql_query')], { endOfStream: true })
    const { container } = renderTurn(store)
    act(() => store.setState({ stalledSince: Date.now() }))
    expect(notice(container)).toBeNull()
  })
})
