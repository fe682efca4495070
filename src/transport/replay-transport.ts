import { AgentStreamError } from '../core/errors'
import type { AgentTransport, RunEnd, RunHandlers, RunRequest } from './agent-transport'
import { createEndWatch, incompleteStreamError } from './stream-endings'

/**
 * How fast a replay plays: `'instant'` hands every event over at once (after the run opens);
 * otherwise it waits `deltaMs` before each group of `burst` events.
 * @default { deltaMs: 30, burst: 1 }
 */
export type ReplayPace = 'instant' | { readonly deltaMs?: number; readonly burst?: number }

/** Options of {@link createReplayTransport}. */
export interface ReplayTransportOptions {
  /** The recorded calls: the n-th `run()` plays `calls[n]`, raw wire events (parsed JSON) in stream order. */
  readonly calls: readonly (readonly unknown[])[]
  /** @default { deltaMs: 30, burst: 1 } */
  readonly pace?: ReplayPace
  /**
   * When a call's events run out before its top-level AGENT_END, keep the run open (until it is aborted or
   * interrupted) instead of rejecting with `incomplete-stream`: a script cut short then freezes mid-stream.
   * @default false
   */
  readonly holdOpen?: boolean
  /**
   * Stamp each event's `createdAt` with the time it is played, so durations (thinking, tool calls) follow the
   * replay's pace rather than the recording's. Off, events are handed over exactly as recorded.
   * @default false
   */
  readonly retime?: boolean
}

/** A transport that replays recorded event scripts, for stories, demos and tests. */
export interface ReplayTransport extends AgentTransport {
  /** What each `run()` was asked to send, in order, including runs beyond the recorded calls. */
  readonly requests: readonly RunRequest[]
}

/** The reply ReActAgent returns after an interrupt (protocol §6.6); it is never streamed as text events. */
const INTERRUPTED_REPLY = 'I noticed that you have interrupted me. What can I do for you?'
const START_TYPES: ReadonlySet<unknown> = new Set(['AGENT_START', 'REPLY_START'])
const DEFAULT_DELTA_MS = 30

type WireObject = Readonly<Record<string, unknown>>

/** What one run tracks to end itself the way the server does on an interrupt. */
interface Playback {
  interruptRequested: boolean
  /** Set once the top-level AGENT_START is out: an interrupt before it waits for it, as on the server. */
  started: boolean
  /** Set once the top-level AGENT_RESULT is out: the run is finishing and an interrupt no longer applies. */
  finalizing: boolean
  agentStart: WireObject | null
  /** The recorded time of the last event played and the wall-clock time it was played, for the events made up here. */
  lastRecordedAt: number
  lastPlayedAt: number
  /** Tool results started and not ended, by toolCallId: an interrupt-aware tool ends them `interrupted`. */
  readonly openResults: Map<string, WireObject>
  wake: (() => void) | null
}

function asObject(value: unknown): WireObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as WireObject) : null
}

function isTopLevel(event: WireObject | null): event is WireObject {
  return event !== null && !event.source
}

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes)
  // getRandomValues works outside secure contexts too, unlike crypto.randomUUID
  if (typeof globalThis.crypto?.getRandomValues === 'function') globalThis.crypto.getRandomValues(values)
  else for (let index = 0; index < bytes; index++) values[index] = Math.floor(Math.random() * 256)
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('')
}

function uuid(): string {
  const hex = randomHex(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

// `Msg.TIMESTAMP_FORMATTER`: local time, no offset.
function messageTimestamp(date: Date): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  )
}

/** The events a server writes after an interrupt (protocol §6.6), as the scripted server builds them. */
function interruptedEnding(playback: Playback): Record<string, unknown>[] {
  // On the recording's clock: as long after the last event played as has passed since it was played.
  const now = new Date(Number.isNaN(playback.lastRecordedAt) ? Date.now() : playback.lastRecordedAt + Date.now() - playback.lastPlayedAt)
  const envelope = (type: string) => ({ type, id: randomHex(16), createdAt: now.toISOString() })
  const endings: Record<string, unknown>[] = []
  for (const started of playback.openResults.values()) {
    const { replyId, toolCallId, toolCallName } = started
    endings.push({ ...envelope('TOOL_RESULT_END'), replyId, toolCallId, toolCallName, state: 'interrupted' })
  }
  const name = typeof playback.agentStart?.name === 'string' ? playback.agentStart.name : 'assistant'
  const result = {
    id: uuid(),
    name,
    role: 'ASSISTANT',
    content: [{ type: 'text', text: INTERRUPTED_REPLY }],
    metadata: { agentscope_generate_reason: 'INTERRUPTED' },
    timestamp: messageTimestamp(now),
    usage: null,
  }
  endings.push({ ...envelope('AGENT_RESULT'), result })
  const end: Record<string, unknown> = envelope('AGENT_END')
  if (playback.agentStart?.replyId !== undefined) end.replyId = playback.agentStart.replyId
  endings.push(end)
  return endings
}

function stampNow(value: unknown): unknown {
  const event = asObject(value)
  return event === null || typeof event.createdAt !== 'string' ? value : { ...event, createdAt: new Date().toISOString() }
}

function track(playback: Playback, event: WireObject | null): void {
  if (!isTopLevel(event)) return
  const type = event.type
  if (START_TYPES.has(type)) {
    playback.started = true
    playback.agentStart = event
  } else if (type === 'AGENT_RESULT') {
    playback.finalizing = true
  } else if (type === 'TOOL_RESULT_START' && typeof event.toolCallId === 'string') {
    playback.openResults.set(event.toolCallId, event)
  } else if (type === 'TOOL_RESULT_END' && typeof event.toolCallId === 'string') {
    playback.openResults.delete(event.toolCallId)
  }
}

/**
 * A transport that plays recorded calls instead of talking to a server: the n-th `run()` replays the n-th
 * recorded call through `onEvent`, paced, and ends like the SSE transport (`'ended'` after the top-level
 * AGENT_END, `'aborted'` on abort, `incomplete-stream` when the script stops short). `interrupt()` stops the
 * current run and ends it with the canned interrupted reply. Browser-safe: no Node APIs.
 * @example
 * const transport = createReplayTransport({ calls: script.calls, pace: { deltaMs: 25 } })
 * const store = createAgentStore({ transport })
 * await store.getState().send('What is the weather in Paris?')
 */
export function createReplayTransport(options: ReplayTransportOptions): ReplayTransport {
  const { calls, holdOpen = false, retime = false } = options
  const pace = options.pace ?? {}
  const instant = pace === 'instant'
  const deltaMs = pace === 'instant' ? 0 : Math.max(0, pace.deltaMs ?? DEFAULT_DELTA_MS)
  const burst = pace === 'instant' ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(pace.burst ?? 1))
  const requests: RunRequest[] = []
  let current: Playback | null = null

  // Resolves after `ms`, or at once when the run is aborted or interrupted.
  function pause(ms: number, playback: Playback, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve()
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        playback.wake = null
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal.addEventListener('abort', done, { once: true })
      playback.wake = done
    })
  }

  async function run(request: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    const { signal } = handlers
    const callIndex = requests.length
    requests.push(request)
    // A real stream opens asynchronously; so does this one, whatever the pace.
    await Promise.resolve()
    if (signal.aborted) return 'aborted'
    const events = calls[callIndex]
    if (events === undefined) {
      throw new AgentStreamError(
        'network-error',
        `The replay has no recorded call #${callIndex + 1} (the script holds ${calls.length}): record the script again with this request.`,
      )
    }
    const playback: Playback = {
      interruptRequested: false,
      started: false,
      finalizing: false,
      agentStart: null,
      lastRecordedAt: Number.NaN,
      lastPlayedAt: 0,
      openResults: new Map(),
      wake: null,
    }
    current = playback
    let ended = false
    const seeEnd = createEndWatch()
    const emit = (recorded: unknown) => {
      const value = retime ? stampNow(recorded) : recorded
      const event = asObject(value)
      const recordedAt = typeof event?.createdAt === 'string' ? Date.parse(event.createdAt) : Number.NaN
      if (!Number.isNaN(recordedAt)) {
        playback.lastRecordedAt = recordedAt
        playback.lastPlayedAt = Date.now()
      }
      track(playback, event)
      ended = seeEnd(event)
      handlers.onEvent(value)
    }
    const interruptNow = () => playback.interruptRequested && playback.started && !playback.finalizing && !ended
    try {
      handlers.onOpen?.()
      for (let index = 0; index < events.length; index++) {
        if (!instant && index % burst === 0) await pause(deltaMs, playback, signal)
        if (signal.aborted) return 'aborted'
        if (interruptNow()) break
        emit(events[index])
      }
      if (!ended && !interruptNow() && holdOpen) {
        // Frozen mid-stream: wait for an abort or an interrupt.
        while (!signal.aborted && !interruptNow()) await pause(60_000, playback, signal)
        if (signal.aborted) return 'aborted'
      }
      if (interruptNow()) {
        for (const event of interruptedEnding(playback)) {
          if (!instant) await pause(deltaMs, playback, signal)
          if (signal.aborted) return 'aborted'
          emit(event)
        }
      }
    } finally {
      if (current === playback) current = null
    }
    if (!ended) {
      throw incompleteStreamError()
    }
    return 'ended'
  }

  async function interrupt(): Promise<void> {
    const playback = current
    if (playback === null || playback.finalizing) return
    playback.interruptRequested = true
    playback.wake?.()
  }

  return { run, interrupt, requests }
}
