import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState, createEventRecorder, parseAgentEvent, replayEvents, toSnapshot } from '../../src/core'
import type { RecordedEntry } from '../../src/core'
import { createTimeTravel } from '../../src/inspector/time-travel'
import { end, start, text, textStart, toolDelta, toolEnd, toolStart } from '../fixtures/script'
import { loadRecordedLogs } from './recorded-logs'

const logs = loadRecordedLogs()

function eventEntries(values: readonly unknown[]): RecordedEntry[] {
  return values.map((value, time) => {
    const parsed = parseAgentEvent(value)
    return parsed.ok
      ? { kind: 'event', value, event: parsed.event, receivedAt: time }
      : { kind: 'invalid', value, error: parsed.error, receivedAt: time }
  })
}

describe.each(logs)('time travel over the recorded stream $name', (log) => {
  it('gives, at every event k, the state of replaying the first k events', () => {
    const recorder = createEventRecorder({ entries: eventEntries(log.events) })
    const travel = createTimeTravel(recorder)
    for (let k = 0; k <= log.events.length; k++) {
      const expected = toSnapshot(applyEvents(createAgentState(), log.events.slice(0, k), { endOfStream: false }))
      expect(toSnapshot(travel.stateAt(k).agent)).toEqual(expected)
    }
  })

  it('ends at replayEvents of the whole log once the run has ended', () => {
    const recorder = createEventRecorder({ entries: [...eventEntries(log.events), { kind: 'run-end', status: 'done', receivedAt: 0 }] })
    expect(toSnapshot(createTimeTravel(recorder).stateAt(log.events.length + 1).agent)).toEqual(replayEvents(log.events))
  })
})

describe('time travel over a long log', () => {
  const values = [
    start(),
    textStart(),
    ...Array.from({ length: 5000 }, (_, index) => (index % 500 === 7 ? { type: 'TEXT_BLOCK_DELTA' } : text(`${index} `))),
    end(),
  ]

  it('jumps back and forth to the same states as a replay from scratch', () => {
    const recorder = createEventRecorder({ entries: eventEntries(values) })
    const travel = createTimeTravel(recorder)
    for (const k of [5002, 17, 4096, 1023, 1024, 1025, 3000, 2999, 0, values.length]) {
      expect(toSnapshot(travel.stateAt(k).agent)).toEqual(toSnapshot(applyEvents(createAgentState(), values.slice(0, k), { endOfStream: false })))
    }
  })

  it('stays exact after the recorder dropped the oldest entries', () => {
    const recorder = createEventRecorder({ limit: { events: 1000 }, entries: eventEntries(values) })
    const travel = createTimeTravel(recorder)
    const first = recorder.dropped()
    expect(first).toBeGreaterThan(0)
    for (const k of [first, first + 1, first + 500, values.length]) {
      expect(toSnapshot(travel.stateAt(k).agent)).toEqual(toSnapshot(applyEvents(createAgentState(), values.slice(0, k), { endOfStream: false })))
    }
  })

  it('follows entries recorded after it was created', () => {
    const recorder = createEventRecorder()
    const travel = createTimeTravel(recorder)
    const more = [start(), toolStart('call_1', 'search'), toolDelta('call_1', '{"q":'), toolDelta('call_1', '"x"}'), toolEnd('call_1', 'search')]
    for (const entry of eventEntries(more)) {
      recorder.record(entry)
      const k = recorder.entries().length
      expect(toSnapshot(travel.stateAt(k).agent)).toEqual(toSnapshot(applyEvents(createAgentState(), more.slice(0, k), { endOfStream: false })))
    }
  })
})
