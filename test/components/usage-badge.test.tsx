// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentLocaleContext } from '../../src/components/i18n'
import { MessageList } from '../../src/components/message-list'
import { UsageBadge } from '../../src/components/usage-badge'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, start, text, textEnd, textStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

afterEach(cleanup)

const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture.events]))
const twoCalls = () => storeFromEvents(fixtures.get('model-call-usage-two-iterations')!, { endOfStream: true })

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

const summaries = (container: HTMLElement) => [...container.querySelectorAll('.as-usage > summary')].map((summary) => summary.textContent)

describe('UsageBadge', () => {
  it('shows the sum over the model calls of a turn', () => {
    const { container } = renderList(twoCalls())
    expect(summaries(container)).toEqual(['Tokens used: 2510 in · 105 out · 2176 cached'])
  })

  it('lists the usage of each model call, with its time, on demand', () => {
    const { container } = renderList(twoCalls())
    const details = container.querySelector('details')!
    fireEvent.click(within(details).getByText(/2510 in/))
    const calls = within(details)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(calls).toEqual(['1200 in · 45 out · 1.25 s', '1310 in · 60 out · 0.50 s'])
  })

  it('shows one badge per turn', () => {
    const { container } = renderList(storeFromEvents(fixtures.get('user-confirm-pause-and-resume')!, { endOfStream: true }))
    expect(summaries(container)).toEqual(['Tokens used: 1204 in · 61 out · 1024 cached', 'Tokens used: 1390 in · 44 out · 1152 cached'])
  })

  it('has no list for a turn with a single model call, and no cached part when nothing was cached', () => {
    const { container } = renderList(storeFromEvents(fixtures.get('plain-text-reply')!, { endOfStream: true }))
    expect(summaries(container)).toEqual(['Tokens used: 412 in · 18 out'])
    expect(container.querySelector('.as-usage ol')).toBeNull()
  })

  it('is absent when no model call reported usage', () => {
    const { container } = renderList(storeFromEvents([start(), textStart(), text('Hi'), textEnd(), end()]))
    expect(container.querySelector('.as-usage')).toBeNull()
  })

  it('speaks Chinese under zh-CN', () => {
    const { container } = render(
      <AgentLocaleContext.Provider value={AGENT_STRINGS_ZH_CN}>
        <AgentProvider store={twoCalls()}>
          <MessageList />
        </AgentProvider>
      </AgentLocaleContext.Provider>,
    )
    expect(summaries(container)).toEqual(['Token 用量：输入 2510 · 输出 105 · 缓存 2176'])
  })

  it('spreads extra props onto its root', () => {
    const usage = { inputTokens: 10, outputTokens: 2, cachedTokens: 0, time: 0.5, totalTokens: 12 }
    render(<UsageBadge usage={usage} data-testid="usage" title="This turn" />)
    expect(screen.getByTestId('usage').tagName).toBe('DETAILS')
    expect(screen.getByTestId('usage').getAttribute('title')).toBe('This turn')
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLDetailsElement>()
    render(<UsageBadge usage={{ inputTokens: 10, outputTokens: 2, cachedTokens: 0, time: 0.5, totalTokens: 12 }} ref={ref} />)
    expect(ref.current?.className).toBe('as-usage')
  })

  it('has no axe violations', async () => {
    const { container } = renderList(twoCalls())
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
