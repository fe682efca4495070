// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { MessageList } from '../../src/components/message-list'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, resultEnd, resultStart, resultText, start, thinking } from '../fixtures/script'

afterEach(cleanup)

const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture.events]))

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

describe('BlockView', () => {
  it('shows hints with their sender', () => {
    const { container } = renderList(storeFromEvents(fixtures.get('hint-blocks')!, { endOfStream: true }))
    const hints = [...container.querySelectorAll('[data-as-block="hint"]')].map((hint) => hint.textContent)
    expect(hints[0]).toMatch(/^alice: \[team message from alice\]/)
    expect(hints).toHaveLength(2)
  })

  // An aside is a landmark: two hints made two unnamed landmarks inside the conversation log.
  it('shows hints as notes, not landmarks, with no axe violations', async () => {
    const { container } = render(<AgentChat store={storeFromEvents(fixtures.get('hint-blocks')!, { endOfStream: true })} />)
    expect(screen.queryAllByRole('complementary')).toEqual([])
    expect(screen.getAllByRole('note').map((note) => note.getAttribute('data-as-block'))).toEqual(['hint', 'hint'])
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it('shows a result whose call this client never saw as a card of its own', () => {
    renderList(storeFromEvents([start(), resultStart('late'), resultText('late', 'done in the background'), resultEnd('late'), end()]))
    const card = screen.getByRole('article')
    expect(card.getAttribute('data-as-block')).toBe('tool_result')
    expect(within(card).getByRole('group', { name: /^Output: / }).textContent).toBe('done in the background')
  })

  it('shows a result once, in the card of its call, even when the result sits in a later turn', () => {
    renderList(storeFromEvents(fixtures.get('user-confirm-pause-and-resume')!, { endOfStream: true }))
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('data-as-block'))).toEqual(['tool_use', 'tool_use'])
    expect(screen.getAllByText('Permission denied by user')).toHaveLength(1)
  })

  it('renders thinking through components.Thinking', () => {
    const store = storeFromEvents([start(), thinking('Let me see.')])
    render(<AgentChat store={store} components={{ Thinking: ({ entry }) => <aside>mind: {entry.block.thinking}</aside> }} />)
    expect(screen.getByText('mind: Let me see.').tagName).toBe('ASIDE')
  })
})
