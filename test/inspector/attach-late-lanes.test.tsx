// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { createEventRecorder, createReplayTransport, toSnapshot, userMessage } from '../../src/core'
import type { AgentState } from '../../src/core'
import { AgentInspector } from '../../src/inspector/agent-inspector'
import type { InspectorView } from '../../src/inspector/agent-inspector'
import { attachRecorder } from '../../src/inspector/attach-recorder'
import { toFixture } from '../../src/inspector/fixture-file'
import { ReadOnlyChat } from '../../src/inspector/read-only-chat'
import { createAgentStore } from '../../src/store/create-agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'

afterEach(cleanup)

const SOURCE = 'session-42/researcher'
const subagentRun = loadFixtures().find((fixture) => fixture.name === 'subagent-events-interleaved-and-exposed')!.events
// The same run with fresh ids, as a second exchange would bring.
const secondRun = subagentRun.map((value) => ({ ...(value as object), id: `${(value as { id: string }).id}-2` }))

// Everything a reader of the state sees (the JSON of scopes and turns leaves the indexes out), seen ids aside.
function visible(state: AgentState) {
  const { seenIds: _seenIds, seenCount: _seenCount, ...rest } = state
  return JSON.parse(JSON.stringify(rest)) as unknown
}

const laneTexts = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('region', { name: /^Subagent: / })
    .map((lane) => lane.textContent)

describe('<AgentInspector store> attached after the chat ran a subagent (#14)', () => {
  it('rebuilds, scrubbed to the end, the same lanes as the live chat', async () => {
    const store = createAgentStore({ transport: createReplayTransport({ calls: [subagentRun, secondRun], pace: 'instant' }) })
    const live = render(<AgentChat store={store} />)
    await act(() => store.getState().send(userMessage('research this')))
    expect(Object.keys(store.getState().agent.scopes)).toContain(SOURCE)
    const views: (InspectorView | null)[] = []
    render(<AgentInspector store={store} onViewChange={(view) => views.push(view)} />)
    await waitFor(() => expect(screen.getByText('1 of 1 entries')).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Show the end' }))
    const view = views[views.length - 1]!
    expect(visible(view.store.getState().agent)).toEqual(visible(store.getState().agent))
    expect(toSnapshot(view.store.getState().agent)).toEqual(toSnapshot(store.getState().agent))
    const past = render(<ReadOnlyChat store={view.store} position={view.position} />)
    expect(laneTexts(past.container)).toEqual(laneTexts(live.container))
    expect(laneTexts(past.container)).toHaveLength(1)
  })

  it('after more runs, the lanes of the runs before and after the attach both match', async () => {
    const store = createAgentStore({ transport: createReplayTransport({ calls: [subagentRun, secondRun], pace: 'instant' }) })
    await store.getState().send(userMessage('research this'))
    const views: (InspectorView | null)[] = []
    render(<AgentInspector store={store} onViewChange={(view) => views.push(view)} />)
    await act(() => store.getState().send(userMessage('and again')))
    await waitFor(() => expect(screen.getByText(/^\d+ of \d+ entries$/).textContent).not.toBe('1 of 1 entries'))
    fireEvent.click(screen.getByRole('button', { name: 'Show the end' }))
    const view = views[views.length - 1]!
    expect(visible(view.store.getState().agent)).toEqual(visible(store.getState().agent))
  })

  it('says in plain words what it cannot rebuild: the events before the attach, which an export leaves out', async () => {
    const store = createAgentStore({ transport: createReplayTransport({ calls: [subagentRun, secondRun], pace: 'instant' }) })
    await store.getState().send(userMessage('research this'))
    const recorder = attachRecorder(store)
    const inspector = render(<AgentInspector recorder={recorder} />)
    expect(screen.getByText(/^Attached to a chat already under way\./).textContent).toBe(
      'Attached to a chat already under way. Entry 1 is the chat as it stood then (2 messages, 1 subagent lane), rebuilt exactly, but the events that ' +
        'built it were not recorded: they are not listed, time travel cannot go back through them, and an export leaves that part out.',
    )
    expect(within(screen.getByRole('listbox', { name: 'Event log' })).getAllByRole('option')[0]!.textContent).toContain('attached')
    await store.getState().send(userMessage('and again'))
    const exported = toFixture(recorder.entries(), { name: 'attached' })
    expect(exported.notes).toEqual(['attached'])
    // The fixture holds what was recorded since the attach, and replays to that part alone.
    expect(exported.fixture.expected.messages.filter((message) => message.role === 'USER')).toHaveLength(1)
    inspector.unmount()
    render(<AgentInspector recorder={recorder} locale="zh-CN" />)
    expect(screen.getByText(/^接入时对话已在进行中/).textContent).toContain('1 个子智能体分栏')
    recorder.detach()
  })

  it('says nothing of the kind for a recorder that saw the chat from its first event', async () => {
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport: createReplayTransport({ calls: [subagentRun], pace: 'instant' }), recorder })
    await store.getState().send(userMessage('research this'))
    render(<AgentInspector recorder={recorder} />)
    expect(screen.queryByText(/Attached to a chat/)).toBeNull()
    expect(toFixture(recorder.entries(), { name: 'whole' }).notes).toEqual([])
  })
})
