import { describe, expect, it } from 'vitest'
import {
  applyRecordedEntries,
  applyRecordedEntry,
  createEventRecorder,
  createRecordedState,
  parseAgentEvent,
  toSnapshot,
  approximateSize,
  userMessageEvent,
} from '../../src/core'
import type { AgentEvent, RecordedEntry } from '../../src/core'
import { end, start, text, textStart } from '../fixtures/script'

function eventEntry(value: Record<string, unknown>, time = 0): RecordedEntry {
  const parsed = parseAgentEvent(value)
  if (!parsed.ok) throw parsed.error
  return { kind: 'event', value, event: parsed.event, receivedAt: time }
}

function longTurn(deltas: number): RecordedEntry[] {
  const values = [start(), textStart(), ...Array.from({ length: deltas }, (_, index) => text(`word${index} `)), end()]
  return values.map((value, index) => eventEntry(value, index))
}

describe('createEventRecorder', () => {
  it('keeps every entry in order by default', () => {
    const recorder = createEventRecorder()
    const entries = longTurn(10)
    for (const entry of entries) recorder.record(entry)
    expect(recorder.entries()).toEqual(entries)
    expect(recorder.dropped()).toBe(0)
  })

  it('keeps at most the last N entries and folds the dropped ones into its base', () => {
    const recorder = createEventRecorder({ limit: { events: 100 } })
    const entries = longTurn(1000)
    for (const entry of entries) recorder.record(entry)
    const kept = recorder.entries()
    expect(kept.length).toBeLessThanOrEqual(100)
    expect(kept.length).toBeGreaterThan(87)
    expect(recorder.dropped() + kept.length).toBe(entries.length)
    expect(kept[kept.length - 1]).toEqual(entries[entries.length - 1])
    const rebuilt = applyRecordedEntries(recorder.base(), kept)
    expect(toSnapshot(rebuilt.agent)).toEqual(toSnapshot(applyRecordedEntries(createRecordedState(), entries).agent))
  })

  it('keeps about N megabytes of wire JSON', () => {
    const recorder = createEventRecorder({ limit: { megabytes: 0.05 } })
    const entries = longTurn(2000)
    for (const entry of entries) recorder.record(entry)
    const bytes = recorder.entries().reduce((sum, entry) => sum + approximateSize((entry as { value: unknown }).value), 0)
    expect(bytes).toBeLessThanOrEqual(50_000)
    expect(bytes).toBeGreaterThan(40_000)
    expect(recorder.dropped()).toBeGreaterThan(0)
  })

  it('tells its subscribers once per burst of entries', async () => {
    const recorder = createEventRecorder()
    let calls = 0
    const unsubscribe = recorder.subscribe(() => calls++)
    for (const entry of longTurn(50)) recorder.record(entry)
    await Promise.resolve()
    expect(calls).toBe(1)
    unsubscribe()
    recorder.record(eventEntry(text('more')))
    await Promise.resolve()
    expect(calls).toBe(1)
  })

  // Runs of 1 to 70 events, each run one network read: what the session hands over with recordEvents.
  function recordInRuns(recorder: ReturnType<typeof createEventRecorder>, entries: readonly RecordedEntry[]): void {
    const events = entries.map((entry) => (entry as { event: AgentEvent }).event)
    let random = 7
    for (let start = 0; start < events.length;) {
      random = (random * 48271) % 2147483647
      const end = Math.min(events.length, start + 1 + (random % 70))
      recorder.recordEvents(start, events, start, end)
      start = end
    }
  }

  it('keeps a run of events received together as the entries record would keep for each', () => {
    const values = longTurn(500).map((entry) => (entry as { value: unknown }).value)
    const entries = values.map((value, index) => eventEntry(value as Record<string, unknown>, index))
    const byRun = createEventRecorder()
    recordInRuns(byRun, entries)
    // a run's entries carry its time, the time of its first event here
    const times = byRun.entries().map((entry) => entry.receivedAt)
    expect(byRun.entries().map((entry) => (entry as { event: unknown }).event)).toEqual(entries.map((entry) => (entry as { event: unknown }).event))
    expect(byRun.entries().every((entry) => entry.kind === 'event' && entry.value === entry.event)).toBe(true)
    expect(times.every((time, index) => time <= index && (index === 0 || time >= (times[index - 1] as number)))).toBe(true)
    byRun.record({ kind: 'reset', receivedAt: 1000 })
    expect(byRun.entries().at(-1)).toEqual({ kind: 'reset', receivedAt: 1000 })
    expect(byRun.entries()).toHaveLength(entries.length + 1)
  })

  it('drops part of a run at its limits, with the same base as when each event came alone', () => {
    for (const limit of [{ events: 100 }, { megabytes: 0.02 }]) {
      const entries = longTurn(2000)
      const byRun = createEventRecorder({ limit })
      recordInRuns(byRun, entries)
      const kept = byRun.entries()
      expect(byRun.dropped() + kept.length).toBe(entries.length)
      expect(kept.map((entry) => (entry as { event: unknown }).event)).toEqual(
        entries.slice(byRun.dropped()).map((entry) => (entry as { event: unknown }).event),
      )
      const full = toSnapshot(applyRecordedEntries(createRecordedState(), entries).agent)
      expect(toSnapshot(applyRecordedEntries(byRun.base(), kept).agent)).toEqual(full)
      expect(toSnapshot(applyRecordedEntries(createRecordedState(), entries.slice(0, byRun.dropped())).agent)).toEqual(toSnapshot(byRun.base().agent))
    }
  })

  it('estimates a delta by its text and serializes anything else', () => {
    expect(approximateSize({ type: 'TEXT_BLOCK_DELTA', delta: 'x'.repeat(1000) })).toBe(1200)
    expect(approximateSize({ type: 'AGENT_START' })).toBe(JSON.stringify({ type: 'AGENT_START' }).length)
  })
})

describe('applyRecordedEntry', () => {
  it('counts an entry of a kind it does not know as skipped and changes nothing else', () => {
    const before = applyRecordedEntries(createRecordedState(), longTurn(3))
    const after = applyRecordedEntry(before, { kind: 'user-message', receivedAt: 1 } as unknown as RecordedEntry)
    expect(after.agent).toBe(before.agent)
    expect(after.skipped).toBe(1)
  })

  it('leaves the state alone for an event type the reducer does not know', () => {
    const before = applyRecordedEntries(createRecordedState(), longTurn(3))
    const unknown = { kind: 'event', value: {}, event: { type: 'LOCAL_USER_MESSAGE' }, receivedAt: 1 } as unknown as RecordedEntry
    expect(applyRecordedEntry(before, unknown).agent).toBe(before.agent)
  })

  it('enters the user message of a local event, and ends open turns at the end of a run', () => {
    const message = {
      id: 'u1',
      name: 'user',
      role: 'USER',
      content: [{ type: 'text', text: 'Hi' }],
      metadata: {},
      timestamp: null,
      usage: null,
    } as const
    const state = applyRecordedEntries(createRecordedState(), [
      { kind: 'local', receivedAt: 0, event: userMessageEvent(message) },
      { kind: 'run', receivedAt: 0, request: { kind: 'message', messages: [message] } },
      eventEntry(start()),
      eventEntry(text('Hello')),
      { kind: 'run-end', status: 'done', receivedAt: 2 },
    ])
    expect(state.agent.userMessages).toEqual([{ message, turnIndex: 0 }])
    expect(toSnapshot(state.agent).turns.map((turn) => turn.status)).toEqual(['incomplete'])
    expect(state.status).toBe('done')
  })
})
