// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEventRecorder, createReplayTransport, isLocalEventValue, parseAgentEvent, toSnapshot } from '../../src/core'
import type { RecordedLog, Msg, RecordedEntry } from '../../src/core'
import { AgentInspector } from '../../src/inspector/agent-inspector'
import type { InspectorView } from '../../src/inspector/agent-inspector'
import { readLogFile, toFixture } from '../../src/inspector/fixture-file'
import { createAgentStore } from '../../src/store/create-agent-store'
import { end, start, text, textStart } from '../fixtures/script'
import { callsOf, loadRecordedLogs } from './recorded-logs'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const logs = loadRecordedLogs()
const plain = logs.find((log) => log.name === 'parallel-tools')!

// A real store over the replay transport, with a recorder, after the recorded run.
async function recorded(): Promise<RecordedLog> {
  const recorder = createEventRecorder()
  const store = createAgentStore({ transport: createReplayTransport({ calls: callsOf(plain), pace: 'instant' }), recorder })
  const request = plain.runs[0]!.request
  if (request.kind === 'message') await store.getState().send(request.messages[0] as Msg)
  return recorder
}

const rows = () => within(screen.getByRole('listbox', { name: 'Event log' })).queryAllByRole('option')

describe('AgentInspector', () => {
  it('shows an event nested too deep for JSON.stringify without falling over (its detail says why)', () => {
    let value: unknown = 'x'
    for (let depth = 0; depth < 100_000; depth++) value = [value]
    const event = { type: 'CUSTOM', id: 'deep', createdAt: '2026-01-01T00:00:00Z', name: 'deep', value }
    const recorder = createEventRecorder()
    recorder.record({ kind: 'event', receivedAt: 0, value: event, event: event as never })
    render(<AgentInspector recorder={recorder} />)
    fireEvent.click(rows()[0]!)
    expect(screen.getByRole('region', { name: 'Selected entry' }).textContent).toMatch(/call stack/i)
  })

  it('lists every entry the store took in, with the run around the events', async () => {
    const recorder = await recorded()
    render(<AgentInspector recorder={recorder} />)
    expect(screen.getByText(`${recorder.entries().length} of ${recorder.entries().length} entries`)).toBeTruthy()
    expect(rows()[0]?.textContent).toContain('USER_MESSAGE')
    expect(rows()[1]?.textContent).toContain('run: message')
    expect(rows()[2]?.textContent).toContain('AGENT_START')
  })

  it('shows the chat read-only as it was after the event clicked, and snaps back to live', async () => {
    const recorder = await recorded()
    const views: (InspectorView | null)[] = []
    render(<AgentInspector recorder={recorder} onViewChange={(view) => views.push(view)} />)
    fireEvent.click(rows()[2]!)
    const view = views[views.length - 1]
    expect(view?.position).toBe(3)
    expect(screen.getByRole('status').textContent).toBe(`After event 3 of ${recorder.entries().length}`)
    expect(view?.store.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    expect(screen.getByRole('status').textContent).toBe(`After event 3 of ${recorder.entries().length}`)
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }))
    expect(views[views.length - 1]).toBeNull()
  })

  it('steps one event with ← and →, and Escape returns to live', async () => {
    const recorder = await recorded()
    render(<AgentInspector recorder={recorder} defaultPosition={5} />)
    const inspector = screen.getByRole('region', { name: 'Agent inspector' })
    fireEvent.keyDown(inspector, { key: 'ArrowLeft' })
    expect(screen.getByRole('status').textContent).toContain('After event 4 of')
    fireEvent.keyDown(inspector, { key: 'ArrowRight' })
    fireEvent.keyDown(inspector, { key: 'ArrowRight' })
    expect(screen.getByRole('status').textContent).toContain('After event 6 of')
    fireEvent.keyDown(inspector, { key: 'Escape' })
    expect(screen.getByRole('status').textContent).toBe('Following live events')
  })

  it('shows, without onViewChange, the rebuilt state itself: the reducer over the first k entries', async () => {
    const recorder = await recorded()
    const events = recorder.entries().flatMap((entry) => (entry.kind === 'event' ? [entry] : []))
    const lastText = recorder.entries().findIndex((entry) => entry.kind === 'event' && entry.event.type === 'TEXT_BLOCK_DELTA')
    render(<AgentInspector recorder={recorder} defaultPosition={lastText + 1} />)
    const chat = screen.getByRole('log', { name: 'Conversation' })
    const delta = (recorder.entries()[lastText] as Extract<RecordedEntry, { kind: 'event' }>).event as { delta: string }
    expect(chat.textContent).toContain(delta.delta.trim())
    expect(events.length).toBeGreaterThan(0)
  })

  it('filters by type and searches the JSON', async () => {
    const recorder = await recorded()
    render(<AgentInspector recorder={recorder} />)
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'TOOL_CALL_START' } })
    const starts = recorder.entries().filter((entry) => entry.kind === 'event' && entry.event.type === 'TOOL_CALL_START').length
    expect(rows()).toHaveLength(starts)
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'no such text anywhere' } })
    expect(screen.getByText('No entry matches these filters.')).toBeTruthy()
  })

  it('filters by tool call', async () => {
    const recorder = await recorded()
    render(<AgentInspector recorder={recorder} />)
    const select = screen.getByLabelText('Tool call') as HTMLSelectElement
    const first = select.options[1]!.value
    fireEvent.change(select, { target: { value: first } })
    for (const row of rows()) expect(row.textContent).toContain(first.slice(0, 8))
  })

  it('shows skipped values inline with their error', () => {
    const values = [start(), { type: 'TEXT_BLOCK_DELTA', delta: 'no block id' }, end()]
    const entries: RecordedEntry[] = values.map((value, time) => {
      const parsed = parseAgentEvent(value)
      return parsed.ok
        ? { kind: 'event', value, event: parsed.event, receivedAt: time }
        : { kind: 'invalid', value, error: parsed.error, receivedAt: time }
    })
    render(<AgentInspector recorder={createEventRecorder({ entries })} />)
    const warning = rows()[1]!
    expect(warning.getAttribute('data-tone')).toBe('warning')
    expect(warning.textContent).toContain('blockId')
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'warnings' } })
    expect(rows()).toHaveLength(1)
  })

  it('renders only the rows in view of 100,000 events', () => {
    const values = [start(), textStart(), ...Array.from({ length: 100_000 }, (_, index) => text(`${index} `)), end()]
    const entries: RecordedEntry[] = values.map((value, time) => {
      const parsed = parseAgentEvent(value)
      if (!parsed.ok) throw parsed.error
      return { kind: 'event', value, event: parsed.event, receivedAt: time }
    })
    render(<AgentInspector recorder={createEventRecorder({ entries })} />)
    expect(rows().length).toBeLessThan(60)
    expect(screen.getByText('100,003 of 100,003 entries')).toBeTruthy()
  })

  it('exports the run as a fixture and its .sse body', async () => {
    const recorder = await recorded()
    const blobs: Blob[] = []
    // jsdom has no Blob URLs; the browser's own API is what is stubbed here.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return `blob:${blobs.length}`
    })
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    render(<AgentInspector recorder={recorder} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export as fixture' }))
    expect(blobs).toHaveLength(2)
    const fixture = JSON.parse(await blobs[0]!.text())
    expect(fixture.events.filter((value: unknown) => !isLocalEventValue(value))).toEqual(plain.events)
    expect(fixture).toEqual(JSON.parse(JSON.stringify(toFixture(recorder.entries(), { name: fixture.name }).fixture)))
    expect(await blobs[1]!.text()).toContain('event:AGENT_START\ndata:{')
  })

  it('imports a log file and shows its end, read-only', async () => {
    const recorder = await recorded()
    const { fixture } = toFixture(recorder.entries(), { name: 'field bug' })
    const views: (InspectorView | null)[] = []
    const { container } = render(<AgentInspector onViewChange={(view) => views.push(view)} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    const file = new File([JSON.stringify(fixture)], 'field-bug.json', { type: 'application/json' })
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } })
    })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Imported: field-bug'))
    const view = views[views.length - 1]
    expect(toSnapshot(view!.store.getState().agent)).toEqual(fixture.expected)
  })

  it('says why a file could not be imported', async () => {
    const { container } = render(<AgentInspector />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['{"x":1}'], 'notes.json')] } })
    })
    await waitFor(() => expect(screen.getAllByText(/could not be imported: notes.json has no "events" array/).length).toBeGreaterThan(0))
  })

  it('replays an imported log at the chosen speed, to its end', async () => {
    vi.useFakeTimers()
    try {
      const log = readLogFile(JSON.stringify(plain), 'parallel-tools.json')
      render(<AgentInspector log={log} defaultPosition={0} />)
      fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '100' } })
      fireEvent.click(screen.getByRole('button', { name: 'Play' }))
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000)
      })
      expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
      expect(screen.getByLabelText('Time travel: the state after this many events').getAttribute('aria-valuetext')).toBe(
        `After event ${log.entries.length} of ${log.entries.length}`,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('speaks Simplified Chinese', async () => {
    render(<AgentInspector recorder={await recorded()} locale="zh-CN" />)
    expect(screen.getByRole('region', { name: '智能体检查器' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '导出为测试用例' })).toBeTruthy()
  })

  it('has no axe violations, live and scrubbed', async () => {
    const recorder = await recorded()
    const { container, rerender } = render(<AgentInspector recorder={recorder} />)
    const rules = JSDOM_AXE_OPTIONS
    expect((await axe.run(container, rules)).violations).toEqual([])
    rerender(<AgentInspector key="scrubbed" recorder={recorder} defaultPosition={4} defaultTab="timeline" />)
    expect((await axe.run(container, rules)).violations).toEqual([])
  }, 30_000)
})
