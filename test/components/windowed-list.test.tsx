// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageList } from '../../src/components/message-list'
import { WINDOW_THRESHOLD } from '../../src/components/use-windowed-list'
import { AgentProvider } from '../../src/react/agent-provider'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, start, text, textStart } from '../fixtures/script'

afterEach(cleanup)

function conversation(turns: number, open = false) {
  const events: unknown[] = []
  for (let index = 0; index < turns; index++) events.push(start(`R${index}`), text(`answer ${index}`, `M${index}`), end(`R${index}`))
  if (open) events.push(start('LIVE'), textStart('LIVE-M'), text('streaming now', 'LIVE-M'))
  return storeFromEvents(events)
}

const renderedTurns = () => [...document.querySelectorAll('.as-list-content > .as-turn')]
const log = () => screen.getByRole('log', { name: 'Conversation' })

describe('windowed message list (#11)', () => {
  it('renders a short conversation whole', () => {
    render(
      <AgentProvider store={conversation(WINDOW_THRESHOLD)}>
        <MessageList />
      </AgentProvider>,
    )
    expect(renderedTurns()).toHaveLength(WINDOW_THRESHOLD)
    expect(log().hasAttribute('data-windowed')).toBe(false)
  })

  it('renders only the end of a 1,000-turn conversation, with padding standing in for the rest', () => {
    render(
      <AgentProvider store={conversation(1_000, true)}>
        <MessageList />
      </AgentProvider>,
    )
    const turns = renderedTurns()
    expect(turns.length).toBeGreaterThan(3)
    expect(turns.length).toBeLessThan(40)
    expect(screen.getByText('streaming now')).toBeTruthy()
    expect(screen.queryByText('answer 0')).toBeNull()
    const content = document.querySelector<HTMLElement>('.as-list-content')!
    expect(Number.parseFloat(content.style.paddingTop)).toBeGreaterThan(100_000)
    expect(log().hasAttribute('data-windowed')).toBe(true)
  })

  it('follows new turns at the end while stuck to the bottom', () => {
    const store = conversation(300)
    render(
      <AgentProvider store={store}>
        <MessageList />
      </AgentProvider>,
    )
    act(() => {
      const grown = conversation(300, true)
      store.setState({ agent: grown.getState().agent, transcript: grown.getState().transcript })
    })
    expect(screen.getByText('streaming now')).toBeTruthy()
  })

  it('renders the start once the reader scrolls to the top', () => {
    render(
      <AgentProvider store={conversation(1_000)}>
        <MessageList />
      </AgentProvider>,
    )
    // jsdom has no layout: give the log the geometry of a long list.
    Object.defineProperty(log(), 'scrollHeight', { configurable: true, value: 200_000 })
    Object.defineProperty(log(), 'clientHeight', { configurable: true, value: 500 })
    fireEvent.wheel(log(), { deltaY: -120 })
    act(() => {
      log().scrollTop = 0
      fireEvent.scroll(log())
    })
    expect(screen.getByText('answer 0')).toBeTruthy()
    expect(screen.queryByText('answer 999')).toBeNull()
    expect(renderedTurns().length).toBeLessThan(40)
  })

  it('mounts, and so subscribes, only the turns in the window', () => {
    const store = conversation(1_000)
    let active = 0
    const counted = {
      ...store,
      subscribe: (listener: Parameters<typeof store.subscribe>[0]) => {
        active++
        const unsubscribe = store.subscribe(listener)
        return () => {
          active--
          unsubscribe()
        }
      },
    }
    render(
      <AgentProvider store={counted}>
        <MessageList />
      </AgentProvider>,
    )
    expect(renderedTurns().length).toBeLessThan(40)
    // A few hooks per mounted turn and block: bounded by the window, where 1,000 turns would need thousands.
    expect(active).toBeLessThan(renderedTurns().length * 8 + 10)
  })
})
