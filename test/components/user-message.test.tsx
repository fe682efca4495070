// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { MessageList } from '../../src/components/message-list'
import { UserMessageView } from '../../src/components/user-message'
import { dataBlock, textBlock, textContent, userMessage } from '../../src/core'
import type { Msg } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'

afterEach(cleanup)

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const reply = loadFixtures().find((fixture) => fixture.name === 'plain-text-reply')!.events
const withPhoto = () => userMessage([textBlock('What is in this photo?'), dataBlock({ base64: PNG, mediaType: 'image/png' }, { name: 'photo.png' })])

function renderList(users: Msg[]) {
  return render(
    <AgentProvider store={storeFromEvents(reply, { endOfStream: true, users })}>
      <MessageList />
    </AgentProvider>,
  )
}

describe('UserMessageView', () => {
  it('shows the text and an attached image', () => {
    renderList([withPhoto()])
    expect(screen.getByText('What is in this photo?').tagName).toBe('P')
    expect(screen.getByRole('img', { name: 'photo.png' }).getAttribute('src')).toBe(`data:image/png;base64,${PNG}`)
  })

  it('tells screen reader users who wrote it', () => {
    const { container } = renderList([withPhoto()])
    expect(container.querySelector('[data-as-role="user"]')?.textContent).toMatch(/^You: What is in this photo\?/)
  })

  it('comes before the reply it asked for', () => {
    const { container } = renderList([userMessage('Hello')])
    const order = [...container.querySelectorAll('[data-as-role="user"], .as-turn')].map((node) => node.className)
    expect(order).toEqual(['as-user', 'as-turn'])
  })

  it('offers an attached PDF as a download', () => {
    renderList([
      userMessage([textBlock('Summarise this'), dataBlock({ base64: 'JVBERi0xLjQK', mediaType: 'application/pdf' }, { name: 'report.pdf' })]),
    ])
    expect(screen.getByRole('link', { name: 'report.pdf · Download (application/pdf)' })).toBeTruthy()
  })

  it('never renders a javascript: image URL', () => {
    const message = { ...userMessage('look'), content: [{ type: 'image', source: { type: 'url', url: 'javascript:alert(1)' } }] } as Msg
    const { container } = renderList([message])
    expect(container.querySelector('[src^="javascript"],[href^="javascript"]')).toBeNull()
  })

  it('is replaced by components.UserMessage', () => {
    const store = storeFromEvents(reply, { endOfStream: true, users: [userMessage('Hello')] })
    render(<AgentChat store={store} components={{ UserMessage: ({ message }) => <blockquote>{textContent(message)}</blockquote> }} />)
    expect(screen.getByText('Hello').tagName).toBe('BLOCKQUOTE')
  })

  it('spreads extra props onto its root', () => {
    render(<UserMessageView message={userMessage('Hi')} data-testid="mine" title="Sent 09:12" />)
    expect(screen.getByTestId('mine').getAttribute('title')).toBe('Sent 09:12')
    expect(screen.getByTestId('mine').getAttribute('data-as-role')).toBe('user')
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLDivElement>()
    render(<UserMessageView message={userMessage('Hi')} ref={ref} />)
    expect(ref.current?.className).toBe('as-user')
  })

  it('has no axe violations', async () => {
    const { container } = renderList([withPhoto()])
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
