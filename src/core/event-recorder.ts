import type { AgentStreamError } from './errors'
import type { AgentEvent } from './events'
import type { LocalEvent } from './local-events'
import type { ConfirmResult, Msg, ToolResultBlock } from './message'
import { applyRecordedEntry, createRecordedState } from './recorded-state'
import type { RecordedState } from './recorded-state'
import type { AgentState } from './state'

/** What a run sent: the same shape as the transports' `RunRequest`, restated here so the core stays below them. */
export type RecordedRequest =
  | { readonly kind: 'message'; readonly messages: readonly Msg[] }
  | { readonly kind: 'confirm'; readonly confirmResults: readonly ConfirmResult[] }
  | { readonly kind: 'tool-results'; readonly toolResults: readonly ToolResultBlock[] }

/** Where a chat stands, as the store says it (the store's `AgentStatus`). */
export type RecordedRunStatus = 'idle' | 'connecting' | 'streaming' | 'awaiting-confirmation' | 'awaiting-external' | 'done' | 'error'

/**
 * One thing that reached a chat's session, in order. `receivedAt` is the session's `clock` (`Date.now` by
 * default) when the transport delivered it, or when the session did it.
 */
export type RecordedEntry =
  /** A valid event: `value` as received, `event` as validated (the same object when nothing was normalized). */
  | { readonly kind: 'event'; readonly receivedAt: number; readonly value: unknown; readonly event: AgentEvent }
  /** A wire value that is not a valid event: it was skipped. */
  | { readonly kind: 'invalid'; readonly receivedAt: number; readonly value: unknown; readonly error: AgentStreamError }
  /** An event the kit made itself: the user's message, entered into the state when it is sent. */
  | { readonly kind: 'local'; readonly receivedAt: number; readonly event: LocalEvent }
  /** A problem the transport reported without ending the stream (a malformed frame it skipped). */
  | { readonly kind: 'problem'; readonly receivedAt: number; readonly error: AgentStreamError }
  /** A run began with this request. */
  | { readonly kind: 'run'; readonly receivedAt: number; readonly request: RecordedRequest }
  /** The run ended: the stream closed (open turns become `incomplete`) with this status. */
  | { readonly kind: 'run-end'; readonly receivedAt: number; readonly status: RecordedRunStatus; readonly error?: AgentStreamError | null }
  /** The conversation was forgotten. */
  | { readonly kind: 'reset'; readonly receivedAt: number }
  /**
   * The conversation was replaced by stored messages (validated). For a recorder attached to a chat already under
   * way (`attachRecorder`), the chat as it stood: then `agent` and `status` are that chat's own state, which a
   * rebuild starts from exactly (subagent lanes, model calls, ids seen), and `messages` is what an export knows of it.
   */
  | {
      readonly kind: 'load'
      readonly receivedAt: number
      readonly messages: readonly Msg[]
      readonly agent?: AgentState
      readonly status?: RecordedRunStatus
    }

/** Hears every entry of a session, in order (`createAgentSession({ recorder })`); what it throws is ignored. */
export interface EventRecorder {
  record(entry: RecordedEntry): void
  /**
   * The same as `record({ kind: 'event', receivedAt, value, event })`, for a recorder that can keep an event without
   * that entry being made: the session calls it, when there, for each valid event (nearly everything it records).
   */
  recordEvent?(receivedAt: number, value: unknown, event: AgentEvent): void
}

/** How much a recorder keeps; the oldest entries go first once a limit is passed. */
export interface EventRecorderLimit {
  /** Keep at most this many entries. */
  readonly events?: number
  /** Keep at most about this many megabytes of wire JSON (sizes are estimated, see {@link approximateSize}). */
  readonly megabytes?: number
}

/** Options of {@link createEventRecorder}. */
export interface EventRecorderOptions {
  /** @default keep everything */
  readonly limit?: EventRecorderLimit
  /** Entries to start with, as if recorded (an imported log). */
  readonly entries?: readonly RecordedEntry[]
}

/** A recorder that keeps its entries, for the inspector: pass it as `createAgentStore({ recorder })`. */
export interface RecordedLog extends EventRecorder {
  /** Adds one entry; the session calls it, in order, for everything it takes in. */
  record(entry: RecordedEntry): void
  /** Keeps a valid event as `record` would keep its `event` entry: one slot, no entry made. */
  recordEvent(receivedAt: number, value: unknown, event: AgentEvent): void
  /** The kept entries, oldest first. The array is the recorder's own: read it, never change it. */
  entries(): readonly RecordedEntry[]
  /** How many entries were dropped to stay within the limit (the first kept entry is number `dropped`). */
  dropped(): number
  /** The state after the dropped entries: where a rebuild of the kept ones starts. */
  base(): RecordedState
  /** Counts every change, so a view can tell whether it is up to date. */
  version(): number
  /** Calls `listener` after entries were added (at most once per microtask); returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Forgets every entry. */
  clear(): void
  readonly limit: EventRecorderLimit
}

// A slot of the log that holds a whole entry: anything but an event kept as it came.
class WholeEntry {
  constructor(readonly entry: RecordedEntry) {}
}

// The envelope of an event as Java writes it (type twice, 32-hex id, createdAt, replyId, blockId): about this many characters.
const ENVELOPE_CHARACTERS = 200

/**
 * The size of a wire value's JSON, estimated without serializing deltas (the bulk of a stream): the envelope
 * plus the delta. Other values are serialized, which is exact.
 */
export function approximateSize(value: unknown): number {
  if (typeof value === 'object' && value !== null) {
    const delta = (value as { delta?: unknown }).delta
    if (typeof delta === 'string') return ENVELOPE_CHARACTERS + delta.length
  }
  try {
    return JSON.stringify(value)?.length ?? 0
  } catch {
    return 0
  }
}

/** The estimated wire size of an entry: the JSON of its value, or of what it carries. */
export function entrySize(entry: RecordedEntry): number {
  switch (entry.kind) {
    case 'event':
    case 'invalid': {
      return approximateSize(entry.value)
    }
    case 'run': {
      return approximateSize(entry.request)
    }
    case 'load': {
      return approximateSize(entry.messages)
    }
    case 'local': {
      return approximateSize(entry.event)
    }
    case 'problem':
    case 'run-end':
    case 'reset': {
      return 0
    }
    default: {
      entry satisfies never
      return 0
    }
  }
}

/**
 * Creates a recorder. Recording an event appends the event to one array (and its time, when the time changed); with a limit, the oldest entries are dropped in
 * batches of an eighth of the limit and folded into {@link RecordedLog.base}, so time travel stays exact.
 * @example
 * const recorder = createEventRecorder({ limit: { events: 50_000 } })
 * const store = createAgentStore({ transport, recorder })
 */
export function createEventRecorder(options: EventRecorderOptions = {}): RecordedLog {
  const limit = options.limit ?? {}
  const maxEntries = limit.events !== undefined && limit.events > 0 ? Math.floor(limit.events) : Number.POSITIVE_INFINITY
  const maxBytes = limit.megabytes !== undefined && limit.megabytes > 0 ? limit.megabytes * 1e6 : Number.POSITIVE_INFINITY
  const countBytes = maxBytes !== Number.POSITIVE_INFINITY
  // One slot per entry. An event whose value needed no normalizing (nearly every entry) is kept as the one object
  // the reducer was given, not as the entry the session passes (which dies young), so recording it costs one push
  // and no object; anything else is kept whole. Receive times are run-length coded, since the session reads its
  // clock once per network read: a run starts at `timeStarts[k]` with the time `timeValues[k]`. `kept` holds the
  // entries made back from the slots, on demand.
  let items: unknown[] = []
  let timeStarts: number[] = []
  let timeValues: number[] = []
  let kept: RecordedEntry[] = []
  // Sizes of the kept entries, only kept under a byte limit.
  let sizes: number[] = []
  let bytes = 0
  let dropped = 0
  let base = createRecordedState()
  let version = 0
  const listeners = new Set<() => void>()
  let notifying = false

  function notify(): void {
    notifying = false
    for (const listener of [...listeners]) listener()
  }

  // The run of receive times that holds the item at `index`.
  function runOf(index: number): number {
    let low = 0
    let high = timeStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((timeStarts[middle] as number) <= index) low = middle
      else high = middle - 1
    }
    return low
  }

  function entryAt(index: number): RecordedEntry {
    const item = items[index]
    if (item instanceof WholeEntry) return item.entry
    return { kind: 'event', receivedAt: timeValues[runOf(index)] as number, value: item, event: item as AgentEvent }
  }

  function entries(): readonly RecordedEntry[] {
    for (let index = kept.length; index < items.length; index++) kept.push(entryAt(index))
    return kept
  }

  function drop(count: number): void {
    for (let index = 0; index < count; index++) base = applyRecordedEntry(base, index < kept.length ? (kept[index] as RecordedEntry) : entryAt(index))
    if (count < items.length) {
      const first = runOf(count)
      timeStarts = timeStarts.slice(first).map((start) => Math.max(0, start - count))
      timeValues = timeValues.slice(first)
    } else {
      timeStarts = []
      timeValues = []
    }
    items = items.slice(count)
    kept = kept.length > count ? kept.slice(count) : []
    if (countBytes) {
      for (const size of sizes.slice(0, count)) bytes -= size
      sizes = sizes.slice(count)
    }
    dropped += count
  }

  function record(entry: RecordedEntry): void {
    if (entry.kind === 'event' && entry.value === entry.event) keep(entry.event, entry.receivedAt, null)
    else keep(new WholeEntry(entry), entry.receivedAt, entry)
  }

  function recordEvent(receivedAt: number, value: unknown, event: AgentEvent): void {
    if (value === event) keep(event, receivedAt, null)
    else record({ kind: 'event', receivedAt, value, event })
  }

  // Keeps one slot: an event kept as it came (`entry` null), or a whole entry.
  function keep(item: unknown, time: number, entry: RecordedEntry | null): void {
    const index = items.length
    items.push(item)
    if (timeValues.length === 0 || timeValues[timeValues.length - 1] !== time) {
      timeStarts.push(index)
      timeValues.push(time)
    }
    version++
    if (countBytes) {
      const size = entry === null ? approximateSize(item) : entrySize(entry)
      sizes.push(size)
      bytes += size
      if (bytes > maxBytes) {
        let count = 0
        let freed = 0
        while (count < items.length - 1 && bytes - freed > maxBytes * 0.875) freed += sizes[count++] as number
        drop(count)
      }
    }
    if (items.length > maxEntries) drop(Math.max(1, Math.ceil(maxEntries / 8)) + items.length - maxEntries - 1)
    if (listeners.size > 0 && !notifying) {
      notifying = true
      queueMicrotask(notify)
    }
  }

  for (const entry of options.entries ?? []) record(entry)

  return {
    record,
    recordEvent,
    entries,
    dropped: () => dropped,
    base: () => base,
    version: () => version,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    clear() {
      items = []
      timeStarts = []
      timeValues = []
      kept = []
      sizes = []
      bytes = 0
      dropped = 0
      base = createRecordedState()
      version++
      if (listeners.size > 0 && !notifying) {
        notifying = true
        queueMicrotask(notify)
      }
    },
    limit,
  }
}

/**
 * A receive-time clock for recorders: reads `clock` once per task, so that the frames of one network chunk
 * (delivered together, in one task) share one reading and a stream of thousands of frames costs a few clock
 * reads rather than one per frame.
 */
export function createReceiveClock(clock: () => number): () => number {
  let cached: number | null = null
  const forget = () => {
    cached = null
  }
  return () => {
    if (cached === null) {
      cached = clock()
      queueMicrotask(forget)
    }
    return cached
  }
}
