import { AgentStreamError } from '../core/errors'
import type { RecordedEntry, RecordedRequest } from '../core/event-recorder'
import { isLocalEventValue, parseLocalEvent, userMessageEvent } from '../core/local-events'
import { parseAgentEvent } from '../core/parse-event'
import { replayEvents } from '../core/replay-events'
import type { AgentSnapshot } from '../core/snapshot'
import { createEventStreamDecoder } from '../transport/read-event-stream'

/**
 * A run exported as a test fixture, in the format of `test/fixtures/`: the shared fixtures' `events` and
 * `expected` snapshot, the recorded fixtures' `runs` (each request and how many of the events answered it),
 * and the `.sse` file that carries the same events.
 */
export interface FixtureFile {
  readonly name: string
  readonly description: string
  readonly transport: { readonly sse: string; readonly framing: string }
  /**
   * One per run, in order: its request and how many of `events` belong to it (the user's message first);
   * `request` is null for events that arrived before any recorded run.
   */
  readonly runs: readonly { readonly request: RecordedRequest | null; readonly eventCount: number }[]
  /** `replayEvents(events)`: what the chat must rebuild from the events. */
  readonly expected: AgentSnapshot
  /**
   * Every value as the session took it in: the wire values (invalid ones included: they were skipped, and a
   * test can check that) and the user's `USER_MESSAGE` local events, which `replayEvents` applies too.
   */
  readonly events: readonly unknown[]
}

/** What an export gives: the fixture, its `.sse` body, and what the user should know about it. */
export interface FixtureExport {
  readonly fixture: FixtureFile
  readonly sse: string
  /**
   * `dropped`: the recorder had dropped the oldest entries; `history`: a loaded history precedes the events;
   * `attached`: the recorder was attached to a chat already under way, whose earlier events it never saw.
   */
  readonly notes: readonly ('dropped' | 'history' | 'attached')[]
}

const FRAMING =
  'Spring WebFlux ServerSentEvent<String>: "event:" = the JSON "type", "data:" = the JSON of the event as received, LF line endings, no id, no comments'

/** The `.sse` body of wire values, framed as the native event bridge sends them. */
export function toSseBody(values: readonly unknown[]): string {
  let body = ''
  for (const value of values) {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined
    // JSON.stringify never writes a raw line break, so one `data:` line always carries the whole value.
    if (typeof type === 'string' && !/[\r\n]/.test(type)) body += `event:${type}\n`
    body += `data:${JSON.stringify(value) ?? 'null'}\n\n`
  }
  return body
}

/** A file name made of letters, digits and dashes. */
export function fixtureName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return cleaned === '' ? 'inspector-run' : cleaned.slice(0, 80)
}

/**
 * Exports what the recorder kept since the last reset (or history load) as a fixture: `events` holds the
 * user's messages (local events) and the wire values, the `.sse` body the wire values only.
 */
export function toFixture(entries: readonly RecordedEntry[], options: { name: string; description?: string; dropped?: number }): FixtureExport {
  let start = 0
  const notes = new Set<FixtureExport['notes'][number]>()
  if ((options.dropped ?? 0) > 0) notes.add('dropped')
  entries.forEach((entry, index) => {
    if (entry.kind === 'reset' || entry.kind === 'load') start = index + 1
  })
  const loaded = start > 0 ? entries[start - 1] : undefined
  if (loaded?.kind === 'load') notes.add(loaded.agent === undefined ? 'history' : 'attached')
  const events: unknown[] = []
  const wire: unknown[] = []
  const runs: { request: RecordedRequest | null; eventCount: number }[] = []
  // A user's message is entered just before the run that sends it: it counts in that run.
  let ahead = 0
  for (const entry of entries.slice(start)) {
    if (entry.kind === 'run') {
      runs.push({ request: entry.request, eventCount: ahead })
      ahead = 0
    } else if (entry.kind === 'local') {
      events.push(entry.event)
      ahead++
    } else if (entry.kind === 'event' || entry.kind === 'invalid') {
      if (runs.length === 0) runs.push({ request: null, eventCount: 0 })
      events.push(entry.value)
      wire.push(entry.value)
      runs[runs.length - 1]!.eventCount++
    }
  }
  if (ahead > 0) {
    if (runs.length === 0) runs.push({ request: null, eventCount: 0 })
    runs[runs.length - 1]!.eventCount += ahead
  }
  const name = fixtureName(options.name)
  const fixture: FixtureFile = {
    name,
    description: options.description ?? 'Exported from the agent inspector',
    transport: { sse: `${name}.sse`, framing: FRAMING },
    runs,
    expected: replayEvents(events),
    events,
  }
  return { fixture, sse: toSseBody(wire), notes: [...notes] }
}

/** A log read from a file: the entries to replay, and the snapshot the file says they rebuild, if any. */
export interface ImportedLog {
  readonly name: string
  readonly entries: readonly RecordedEntry[]
  readonly expected: unknown
}

function timeOf(value: unknown, previous: number): number {
  const createdAt = typeof value === 'object' && value !== null ? (value as { createdAt?: unknown }).createdAt : undefined
  const parsed = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN
  return Number.isFinite(parsed) ? parsed : previous
}

function isRequest(value: unknown): value is RecordedRequest {
  if (typeof value !== 'object' || value === null) return false
  const request = value as Record<string, unknown>
  return (
    (request.kind === 'message' && Array.isArray(request.messages)) ||
    (request.kind === 'confirm' && Array.isArray(request.confirmResults)) ||
    (request.kind === 'tool-results' && Array.isArray(request.toolResults))
  )
}

/**
 * Entries that replay recorded values as runs: each run's request, its values (validated; `USER_MESSAGE` ones
 * as local events) and its end. A run that sent a message with no `USER_MESSAGE` among its values (a fixture
 * recorded before they existed) gets the message entered from its request, so the chat shows it.
 */
export function entriesOfEvents(
  values: readonly unknown[],
  runs: readonly { readonly request: unknown; readonly eventCount: number }[] = [],
): RecordedEntry[] {
  const entries: RecordedEntry[] = []
  let receivedAt = 0
  let offset = 0
  const push = (value: unknown) => {
    receivedAt = timeOf(value, receivedAt)
    if (isLocalEventValue(value)) {
      const local = parseLocalEvent(value)
      entries.push(local.ok ? { kind: 'local', receivedAt, event: local.event } : { kind: 'invalid', receivedAt, value, error: local.error })
      return
    }
    const parsed = parseAgentEvent(value)
    entries.push(parsed.ok ? { kind: 'event', receivedAt, value, event: parsed.event } : { kind: 'invalid', receivedAt, value, error: parsed.error })
  }
  const counted = runs.reduce((sum, run) => sum + (Number.isInteger(run.eventCount) && run.eventCount >= 0 ? run.eventCount : 0), 0)
  const plan = counted === values.length && runs.length > 0 ? runs : [{ request: null, eventCount: values.length }]
  for (const run of plan) {
    const slice = values.slice(offset, offset + run.eventCount)
    const first = timeOf(values[offset], receivedAt)
    if (isRequest(run.request) && run.request.kind === 'message' && !slice.some(isLocalEventValue)) {
      for (const message of run.request.messages) entries.push({ kind: 'local', receivedAt: first, event: userMessageEvent(message) })
    }
    if (isRequest(run.request)) entries.push({ kind: 'run', receivedAt: first, request: run.request })
    for (const value of slice) push(value)
    offset += run.eventCount
    entries.push({ kind: 'run-end', receivedAt, status: 'done' })
  }
  return entries
}

function fromSse(text: string): { values: unknown[]; problems: AgentStreamError[] } {
  const values: unknown[] = []
  const problems: AgentStreamError[] = []
  const decoder = createEventStreamDecoder({ onEvent: (value) => values.push(value), onError: (error) => problems.push(error) })
  // A last frame without its blank line still counts.
  decoder.push(new TextEncoder().encode(text.endsWith('\n\n') ? text : `${text}\n\n`))
  return { values, problems }
}

/**
 * Reads a log file: a fixture (`{ events, runs?, expected? }`, as exported or as in `test/fixtures/`), a JSON
 * array of events, or a `.sse` body. Throws an `AgentStreamError` that says what the file should hold.
 */
export function readLogFile(text: string, fileName = 'log'): ImportedLog {
  const name = fileName.replace(/\.(json|sse|txt)$/i, '')
  const trimmed = text.trimStart()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new AgentStreamError('malformed-frame', `${fileName} is not valid JSON: ${String(error)}`)
    }
    if (Array.isArray(json)) return { name, entries: entriesOfEvents(json), expected: null }
    const fixture = json as { name?: unknown; events?: unknown; runs?: unknown; expected?: unknown }
    if (!Array.isArray(fixture.events)) {
      throw new AgentStreamError('malformed-frame', `${fileName} has no "events" array: import a fixture, an array of events or a .sse body.`)
    }
    const runs = Array.isArray(fixture.runs) ? (fixture.runs as { request: unknown; eventCount: number }[]) : []
    return {
      name: typeof fixture.name === 'string' ? fixture.name : name,
      entries: entriesOfEvents(fixture.events, runs),
      expected: fixture.expected ?? null,
    }
  }
  const { values, problems } = fromSse(text)
  if (values.length === 0) {
    throw new AgentStreamError('malformed-frame', `${fileName} holds no events: import a fixture, an array of events or a .sse body.`)
  }
  const entries = entriesOfEvents(values)
  const problemEntries: RecordedEntry[] = problems.map((error) => ({ kind: 'problem', receivedAt: 0, error }))
  return { name, entries: [...problemEntries, ...entries], expected: null }
}
