import type { ServerResponse } from 'node:http'
import { eventJson, LEGACY_TYPE_NAMES, sseFrame } from './jackson-json'
import { INSTANT_BURST, type Pacer } from './pace'
import { instantNow, type WireIds } from './wire-format'

/** Thrown at a checkpoint once the session was interrupted (protocol §6.6); the run then ends with the canned reply. */
export class RunInterrupted extends Error {
  constructor() {
    super('The run was interrupted')
    this.name = 'RunInterrupted'
  }
}

/** Thrown at a checkpoint once the client went away: WebFlux cancels the subscription, nothing more is written. */
export class RunCancelled extends Error {
  constructor() {
    super('The client closed the connection')
    this.name = 'RunCancelled'
  }
}

/** Thrown by a script to fail the run midway: the response is then aborted with no AGENT_RESULT or AGENT_END. */
export class ScriptedFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScriptedFailure'
  }
}

/** Where an event's envelope fields go. */
export interface EmitOptions {
  /** Nominal wait before the event, in ticks (one text delta = 1). @default 0 */
  readonly ticks?: number
  /** The subagent path; omitted for the top-level agent. */
  readonly source?: string
  /** Envelope metadata, written after `source`; tool-result events carry theirs among `fields` instead. */
  readonly metadata?: Readonly<Record<string, unknown>>
  /** Whether an interrupt can stop the run here; a disconnect always can. @default true */
  readonly interruptible?: boolean
}

/** Writes one run's events to its response, paced, in bursts, with interrupt and disconnect checkpoints. */
export interface EventWriter {
  /** Waits, checks for an interrupt or a disconnect, then queues the event; returns the event object. */
  emit(type: string, fields: Readonly<Record<string, unknown>>, options?: EmitOptions): Promise<Record<string, unknown>>
  /** Waits `ticks` with a checkpoint at the end, e.g. while a tool works. */
  wait(ticks: number): Promise<void>
  /** Once set, interrupts no longer apply: the run is writing its final events. */
  finalizing: boolean
  /** Asks the run to stop at its next checkpoint; false when it is already finishing. */
  interrupt(): boolean
  /** The client went away: the next checkpoint throws {@link RunCancelled}. */
  cancel(): void
  readonly cancelled: boolean
  /** Writes what is queued and ends the response. */
  close(): Promise<void>
  /** Writes what is queued, then destroys the socket, as WebFlux aborts a response whose Flux errored. */
  abort(): Promise<void>
}

/** What a writer needs. */
export interface EventWriterOptions {
  readonly response: ServerResponse
  readonly pacer: Pacer
  readonly ids: WireIds
  /** Write the legacy type names (protocol §2.1) instead of the canonical ones. */
  readonly legacyTypeNames?: boolean
  /** Called with each event once it is handed to the socket. */
  readonly onSent: (event: Record<string, unknown>) => void
}

/** Creates the writer of one run. */
export function createEventWriter(options: EventWriterOptions): EventWriter {
  const { response, pacer, ids, onSent } = options
  let frames: string[] = []
  let queued: Record<string, unknown>[] = []
  let count = 0
  let interruptRequested = false
  let cancelled = false
  let wake: (() => void) | null = null
  let lastWrite: Promise<void> = Promise.resolve()

  function checkpoint(interruptible: boolean): void {
    if (cancelled) throw new RunCancelled()
    if (interruptible && interruptRequested && !writer.finalizing) throw new RunInterrupted()
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wake = null
        resolve()
      }
      const timer = setTimeout(done, ms)
      wake = done
    })
  }

  async function flush(): Promise<void> {
    if (frames.length === 0) return
    const text = frames.join('')
    const events = queued
    frames = []
    queued = []
    if (cancelled || response.destroyed) return
    for (const event of events) onSent(event)
    let flushed = true
    lastWrite = new Promise((resolve) => {
      flushed = response.write(text, () => resolve())
    })
    if (!flushed) await drained()
  }

  function drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        response.off('drain', done)
        response.off('close', done)
        resolve()
      }
      response.once('drain', done)
      response.once('close', done)
    })
  }

  async function pause(ticks: number): Promise<void> {
    const ms = pacer.delay(ticks)
    if (ms <= 0) return
    await flush()
    await sleep(ms)
  }

  const writer: EventWriter = {
    finalizing: false,
    get cancelled() {
      return cancelled
    },
    async emit(type, fields, emitOptions = {}) {
      await pause(emitOptions.ticks ?? 0)
      checkpoint(emitOptions.interruptible ?? true)
      const wireType = options.legacyTypeNames === true ? (LEGACY_TYPE_NAMES[type] ?? type) : type
      const event = buildEvent(wireType, ids.hex(), fields, emitOptions)
      frames.push(sseFrame(wireType, eventJson(event)))
      queued.push(event)
      count += 1
      if (count % INSTANT_BURST === 0) {
        await flush()
        await new Promise((resolve) => setImmediate(resolve))
      }
      return event
    },
    async wait(ticks) {
      await pause(ticks)
      checkpoint(true)
    },
    interrupt() {
      if (writer.finalizing || cancelled) return false
      interruptRequested = true
      wake?.()
      return true
    },
    cancel() {
      cancelled = true
      wake?.()
    },
    async close() {
      await flush()
      if (!response.destroyed) response.end()
    },
    async abort() {
      await flush()
      // destroying the socket drops what it has not sent yet, so wait for the last write to go out
      await Promise.race([lastWrite, closedOrTimeout(response)])
      response.destroy()
    },
  }
  return writer
}

function closedOrTimeout(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, 1000)
    response.once('close', done)
    function done() {
      clearTimeout(timer)
      response.off('close', done)
      resolve()
    }
  })
}

// Jackson's field order: type, id, createdAt, the subclass fields, source, metadata.
// Nulls and an empty metadata are left out (NON_NULL, NON_EMPTY).
function buildEvent(type: string, id: string, fields: Readonly<Record<string, unknown>>, options: EmitOptions): Record<string, unknown> {
  const event: Record<string, unknown> = { type, id, createdAt: instantNow() }
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    if (key === 'metadata' && isEmptyObject(value)) continue
    event[key] = value
  }
  if (options.source !== undefined) event.source = options.source
  if (options.metadata !== undefined && !isEmptyObject(options.metadata)) event.metadata = options.metadata
  return event
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0
}
