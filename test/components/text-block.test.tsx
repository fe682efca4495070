// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { MessageList } from '../../src/components/message-list'
import { TextBlockView } from '../../src/components/text-block'
import { applyEvents } from '../../src/core'
import type { TextEntry } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, start, text, textEnd, textStart } from '../fixtures/script'

afterEach(cleanup)

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

function firstEntry(store: AgentStore): TextEntry {
  return store.getState().agent.scopes['']!.turns[0]!.entries[0] as TextEntry
}

describe('TextBlockView', () => {
  it('renders the markdown of a streaming block and marks it streaming', () => {
    renderList(storeFromEvents([start(), textStart(), text('## Plan\n\nFirst a '), text('**bold** step')]))
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy()
    const block = screen.getByText('bold').closest('[data-as-block="text"]')
    expect(block?.getAttribute('data-status')).toBe('streaming')
  })

  it('renders unclosed emphasis as if closed while the text streams', () => {
    const { container } = renderList(storeFromEvents([start(), textStart(), text('Use **extreme ca')]))
    expect(container.querySelector('strong')?.textContent).toBe('extreme ca')
  })

  it('is marked done, with the full text, once TEXT_BLOCK_END arrives', () => {
    const store = storeFromEvents([start(), textStart(), text('Hello')])
    renderList(store)
    const block = screen.getByText('Hello').closest('[data-as-block="text"]')
    act(() => store.setState({ agent: applyEvents(store.getState().agent, [text(', world'), textEnd(), end()]) }))
    expect(block?.textContent).toBe('Hello, world')
    expect(block?.getAttribute('data-status')).toBe('done')
  })

  it('shows HTML from the model as text, never as elements', () => {
    const { container } = renderList(storeFromEvents([start(), textStart(), text('<img src=x onerror="alert(1)"> hi'), textEnd()]))
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText(/<img src=x/)).toBeTruthy()
  })

  it('spreads extra props onto its root', () => {
    const entry = firstEntry(storeFromEvents([start(), textStart(), text('Hi'), textEnd()]))
    render(<TextBlockView entry={entry} data-testid="answer" title="The answer" />)
    const root = screen.getByTestId('answer')
    expect(root.getAttribute('title')).toBe('The answer')
    expect(root.getAttribute('data-as-block')).toBe('text')
  })

  it('forwards its ref to the root element', () => {
    const entry = firstEntry(storeFromEvents([start(), textStart(), text('Hi'), textEnd()]))
    const ref = createRef<HTMLDivElement>()
    render(<TextBlockView entry={entry} ref={ref} />)
    expect(ref.current?.getAttribute('data-as-block')).toBe('text')
  })

  it('is replaced by components.Text', () => {
    const store = storeFromEvents([start(), textStart(), text('Hi there'), textEnd(), end()])
    render(<AgentChat store={store} components={{ Text: ({ entry }) => <mark>{entry.block.text.toUpperCase()}</mark> }} />)
    expect(screen.getByText('HI THERE').tagName).toBe('MARK')
  })

  it('has no axe violations', async () => {
    const events = [start(), textStart(), text('# Title\n\nSome *text* with [a link](https://example.com).\n\n- one\n- two'), textEnd(), end()]
    const { container } = renderList(storeFromEvents(events))
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
