// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageList } from '../../src/components/message-list'
import { userMessage } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { start, text, textStart } from '../fixtures/script'

afterEach(cleanup)

const conversation = () =>
  storeFromEvents(loadFixtures().find((fixture) => fixture.name === 'tool-call-streamed-args-text-result')!.events, {
    endOfStream: true,
    users: [userMessage('Weather in Paris?')],
  })

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

const log = () => screen.getByRole('log', { name: 'Conversation' })
const jump = () => screen.queryByRole('button', { name: 'Jump to latest' })
// jsdom has no layout: give the log the geometry of a list scrolled to its end.
function layOut(node: HTMLElement, { scrollHeight = 2000, clientHeight = 500 } = {}) {
  Object.defineProperty(node, 'scrollHeight', { configurable: true, value: scrollHeight })
  Object.defineProperty(node, 'clientHeight', { configurable: true, value: clientHeight })
  node.scrollTop = scrollHeight - clientHeight
}

describe('MessageList', () => {
  it('marks the log busy while the agent streams', () => {
    renderList(storeFromEvents([start(), textStart(), text('Working on it')]))
    expect(log().getAttribute('aria-busy')).toBe('true')
  })

  it('marks the log idle once the reply is done', () => {
    renderList(conversation())
    expect(log().getAttribute('aria-busy')).toBe('false')
  })

  it('follows new content, with no "Jump to latest", until the reader moves', () => {
    renderList(conversation())
    expect(log().hasAttribute('data-stuck')).toBe(true)
    expect(jump()).toBeNull()
  })

  it('offers "Jump to latest" once the reader scrolls up with the wheel', () => {
    renderList(conversation())
    fireEvent.wheel(log(), { deltaY: -120 })
    expect(jump()).not.toBeNull()
    expect(log().hasAttribute('data-stuck')).toBe(false)
  })

  it('jumps back to the end and follows again', () => {
    renderList(conversation())
    layOut(log())
    fireEvent.wheel(log(), { deltaY: -120 })
    log().scrollTop = 300
    fireEvent.click(jump()!)
    expect(log().scrollTop).toBe(2000)
    expect(jump()).toBeNull()
  })

  it('keeps following on a wheel down', () => {
    renderList(conversation())
    fireEvent.wheel(log(), { deltaY: 120 })
    expect(jump()).toBeNull()
  })

  it('lets go when the reader pages up with the keyboard', () => {
    renderList(conversation())
    log().focus()
    fireEvent.keyDown(log(), { key: 'PageUp' })
    expect(document.activeElement).toBe(log())
    expect(jump()).not.toBeNull()
  })

  it('follows again once the reader scrolls back down to the end', () => {
    renderList(conversation())
    layOut(log())
    fireEvent.wheel(log(), { deltaY: -120 })
    log().scrollTop = 1000
    fireEvent.scroll(log())
    log().scrollTop = 1500
    fireEvent.scroll(log())
    expect(jump()).toBeNull()
  })

  it('spreads extra props onto its root', () => {
    render(
      <AgentProvider store={conversation()}>
        <MessageList data-testid="list" className="tall" />
      </AgentProvider>,
    )
    expect(screen.getByTestId('list').className).toBe('tall')
    expect(screen.getByTestId('list').contains(log())).toBe(true)
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLDivElement>()
    render(
      <AgentProvider store={conversation()}>
        <MessageList ref={ref} />
      </AgentProvider>,
    )
    expect(ref.current?.contains(log())).toBe(true)
  })

  it('has no axe violations, with "Jump to latest" shown', async () => {
    const { container } = renderList(conversation())
    fireEvent.wheel(log(), { deltaY: -120 })
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
