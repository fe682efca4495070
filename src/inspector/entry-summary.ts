import { entrySize } from '../core/event-recorder'
import type { RecordedEntry } from '../core/event-recorder'

/** How a log row is shown: an event as received, one the kit made, a skipped value, or a marker of the run. */
export type EntryTone = 'event' | 'local' | 'warning' | 'marker'

/** What the log shows of one entry, and what the filters match on. */
export interface EntrySummary {
  /** The event type, or the marker's name (`run`, `run-end`, …). */
  readonly label: string
  readonly tone: EntryTone
  /** The subagent path (`source`), or null for the top-level agent and for markers. */
  readonly source: string | null
  readonly replyId: string | null
  readonly blockId: string | null
  readonly toolCallId: string | null
  readonly toolCallName: string | null
  /** The validation error or transport problem, for skipped values. */
  readonly problem: string | null
}

const summaries = new WeakMap<RecordedEntry, EntrySummary>()
const texts = new WeakMap<RecordedEntry, string>()
const sizes = new WeakMap<RecordedEntry, number>()

function stringField(value: unknown, field: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  const found = (value as Record<string, unknown>)[field]
  return typeof found === 'string' ? found : null
}

function wireSummary(value: unknown, tone: EntryTone, problem: string | null, label?: string): EntrySummary {
  const toolCallName = stringField(value, 'toolCallName')
  return {
    label: label ?? stringField(value, 'type') ?? '(no type)',
    tone,
    source: stringField(value, 'source') || null,
    replyId: stringField(value, 'replyId'),
    blockId: stringField(value, 'blockId'),
    toolCallId: stringField(value, 'toolCallId'),
    toolCallName: toolCallName === '__fragment__' ? null : toolCallName,
    problem,
  }
}

function marker(label: string, problem: string | null = null): EntrySummary {
  return {
    label,
    tone: problem === null ? 'marker' : 'warning',
    source: null,
    replyId: null,
    blockId: null,
    toolCallId: null,
    toolCallName: null,
    problem,
  }
}

function summarize(entry: RecordedEntry): EntrySummary {
  switch (entry.kind) {
    case 'event': {
      return wireSummary(entry.event, 'event', null, entry.event.type)
    }
    case 'local': {
      return wireSummary(entry.event, 'local', null, entry.event.type)
    }
    case 'invalid': {
      return wireSummary(entry.value, 'warning', entry.error.message)
    }
    case 'problem': {
      return marker(entry.error.code, entry.error.message)
    }
    case 'run': {
      return marker(`run: ${entry.request.kind}`)
    }
    case 'run-end': {
      return marker(`run-end: ${entry.status}`, entry.error ? entry.error.message : null)
    }
    case 'reset': {
      return marker(entry.kind)
    }
    case 'load': {
      return marker(entry.agent === undefined ? 'load' : 'attached')
    }
    default: {
      entry satisfies never
      const kind = (entry as { kind?: unknown }).kind
      return marker(typeof kind === 'string' ? kind : 'unknown', null)
    }
  }
}

/** The summary of an entry, computed once. */
export function summaryOf(entry: RecordedEntry): EntrySummary {
  let summary = summaries.get(entry)
  if (summary === undefined) {
    summary = summarize(entry)
    summaries.set(entry, summary)
  }
  return summary
}

/** What an entry carries, as plain JSON: the wire value for events, the request or error for markers. */
export function entryJson(entry: RecordedEntry): unknown {
  switch (entry.kind) {
    case 'event': {
      return entry.value
    }
    case 'invalid': {
      return { value: entry.value, error: entry.error.message }
    }
    case 'local': {
      return entry.event
    }
    case 'problem': {
      return { problem: entry.error.code, message: entry.error.message }
    }
    case 'run': {
      return { run: entry.request }
    }
    case 'run-end': {
      return { runEnd: entry.status, error: entry.error?.message ?? null }
    }
    case 'reset': {
      return { reset: true }
    }
    case 'load': {
      // An attach carries the chat's own state too: only its messages are plain JSON.
      return entry.agent === undefined ? { load: entry.messages } : { attached: entry.messages, status: entry.status ?? null }
    }
    default: {
      entry satisfies never
      return entry
    }
  }
}

/** The entry's JSON text (as copied and searched), computed once. */
export function entryText(entry: RecordedEntry): string {
  let text = texts.get(entry)
  if (text === undefined) {
    try {
      text = JSON.stringify(entryJson(entry)) ?? ''
    } catch {
      text = ''
    }
    texts.set(entry, text)
  }
  return text
}

/** The estimated wire size of an entry in bytes, computed once. */
export function sizeOf(entry: RecordedEntry): number {
  let size = sizes.get(entry)
  if (size === undefined) {
    size = entrySize(entry)
    sizes.set(entry, size)
  }
  return size
}
