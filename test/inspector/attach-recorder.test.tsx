// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import {
  applyRecordedEntries,
  createAgentSession,
  createEventRecorder,
  createRecordedState,
  createReplayTransport,
  replayEvents,
  toSnapshot,
} from '../../src/core'
import type { Msg, RecordedEntry } from '../../src/core'
import { AgentInspector } from '../../src/inspector/agent-inspector'
import { attachRecorder } from '../../src/inspector/attach-recorder'
import { toFixture } from '../../src/inspector/fixture-file'
import { createAgentStore } from '../../src/store/create-agent-store'
import { comparable } from '../fixtures/compare-snapshot'
import { callsOf, loadRecordedLogs } from './recorded-logs'

afterEach(cleanup)

const logs = loadRecordedLogs()
const plain = logs.find((log) => log.name === 'parallel-tools')!
const firstMessage = () => {
  const request = plain.runs[0]!.request
  return (request.kind === 'message' ? request.messages[0] : undefined) as Msg
}
// The recorded run, then the same run again with fresh event ids (a retry's answer: the same ids would be duplicates).
const again = callsOf(plain).map((call) => call.map((value) => ({ ...(value as object), id: `${(value as { id: string }).id}-again` })))
// A store made the ordinary way, without a recorder.
const replayStore = () => createAgentStore({ transport: createReplayTransport({ calls: [...callsOf(plain), ...again], pace: 'instant' }) })
const rows = () => within(screen.getByRole('listbox', { name: 'Event log' })).queryAllByRole('option')

describe('attaching the inspector to a chat made without a recorder (#14)', () => {
  it('records everything from the attach on, and rebuilds exactly what the chat shows', async () => {
    const store = replayStore()
    const recorder = attachRecorder(store)
    await store.getState().send(firstMessage())
    const entries = recorder.entries()
    expect(entries.map((entry) => entry.kind).slice(0, 3)).toEqual(['local', 'run', 'event'])
    expect(entries.filter((entry) => entry.kind === 'event')).toHaveLength(plain.events.length)
    expect(comparable(toSnapshot(applyRecordedEntries(createRecordedState(), entries).agent))).toEqual(comparable(toSnapshot(store.getState().agent)))
    // export → replay gives the same snapshot
    expect(comparable(toFixture(entries, { name: 'attached' }).fixture.expected)).toEqual(comparable(toSnapshot(store.getState().agent)))
    recorder.detach()
    recorder.detach()
    await store.getState().resend()
    expect(recorder.entries()).toHaveLength(entries.length)
  })

  it('attached mid-conversation, starts from the conversation as it stood (a load entry)', async () => {
    const store = replayStore()
    await store.getState().send(firstMessage())
    const recorder = attachRecorder(store)
    expect(recorder.entries().map((entry) => entry.kind)).toEqual(['load'])
    await store.getState().resend()
    const rebuilt = applyRecordedEntries(createRecordedState(), recorder.entries())
    expect(comparable(toSnapshot(rebuilt.agent))).toEqual(comparable(toSnapshot(store.getState().agent)))
    const locals = recorder.entries().flatMap((entry) => (entry.kind === 'local' ? [entry.event.type] : []))
    expect(locals).toEqual(['REWIND', 'USER_MESSAGE'])
  })

  it('records beside the recorder the session was made with, and one failing recorder harms neither', async () => {
    const own = createEventRecorder()
    const session = createAgentSession({
      transport: createReplayTransport({ calls: callsOf(plain), pace: 'instant' }),
      recorder: own,
      scheduleFrame: (callback) => (queueMicrotask(callback), () => {}),
    })
    const broken: RecordedEntry[] = []
    const detachBroken = session.attachRecorder({
      record: (entry) => {
        broken.push(entry)
        throw new Error('a recorder that throws')
      },
    })
    const attached = attachRecorder(session)
    await session.send(firstMessage())
    expect(attached.entries()).toHaveLength(own.entries().length)
    expect(broken).toHaveLength(own.entries().length)
    detachBroken()
    const values = own.entries().flatMap((entry) => (entry.kind === 'local' ? [entry.event] : entry.kind === 'event' ? [entry.value] : []))
    expect(comparable(replayEvents(values))).toEqual(comparable(toSnapshot(session.getState().agent)))
  })

  it('a retried exchange: the log shows the REWIND, and time travel and the exported fixture agree with the chat', async () => {
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport: createReplayTransport({ calls: [...callsOf(plain), ...again], pace: 'instant' }), recorder })
    render(<AgentInspector recorder={recorder} />)
    await act(() => store.getState().send(firstMessage()))
    await act(() => store.getState().resend())
    const live = toSnapshot(store.getState().agent)
    expect(live.messages.filter((message) => message.role === 'USER')).toHaveLength(1)
    expect(live.turns).toHaveLength(1)
    const kinds = recorder.entries().flatMap((entry) => (entry.kind === 'local' ? [entry.event.type] : []))
    expect(kinds).toEqual(['USER_MESSAGE', 'REWIND', 'USER_MESSAGE'])
    await waitFor(() => expect(screen.getByText(`${recorder.entries().length} of ${recorder.entries().length} entries`)).toBeTruthy())
    expect(comparable(toSnapshot(applyRecordedEntries(createRecordedState(), recorder.entries()).agent))).toEqual(comparable(live))
    const { fixture } = toFixture(recorder.entries(), { name: 'retried' })
    expect(comparable(replayEvents(fixture.events))).toEqual(comparable(live))
  })

  it('<AgentInspector store> attaches while mounted and lists the chat’s events', async () => {
    const store = replayStore()
    const view = render(
      <>
        <AgentChat store={store} />
        <AgentInspector store={store} />
      </>,
    )
    await act(() => store.getState().send(firstMessage()))
    const total = plain.events.length + 3
    await waitFor(() => expect(screen.getByText(`${total} of ${total} entries`)).toBeTruthy())
    expect(rows()[0]?.textContent).toContain('USER_MESSAGE')
    view.unmount()
    // unmounted: nothing listens any more, and the chat goes on
    await store.getState().resend()
    expect(store.getState().status).toBe('done')
  })
})
