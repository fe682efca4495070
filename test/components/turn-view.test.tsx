// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TurnView } from '../../src/components/turn-view'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { start, text, textStart } from '../fixtures/script'

afterEach(cleanup)

const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture.events]))
const ended = (name: string) => storeFromEvents(fixtures.get(name)!, { endOfStream: true })

function renderTurn(store: AgentStore, index = 0) {
  return render(
    <AgentProvider store={store}>
      <TurnView index={index} />
    </AgentProvider>,
  )
}

const turn = (container: HTMLElement) => container.querySelector('.as-turn')!
const badge = (container: HTMLElement) => container.querySelector('.as-turn-footer > .as-badge')?.textContent

describe('TurnView', () => {
  it('shows no status for a turn that simply completed', () => {
    const { container } = renderTurn(ended('plain-text-reply'))
    expect(turn(container).getAttribute('data-status')).toBe('completed')
    expect(badge(container)).toBeUndefined()
  })

  it('is busy and has no status badge while it streams', () => {
    const { container } = renderTurn(storeFromEvents([start(), textStart(), text('Hi')]))
    expect(turn(container).getAttribute('aria-busy')).toBe('true')
    expect(badge(container)).toBeUndefined()
  })

  it.each([
    ['exceed-max-iterations', 0, 'Stopped after the maximum number of steps'],
    ['interrupted-reply', 0, 'Stopped'],
  ])('shows why turn %s#%i ended: %s', (name, index, status) => {
    const { container } = renderTurn(ended(name), index)
    expect(badge(container)).toBe(status)
  })

  it.each([
    ['user-confirm-pause-and-resume', 'Waiting for your approval'],
    ['external-execution-pause-and-resume', 'Waiting for tool results'],
  ])('shows a pause while it is the last turn (%s), and not once a later turn resumed it', (name, status) => {
    const fixture = loadFixtures().find((candidate) => candidate.name === name)!
    const paused = fixture.events.findIndex((event, index) => index > 0 && (event as { type: string }).type === 'AGENT_START')
    const { container } = renderTurn(storeFromEvents(fixture.events.slice(0, paused), { endOfStream: true }), 0)
    expect(badge(container)).toBe(status)
    cleanup()
    expect(badge(renderTurn(ended(name), 0).container)).toBeUndefined()
  })

  it('says what happened when the user denied every call: the tool by name, and that the agent stopped', () => {
    const { container } = renderTurn(ended('all-tools-denied'), 1)
    expect(container.querySelector('.as-denial')?.textContent).toBe('You denied delete_file; the agent stopped.')
    expect(badge(container)).toBeUndefined()
  })

  it('shows who answers: an initial avatar and the agent name, and no header again for a turn that resumes', () => {
    const { container } = renderTurn(ended('user-confirm-pause-and-resume'), 0)
    expect(container.querySelector('.as-identity')?.textContent).toBe('Aassistant')
    cleanup()
    expect(renderTurn(ended('user-confirm-pause-and-resume'), 1).container.querySelector('.as-identity')).toBeNull()
  })

  it('says the reply is incomplete when the connection ended first', () => {
    const { container } = renderTurn(storeFromEvents([start(), textStart(), text('Half')], { endOfStream: true }))
    expect(screen.getByText('Incomplete: the connection ended before the reply did')).toBeTruthy()
    expect(turn(container).getAttribute('data-status')).toBe('incomplete')
  })

  it('renders nothing for a turn that does not exist', () => {
    const { container } = renderTurn(ended('plain-text-reply'), 3)
    expect(container.innerHTML).toBe('')
  })
})
