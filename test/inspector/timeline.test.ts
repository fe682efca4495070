import { describe, expect, it } from 'vitest'
import { createEventRecorder, createReplayTransport } from '../../src/core'
import type { Msg } from '../../src/core'
import { readLogFile } from '../../src/inspector/fixture-file'
import { buildTimeline } from '../../src/inspector/timeline'
import { createAgentStore } from '../../src/store/create-agent-store'
import { callsOf, loadRecordedLogs } from './recorded-logs'

const logs = loadRecordedLogs()
const byName = (name: string) => logs.find((log) => log.name === name)!
const typed = (events: readonly unknown[], type: string) =>
  events.filter((event) => (event as { type: string }).type === type) as Record<string, unknown>[]

describe('buildTimeline', () => {
  it('has a bar per model call with its usage, and a bar per tool call, in each turn', () => {
    const log = byName('parallel-tools')
    const turns = buildTimeline(readLogFile(JSON.stringify(log), 'parallel-tools.json').entries)
    expect(turns).toHaveLength(1)
    const bars = turns[0]!.bars
    const modelEnds = typed(log.events, 'MODEL_CALL_END').filter((event) => !event.source)
    expect(bars.filter((bar) => bar.kind === 'model').map((bar) => bar.usage)).toEqual(modelEnds.map((event) => event.usage ?? null))
    const toolIds = new Set(typed(log.events, 'TOOL_CALL_START').map((event) => event.toolCallId))
    expect(bars.filter((bar) => bar.kind === 'tool')).toHaveLength(toolIds.size)
    for (const bar of bars) {
      expect(bar.end).toBeGreaterThanOrEqual(bar.start)
      expect(bar.open).toBe(false)
    }
  })

  it('puts each bar at its first event, for a click to jump to', () => {
    const log = byName('plain')
    const entries = readLogFile(JSON.stringify(log), 'plain.json').entries
    const [bar] = buildTimeline(entries)[0]!.bars
    const entry = entries[bar!.firstPosition]
    expect(entry?.kind === 'event' && entry.event.type).toBe('MODEL_CALL_START')
  })

  it('times a model call by its events: MODEL_CALL_START to MODEL_CALL_END', () => {
    const log = byName('plain')
    const start = Date.parse(typed(log.events, 'MODEL_CALL_START')[0]!.createdAt as string)
    const end = Date.parse(typed(log.events, 'MODEL_CALL_END')[0]!.createdAt as string)
    const [bar] = buildTimeline(readLogFile(JSON.stringify(log), 'plain.json').entries)[0]!.bars
    expect(bar!.end - bar!.start).toBe(end - start)
  })

  it('shows the wait for the user between a paused run and the answer', async () => {
    const log = byName('hitl-approve')
    const recorder = createEventRecorder()
    let now = 0
    const store = createAgentStore({ transport: createReplayTransport({ calls: callsOf(log), pace: 'instant' }), recorder, clock: () => now })
    const first = log.runs[0]!.request
    if (first.kind !== 'message') throw new Error('unexpected run')
    await store.getState().send(first.messages[0] as Msg)
    now += 5000
    const asked = store.getState().agent.pendingConfirmation?.toolCalls ?? []
    await store.getState().confirm(asked.map((call) => ({ toolCallId: call.id, approved: true })))
    const turns = buildTimeline(recorder.entries())
    const waits = turns.flatMap((turn) => turn.bars.filter((bar) => bar.kind === 'waiting'))
    expect(waits).toHaveLength(1)
    expect(waits[0]!.end - waits[0]!.start).toBe(5000)
    expect(waits[0]!.open).toBe(false)
  })

  it('keeps a call still running open, up to the last event', () => {
    const log = byName('streaming-tool')
    const cut = log.events.findIndex((event) => (event as { type: string }).type === 'TOOL_RESULT_END')
    const turns = buildTimeline(readLogFile(JSON.stringify(log.events.slice(0, cut)), 'cut.json').entries)
    expect(turns[0]!.bars.filter((bar) => bar.kind === 'tool').some((bar) => bar.open)).toBe(true)
  })
})
