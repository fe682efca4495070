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
   * The same as `record({ kind: 'event', receivedAt, value: event, event })` for each of `events[start]` to `events[end - 1]`, in order:
   * the valid events of one network read that came as they are (value and event the same object). The session
   * calls it, when there, once per read of a frame instead of once per event; the array is never changed
   * afterwards, so the recorder may keep it.
   */
  recordEvents?(receivedAt: number, events: readonly AgentEvent[], start: number, end: number): void
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
  /** Keeps a run of valid events received together, as `record` would keep each one's entry: one slot, no entry made. */
  recordEvents(receivedAt: number, events: readonly AgentEvent[], start: number, end: number): void
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

// A slot of the log that holds events kept as they came, received together: `events[start]` to `events[end - 1]`
// of an array the session made for one frame (or of a one-event array of the recorder's own).
class EventRun {
  constructor(
    readonly receivedAt: number,
    readonly events: readonly AgentEvent[],
    readonly start: number,
    readonly end: number,
  ) {}
}

type Slot = WholeEntry | EventRun

const slotLength = (slot: Slot): number => (slot instanceof WholeEntry ? 1 : slot.end - slot.start)

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
 * Creates a recorder. Recording the events of a network read appends one slot that refers to them (the session's
 * own array, not a copy); with a limit, the oldest entries are dropped in batches of an eighth of the limit and
 * folded into {@link RecordedLog.base}, so time travel stays exact.
 * @example
 * const recorder = createEventRecorder({ limit: { events: 50_000 } })
 * const store = createAgentStore({ transport, recorder })
 */
export function createEventRecorder(options: EventRecorderOptions = {}): RecordedLog {
  const limit = options.limit ?? {}
  const maxEntries = limit.events !== undefined && limit.events > 0 ? Math.floor(limit.events) : Number.POSITIVE_INFINITY
  const maxBytes = limit.megabytes !== undefined && limit.megabytes > 0 ? limit.megabytes * 1e6 : Number.POSITIVE_INFINITY
  const countBytes = maxBytes !== Number.POSITIVE_INFINITY
  // Keeping a log must cost the session next to nothing per event: one slot per run of events received together
  // (a slot per event, even a bare push, cost 6–20% of the fold in the core benchmark), whole entries for the rest.
  // `slotStarts[k]` is the index of the first entry of `slots[k]`, counted from the first kept entry; `count` is how
  // many entries are kept. `kept` holds the entries made back from the slots, on demand.
  let slots: Slot[] = []
  let slotStarts: number[] = []
  let count = 0
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

  // The slot that holds the entry at `index`.
  function slotOf(index: number): number {
    let low = 0
    let high = slotStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((slotStarts[middle] as number) <= index) low = middle
      else high = middle - 1
    }
    return low
  }

  function entryIn(slot: Slot, offset: number): RecordedEntry {
    if (slot instanceof WholeEntry) return slot.entry
    const event = slot.events[slot.start + offset] as AgentEvent
    return { kind: 'event', receivedAt: slot.receivedAt, value: event, event }
  }

  // Calls `visit` with the entries from `from` to `to`, in order, made back from their slots.
  function eachEntry(from: number, to: number, visit: (entry: RecordedEntry) => void): void {
    let slot = slotOf(from)
    for (let index = from; index < to; index++) {
      while (slot + 1 < slots.length && (slotStarts[slot + 1] as number) <= index) slot++
      visit(entryIn(slots[slot] as Slot, index - (slotStarts[slot] as number)))
    }
  }

  function entries(): readonly RecordedEntry[] {
    if (kept.length < count) eachEntry(kept.length, count, (entry) => kept.push(entry))
    return kept
  }

  function drop(amount: number): void {
    const made = Math.min(amount, kept.length)
    for (let index = 0; index < made; index++) base = applyRecordedEntry(base, kept[index] as RecordedEntry)
    eachEntry(made, amount, (entry) => {
      base = applyRecordedEntry(base, entry)
    })
    const first = amount < count ? slotOf(amount) : slots.length
    const rest = slots.slice(first)
    const head = rest[0]
    if (head instanceof EventRun) {
      const offset = amount - (slotStarts[first] as number)
      rest[0] = new EventRun(head.receivedAt, head.events, head.start + offset, head.end)
    }
    slots = rest
    slotStarts = []
    let start = 0
    for (const slot of slots) {
      slotStarts.push(start)
      start += slotLength(slot)
    }
    count -= amount
    kept = kept.slice(amount)
    if (countBytes) {
      for (const size of sizes.slice(0, amount)) bytes -= size
      sizes = sizes.slice(amount)
    }
    dropped += amount
  }

  function record(entry: RecordedEntry): void {
    if (entry.kind === 'event' && entry.value === entry.event) keep(new EventRun(entry.receivedAt, [entry.event], 0, 1), null)
    else keep(new WholeEntry(entry), entry)
  }

  function recordEvents(receivedAt: number, events: readonly AgentEvent[], start: number, end: number): void {
    if (end > start) keep(new EventRun(receivedAt, events, start, end), null)
  }

  // Keeps one slot: a run of events kept as they came (`entry` null), or a whole entry.
  function keep(slot: Slot, entry: RecordedEntry | null): void {
    slots.push(slot)
    slotStarts.push(count)
    const length = slotLength(slot)
    count += length
    version++
    if (countBytes) {
      if (slot instanceof EventRun) {
        for (let index = slot.start; index < slot.end; index++) {
          const size = approximateSize(slot.events[index])
          sizes.push(size)
          bytes += size
        }
      } else {
        const size = entrySize(entry as RecordedEntry)
        sizes.push(size)
        bytes += size
      }
      if (bytes > maxBytes) {
        let amount = 0
        let freed = 0
        while (amount < count - 1 && bytes - freed > maxBytes * 0.875) freed += sizes[amount++] as number
        drop(amount)
      }
    }
    if (count > maxEntries) drop(Math.min(count, Math.max(1, Math.ceil(maxEntries / 8)) + count - maxEntries - 1))
    if (listeners.size > 0 && !notifying) {
      notifying = true
      queueMicrotask(notify)
    }
  }

  for (const entry of options.entries ?? []) record(entry)

  return {
    record,
    recordEvents,
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
      slots = []
      slotStarts = []
      count = 0
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
