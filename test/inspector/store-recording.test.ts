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
    // The transport's problem is taken in with the values, in the order they came, a frame later.
    expect(kinds).toEqual(['local', 'run', 'event', 'invalid', 'problem', 'event', 'run-end'])
    const invalid = recorder.entries()[3]
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

  it('records the events of each network read as one run, in the order they were taken, as a per-event recorder sees them', async () => {
    const id = (serial: number) => serial.toString(16).padStart(32, '0')
    let serial = 0
    const event = (type: string, fields: Record<string, unknown> = {}) => ({ type, id: id(++serial), replyId: 'R0', ...fields })
    const delta = (text: string) => event('TEXT_BLOCK_DELTA', { replyId: 'M0', blockId: 'b', delta: text })
    // Three reads, each delivered in its own task, taken in one frame: an invalid value and a legacy name (a value
    // the validation normalizes into another object) in the middle of the second.
    const reads: unknown[][] = [
      [event('AGENT_START'), event('MODEL_CALL_STARTED', { replyId: 'M0' }), event('TEXT_BLOCK_START', { replyId: 'M0', blockId: 'b' }), delta('a')],
      [delta('b'), { type: 'TEXT_BLOCK_DELTA', delta: 'no block id' }, delta('c'), event('TEXT_BLOCK_END', { replyId: 'M0', blockId: 'b' })],
      [event('MODEL_CALL_END', { replyId: 'M0' }), event('AGENT_END')],
    ]
    let frame = null as (() => void) | null
    const flush = () => {
      const callback = frame
      frame = null
      callback?.()
    }
    let ended = false
    const transport: AgentTransport = {
      async run(_request, handlers) {
        handlers.onOpen?.()
        for (const read of reads) {
          await new Promise((resolve) => setTimeout(resolve, 0))
          for (const value of read) handlers.onEvent(value)
        }
        flush()
        ended = true
        return 'ended'
      },
      interrupt: async () => {},
    }
    let now = 100
    const log = createEventRecorder()
    const store = createAgentStore({
      transport,
      recorder: log,
      clock: () => now++,
      scheduleFrame: (callback) => {
        frame = callback
        return () => {
          frame = null
        }
      },
    })
    const perEvent: RecordedEntry[] = []
    store.getState().session.attachRecorder({ record: (entry) => perEvent.push(entry) })
    const sent = store.getState().send('hi')
    // the end of the run is published with the next frame
    while (!ended || frame === null) await new Promise((resolve) => setTimeout(resolve, 0))
    flush()
    await sent
    const entries = log.entries()
    expect(entries).toEqual(perEvent)
    expect(entries.map((entry) => entry.kind)).toEqual([
      'local',
      'run',
      ...['event', 'event', 'event', 'event'],
      ...['event', 'invalid', 'event', 'event'],
      ...['event', 'event'],
      'run-end',
    ])
    const events = entries.filter((entry) => entry.kind === 'event')
    // one receive time per read
    expect(new Set(events.map((entry) => entry.receivedAt)).size).toBe(3)
    const renamed = events[1]
    expect(renamed?.kind === 'event' && [renamed.event.type, (renamed.value as { type: string }).type]).toEqual([
      'MODEL_CALL_START',
      'MODEL_CALL_STARTED',
    ])
    expect(toSnapshot(createTimeTravel(log).stateAt(entries.length).agent)).toEqual(toSnapshot(store.getState().agent))
  })
})
