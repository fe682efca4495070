import { describe, expect, it } from 'vitest'
import { createEventRecorder, createReplayTransport, isLocalEventValue, readEventStream, replayEvents, toSnapshot } from '../../src/core'
import type { Msg } from '../../src/core'
import { readLogFile, toFixture, toSseBody } from '../../src/inspector/fixture-file'
import { createTimeTravel } from '../../src/inspector/time-travel'
import { createAgentStore } from '../../src/store/create-agent-store'
import { callsOf, loadRecordedLogs } from './recorded-logs'

const logs = loadRecordedLogs()
const plainRuns = logs.filter((log) => log.runs.every((run) => run.request.kind === 'message'))

async function decode(sse: string): Promise<unknown[]> {
  const values: unknown[] = []
  await readEventStream(new Response(sse), { onEvent: (value) => values.push(value) })
  return values
}

// A real store over the replay transport, recording: the way the demo records a run.
async function recordRun(log: (typeof logs)[number]) {
  const recorder = createEventRecorder()
  const store = createAgentStore({ transport: createReplayTransport({ calls: callsOf(log), pace: 'instant' }), recorder })
  for (const run of log.runs) {
    if (run.request.kind === 'message') await store.getState().send(run.request.messages[0] as Msg)
  }
  return { recorder, store }
}

describe.each(plainRuns)('exporting the recorded stream $name', (log) => {
  it('writes the events received, the requests sent and the snapshot they rebuild', async () => {
    const { recorder, store } = await recordRun(log)
    const { fixture } = toFixture(recorder.entries(), { name: log.name })
    expect(fixture.events.filter((value) => !isLocalEventValue(value))).toEqual(log.events)
    expect(fixture.events.filter(isLocalEventValue)).toHaveLength(log.runs.length)
    expect(fixture.runs.map((run) => run.request)).toEqual(log.runs.map((run) => run.request))
    expect(fixture.runs.map((run) => run.eventCount)).toEqual(log.runs.map((run) => run.eventCount + 1))
    expect(fixture.expected).toEqual(toSnapshot(store.getState().agent))
  })

  it('writes a .sse body that decodes into the same events', async () => {
    const { recorder } = await recordRun(log)
    const { fixture, sse } = toFixture(recorder.entries(), { name: log.name })
    expect(await decode(sse)).toEqual(fixture.events.filter((value) => !isLocalEventValue(value)))
  })

  it('imports back into entries that replay to the same snapshot (export → import → replay)', async () => {
    const { recorder } = await recordRun(log)
    const { fixture, sse } = toFixture(recorder.entries(), { name: log.name })
    const imported = readLogFile(JSON.stringify(fixture), 'run.json')
    const state = createTimeTravel(createEventRecorder({ entries: imported.entries })).stateAt(imported.entries.length)
    expect(toSnapshot(state.agent)).toEqual(fixture.expected)
    // The .sse body is the server's side alone: the same turns, without the user's messages.
    const body = readLogFile(sse, 'run.sse')
    const fromBody = createTimeTravel(createEventRecorder({ entries: body.entries })).stateAt(body.entries.length)
    expect(toSnapshot(fromBody.agent).turns).toEqual(fixture.expected.turns)
  })

  it('imports into a log whose replay through a new store gives the same snapshot', async () => {
    const { recorder } = await recordRun(log)
    const { fixture } = toFixture(recorder.entries(), { name: log.name })
    const imported = readLogFile(JSON.stringify(fixture), 'run.json')
    const wire = imported.entries.flatMap((entry) => (entry.kind === 'event' || entry.kind === 'invalid' ? [entry.value] : []))
    const replayed = await recordRun({ ...log, events: wire })
    expect(toSnapshot(replayed.store.getState().agent)).toEqual(fixture.expected)
  })
})

describe('readLogFile', () => {
  it('reads a fixture of test/fixtures/recorded with its runs and user messages', () => {
    const log = logs.find((candidate) => candidate.name === 'hitl-approve')!
    const imported = readLogFile(JSON.stringify(log), 'hitl-approve.json')
    expect(imported.entries.filter((entry) => entry.kind === 'run').map((entry) => entry.kind === 'run' && entry.request.kind)).toEqual([
      'message',
      'confirm',
    ])
    const state = createTimeTravel(createEventRecorder({ entries: imported.entries })).stateAt(imported.entries.length)
    // The recording predates USER_MESSAGE events: the message is entered from the run's request.
    expect(toSnapshot(state.agent).turns).toEqual(replayEvents(log.events).turns)
    expect(state.agent.userMessages.map((entry) => entry.message)).toEqual(
      log.runs[0]!.request.kind === 'message' ? log.runs[0]!.request.messages : [],
    )
  })

  it('reads an array of events', () => {
    const log = logs[0]!
    const imported = readLogFile(JSON.stringify(log.events), 'events.json')
    expect(imported.entries.filter((entry) => entry.kind === 'event')).toHaveLength(log.events.length)
  })

  it('keeps invalid values as skipped entries, and a malformed frame as a problem', () => {
    const body = `${toSseBody([{ type: 'AGENT_START', id: 'a'.repeat(32) }, { type: 'NOT_AN_EVENT' }])}data:{not json\n\n`
    const imported = readLogFile(body, 'broken.sse')
    expect(imported.entries.map((entry) => entry.kind)).toEqual(['problem', 'event', 'invalid', 'run-end'])
  })

  it('says what a file should hold when it holds no events', () => {
    expect(() => readLogFile('{"hello": 1}', 'other.json')).toThrow(/no "events" array/)
    expect(() => readLogFile('hello', 'notes.txt')).toThrow(/holds no events/)
    expect(() => readLogFile('{"events": [', 'cut.json')).toThrow(/not valid JSON/)
  })
})
