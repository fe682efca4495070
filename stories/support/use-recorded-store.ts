import { useEffect, useState } from 'react'
import { createAgentStore, createReplayTransport, createSseTransport, parseAgentEvent } from '../../src'
import type { AgentStore, AgentTransport, ReplayPace } from '../../src'
import type { RecordedHttpError, RecordedRequest, RecordedScript } from './recorded-script'

/** A wire event of a script, as recorded. */
export type WireEvent = Readonly<Record<string, unknown>> & { readonly type?: unknown }

/** Where an event sits in a script: its call, its index in that call, and its index across all calls. */
export interface EventPosition {
  readonly call: number
  readonly index: number
  readonly overall: number
}

/** Picks the event to stop after. */
export type EventPredicate = (event: WireEvent, position: EventPosition) => boolean

/** Options of {@link useRecordedStore}. */
export interface RecordedStoreOptions {
  /**
   * Play up to and including this event (an index across all calls, or the first event the predicate picks),
   * then hold the stream open there: a frozen, still-streaming state. A cut that falls on a call's AGENT_END
   * just ends that call, and the recorded calls after it stay playable.
   * @default the whole script
   */
  readonly until?: number | EventPredicate
  /** @default 'instant' */
  readonly pace?: ReplayPace
  /** Date events when they are played, so durations follow the pace. @default true unless the pace is 'instant' */
  readonly retime?: boolean
  /** Kinds of recorded request left to the viewer: the story stops driving at the first one. @default [] */
  readonly manual?: readonly RecordedRequest['kind'][]
  /** Wait before sending each recorded answer (not the first message), so its pause can be seen. @default 0 */
  readonly answerDelayMs?: number
  /** Once `until` is reached, press stop: the run ends as an interrupted server ends it. */
  readonly stop?: boolean
  /** Runs once the script has played as far as it goes, e.g. an action the store should refuse. */
  readonly then?: (store: AgentStore) => unknown
}

/** The first event of `type` (optionally the `nth`, from 0) in the script, as a predicate for `until`. */
export function nthEvent(type: string, nth = 0, where: (event: WireEvent) => boolean = () => true): EventPredicate {
  let seen = -1
  return (event, position) => {
    if (position.overall === 0) seen = -1
    if (event.type !== type || !where(event)) return false
    seen += 1
    return seen === nth
  }
}

/** The last event of call `call` (from 0), as a predicate for `until`: that call ends, the next is not started. */
export function endOfCall(script: RecordedScript, call: number): EventPredicate {
  const last = (script.calls[call]?.length ?? 0) - 1
  return (_event, position) => position.call === call && position.index === last
}

interface Cut {
  readonly calls: readonly (readonly unknown[])[]
  /** How many calls to start: those up to and including the cut. */
  readonly played: number
  /** Events the store will have applied (invalid ones are skipped) once the played calls are out. */
  readonly applied: number
  /** Whether the last played call stops before its AGENT_END, so the transport holds it open. */
  readonly held: boolean
}

const END_TYPES: ReadonlySet<unknown> = new Set(['AGENT_END', 'REPLY_END'])
const isTopLevelEnd = (event: unknown) => {
  const { type, source } = event as WireEvent
  return END_TYPES.has(type) && !source
}

function cut(script: RecordedScript, until: RecordedStoreOptions['until']): Cut {
  const countApplied = (events: readonly unknown[]) => events.filter((event) => parseAgentEvent(event).ok).length
  if (until === undefined) {
    const applied = script.calls.reduce((sum, events) => sum + countApplied(events), 0)
    return { calls: script.calls, played: Math.max(1, script.calls.length), applied, held: false }
  }
  let overall = 0
  let applied = 0
  for (const [call, events] of script.calls.entries()) {
    for (const [index, event] of events.entries()) {
      const stop = typeof until === 'number' ? overall === until : until(event as WireEvent, { call, index, overall })
      overall += 1
      if (!stop) continue
      const kept = events.slice(0, index + 1)
      const calls = [...script.calls.slice(0, call), kept, ...script.calls.slice(call + 1)]
      return { calls, played: call + 1, applied: applied + countApplied(kept), held: !kept.some(isTopLevelEnd) }
    }
    applied += countApplied(events)
  }
  throw new Error(`The ${script.scenario} script has no event to stop at (until: ${String(until)})`)
}

/** The SSE transport over a recorded HTTP error: the real code path that turns it into an `http-error`. */
function recordedHttpErrorTransport(error: RecordedHttpError): AgentTransport {
  const answer = () =>
    Promise.resolve(
      new Response(error.body, {
        status: error.status,
        statusText: error.statusText,
        headers: { 'content-type': error.contentType },
      }),
    )
  return createSseTransport({ url: '/recorded', sessionId: 'story-http-error', fetch: answer })
}

function perform(store: AgentStore, request: RecordedRequest): Promise<void> {
  const state = store.getState()
  switch (request.kind) {
    case 'message': {
      return state.send(request.text)
    }
    case 'confirm': {
      return state.confirm(request.decisions)
    }
    case 'tool-results': {
      return state.submitToolResults(request.results)
    }
    default: {
      request satisfies never
      return Promise.resolve()
    }
  }
}

function applied(store: AgentStore, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.getState().agent.seenCount < count) return false
      unsubscribe()
      resolve()
      return true
    }
    const unsubscribe = store.subscribe(check)
    check()
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A real store fed by a recorded script through `createReplayTransport`: it sends the recorded message, answers
 * each pause with the recorded answer (unless left to the viewer), and stops where `until` says. Null until the
 * effect has run. Each mount gets its own store and transport, which StrictMode's double mount needs: the first
 * pair is reset on unmount, and a transport counts its calls from the start again.
 */
export function useRecordedStore(script: RecordedScript, options: RecordedStoreOptions = {}): AgentStore | null {
  // Options are read once: stories pass literals, which would otherwise restart the replay on every render.
  const [frozen] = useState(options)
  const [store, setStore] = useState<AgentStore | null>(null)
  useEffect(() => {
    const { until, pace = 'instant', retime = pace !== 'instant', manual = [], answerDelayMs = 0, stop = false, then } = frozen
    const plan = cut(script, until)
    const transport =
      script.httpError === undefined
        ? createReplayTransport({ calls: plan.calls, pace, retime, holdOpen: plan.held })
        : recordedHttpErrorTransport(script.httpError)
    const created = createAgentStore({ transport })
    let cancelled = false
    // eslint-disable-next-line react-hooks/set-state-in-effect -- each mount makes its own store and transport (see above), so only the effect can
    setStore(created)
    void (async () => {
      const requests = script.requests.slice(0, plan.played)
      for (const [index, request] of requests.entries()) {
        if (cancelled || manual.includes(request.kind)) return
        if (index > 0 && answerDelayMs > 0) await sleep(answerDelayMs)
        if (cancelled) return
        const run = perform(created, request).catch(() => {})
        // A held call never ends by itself: wait for its events to be applied instead.
        await (plan.held && index === requests.length - 1 ? applied(created, plan.applied) : run)
      }
      if (cancelled) return
      if (stop) await created.getState().stop()
      if (!cancelled) await then?.(created)
    })()
    return () => {
      cancelled = true
      created.getState().reset()
    }
  }, [script, frozen])
  return store
}
