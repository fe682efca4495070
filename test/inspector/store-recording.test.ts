import { describe, expect, it } from 'vitest'
import { createEventRecorder, createReplayTransport, toSnapshot } from '../../src/core'
import type { Msg, RecordedEntry } from '../../src/core'
import { transcriptOf } from '../../src/inspector/read-only-store'
import { createTimeTravel } from '../../src/inspector/time-travel'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentTransport } from '../../src/transport/agent-transport'
import { callsOf, loadRecordedLogs } from './recorded-logs'

const logs = loadRecordedLogs()
const byName = (name: string) => logs.find((log) => log.name === name)!

describe('a store with a recorder', () => {
  it('records the run, every event and the end, so that replaying the entries gives its state (HITL, 2.0.0 without echo)', async () => {
    const log = byName('hitl-approve')
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport: createReplayTransport({ calls: callsOf(log), pace: 'instant' }), recorder })
    const [first] = log.runs
    if (first?.request.kind !== 'message') throw new Error('unexpected runs')
    await store.getState().send(first.request.messages[0] as Msg)
    const asked = store.getState().agent.pendingConfirmation?.toolCalls ?? []
    await store.getState().confirm(asked.map((call) => ({ toolCallId: call.id, approved: true })))
    const entries = recorder.entries()
    expect(entries.filter((entry) => entry.kind === 'run').length).toBe(2)
    expect(entries.filter((entry) => entry.kind === 'run-end').map((entry) => entry.kind === 'run-end' && entry.status)).toEqual([
      'awaiting-confirmation',
      'done',
    ])
    // AgentScope 2.0.0 does not echo the answer: the kit delivers it, built from what it sent, as an event.
    const echoes = entries.filter((entry) => entry.kind === 'event' && entry.event.type === 'USER_CONFIRM_RESULT')
    expect(echoes).toHaveLength(1)
    expect(entries.filter((entry) => entry.kind === 'event')).toHaveLength(log.events.length + 1)
    expect(entries.filter((entry) => entry.kind === 'local').map((entry) => entry.kind === 'local' && entry.event.type)).toEqual(['USER_MESSAGE'])
    const state = createTimeTravel(recorder).stateAt(entries.length)
    expect(toSnapshot(state.agent)).toEqual(toSnapshot(store.getState().agent))
    expect(state.status).toBe(store.getState().status)
    expect(transcriptOf(state)).toEqual(store.getState().transcript)
  })

  it('records an invalid value with its error and a transport problem, in order', async () => {
    const transport: AgentTransport = {
      async run(_request, handlers) {
        handlers.onOpen?.()
        handlers.onEvent({ type: 'AGENT_START', id: 'a'.repeat(32), replyId: 'R0' })
        handlers.onEvent({ type: 'TEXT_BLOCK_DELTA', delta: 'no block id' })
        handlers.onError?.(new (await import('../../src/core')).AgentStreamError('malformed-frame', 'bad frame'))
        handlers.onEvent({ type: 'AGENT_END', id: 'b'.repeat(32), replyId: 'R0' })
        return 'ended'
      },
      interrupt: async () => {},
    }
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport, recorder })
    await store.getState().send('hi')
    const kinds = recorder.entries().map((entry: RecordedEntry) => entry.kind)
    // The problem is reported as it happens; the values are recorded when the store takes them in, a frame later.
    expect(kinds).toEqual(['local', 'run', 'problem', 'event', 'invalid', 'event', 'run-end'])
    const invalid = recorder.entries()[4]
    expect(invalid?.kind === 'invalid' && invalid.error.field).toBe('blockId')
  })

  it('records resets and loaded histories', () => {
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport: createReplayTransport({ calls: [] }), recorder })
    const message = {
      id: 'u1',
      name: 'user',
      role: 'USER',
      content: [{ type: 'text', text: 'Hi' }],
      metadata: {},
      timestamp: null,
      usage: null,
    } as const
    store.getState().load([message])
    expect(recorder.entries().map((entry) => entry.kind)).toEqual(['reset', 'load'])
    expect(createTimeTravel(recorder).stateAt(2).agent.userMessages).toEqual([{ message, turnIndex: 0 }])
  })
})
