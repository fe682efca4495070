/**
 * Instruments of the store benchmark: the loopback SSE server, a 60 fps frame clock around the store's
 * flushes, a probe around the body reads, and a log of garbage-collection pauses.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PerformanceObserver } from 'node:perf_hooks'
import type { PerformanceEntry } from 'node:perf_hooks'
import type { FrameScheduler } from '../src/session/frame-scheduler'
import type { Workload, WireEvent } from './workload'

/** One 60 fps frame, in ms. */
export const FRAME_MS = 1000 / 60

// ---------------------------------------------------------------------------------------------
// The server: one loopback HTTP server for the whole suite, serving whatever body the next run needs

/** How the server sends the body: 64 events per write and macrotask, or all at once. */
export type Delivery = 'bursts' | 'buffered'

/** What the server sends for the next run. */
export interface Body {
  readonly delivery: Delivery
  /** Bursts: one chunk per res.write. Buffered: one chunk for res.end. */
  readonly chunks: readonly Buffer[]
}

/** The loopback server; `serve` sets the body of the next POST …/runs. */
export interface SseServer {
  readonly url: string
  serve(body: Body): void
  close(): Promise<void>
}

/** Starts a node:http server on 127.0.0.1 and a free port. */
export async function startSseServer(): Promise<SseServer> {
  let next: Body | null = null
  const server: Server = createServer((request, response) => {
    request.resume()
    const body = next
    if (request.method !== 'POST' || !request.url?.endsWith('/runs') || body === null) {
      response.writeHead(404).end()
      return
    }
    // A fresh connection per run: a kept-alive one can be closed by the server's timeout just as the next run reuses it.
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' })
    if (body.delivery === 'buffered') {
      response.end(body.chunks[0])
      return
    }
    let index = 0
    let closed = false
    response.on('close', () => {
      closed = true
    })
    // One write per macrotask: setImmediate lets the client's socket read and parse run in between.
    const writeNext = () => {
      if (closed) return
      response.write(body.chunks[index++])
      if (index < body.chunks.length) setImmediate(writeNext)
      else response.end()
    }
    writeNext()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    serve(body) {
      next = body
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Each event as the AgentScope server frames it (`event:` line, `data:` line, blank line), as in `toSse`. */
export function sseFrames(workload: Workload): string[] {
  return workload.wire.map((json, index) => `event:${(workload.events[index] as WireEvent).type}\ndata:${json}\n\n`)
}

/** The frames joined `eventsPerBurst` at a time and encoded once, so the server only writes. */
export function burstChunks(frames: readonly string[], eventsPerBurst: number): Buffer[] {
  const chunks: Buffer[] = []
  for (let start = 0; start < frames.length; start += eventsPerBurst) {
    chunks.push(Buffer.from(frames.slice(start, start + eventsPerBurst).join('')))
  }
  return chunks
}

// ---------------------------------------------------------------------------------------------
// Instruments: a 60 fps frame clock around the store's flushes, a probe around the body reads, GC pauses

/** A frame scheduler for the store that also times each flush. */
export interface FrameClock {
  readonly schedule: FrameScheduler
  /** Sets the time ticks count from (the run's start). */
  start(origin: number): void
  /** The tick the running flush belongs to, or -1 outside a flush. */
  readonly currentTick: () => number
  readonly stats: () => { flushes: number; flushMs: number; longestFlushMs: number }
  /** [start, end] of every flush, in performance.now() time. */
  readonly intervals: () => readonly (readonly [number, number])[]
}

// A display in Node: each callback fires at the next multiple of FRAME_MS since the run started, and
// never twice in one tick (a libuv timer may fire up to 1 ms early), as rAF callbacks do.
export function createFrameClock(): FrameClock {
  let origin = 0
  let lastTick = -1
  let runningTick = -1
  let flushes = 0
  let flushMs = 0
  let longestFlushMs = 0
  const intervals: [number, number][] = []
  const schedule: FrameScheduler = (callback) => {
    const elapsed = performance.now() - origin
    const tick = Math.max(Math.floor(elapsed / FRAME_MS) + 1, lastTick + 1)
    const timer = setTimeout(
      () => {
        lastTick = tick
        runningTick = tick
        const started = performance.now()
        try {
          callback()
        } finally {
          const ended = performance.now()
          const duration = ended - started
          intervals.push([started, ended])
          runningTick = -1
          flushes++
          flushMs += duration
          if (duration > longestFlushMs) longestFlushMs = duration
        }
      },
      Math.max(0, origin + tick * FRAME_MS - performance.now()),
    )
    return () => clearTimeout(timer)
  }
  return {
    schedule,
    start(at) {
      origin = at
    },
    currentTick: () => runningTick,
    stats: () => ({ flushes, flushMs, longestFlushMs }),
    intervals: () => intervals,
  }
}

/** A `fetch` for createSseTransport whose body reports how long each chunk took to decode. */
export interface ArrivalProbe {
  readonly fetch: typeof fetch
  readonly stats: () => { reads: number; arrivalMs: number; longestArrivalMs: number }
  /** [start, end] of every chunk's decode, in performance.now() time. */
  readonly intervals: () => readonly (readonly [number, number])[]
}

// Wraps fetch so the body reader reports the time from each read() result to the next read() call:
// readEventStream decodes the chunk in between (SSE lines, JSON.parse, the store's ingest), with nothing awaited.
export function createArrivalProbe(): ArrivalProbe {
  let reads = 0
  let arrivalMs = 0
  let longestArrivalMs = 0
  const intervals: [number, number][] = []
  const probeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init)
    const body = response.body
    if (body === null) return response
    const reader = body.getReader()
    let resumedAt = Number.NaN
    const probedBody = {
      cancel: (reason?: unknown) => reader.cancel(reason),
      getReader: () => ({
        read: async () => {
          const called = performance.now()
          if (!Number.isNaN(resumedAt)) {
            const duration = called - resumedAt
            arrivalMs += duration
            intervals.push([resumedAt, called])
            if (duration > longestArrivalMs) longestArrivalMs = duration
          }
          const result = await reader.read()
          if (!result.done) reads++
          resumedAt = performance.now()
          return result
        },
        cancel: (reason?: unknown) => reader.cancel(reason),
        releaseLock: () => reader.releaseLock(),
      }),
    }
    // Only what the transport and readEventStream use; the body is the probed one.
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body: probedBody,
      text: () => response.text(),
    } as unknown as Response
  }
  return { fetch: probeFetch, stats: () => ({ reads, arrivalMs, longestArrivalMs }), intervals: () => intervals }
}

/** Garbage-collection pauses seen by a PerformanceObserver. */
export interface GcLog {
  /** Pauses that started in [from, to], as [start, end]. */
  pausesBetween(from: number, to: number): Promise<(readonly [number, number])[]>
  stop(): void
}

/** Starts observing GC pauses (the parsed events wait in the queue for a frame, so they survive scavenges). */
export function observeGc(): GcLog {
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => {
    entries.push(...list.getEntries())
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    async pausesBetween(from, to) {
      // Entries are delivered on a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve))
      entries.push(...observer.takeRecords())
      const pauses = entries
        .filter((entry) => entry.startTime >= from && entry.startTime <= to)
        .map((entry) => [entry.startTime, entry.startTime + entry.duration] as const)
      entries.length = 0
      return pauses
    },
    stop: () => observer.disconnect(),
  }
}

/** How many ms of `pauses` fall inside `intervals`. */
export function overlapMs(pauses: readonly (readonly [number, number])[], intervals: readonly (readonly [number, number])[]): number {
  let total = 0
  for (const [pauseStart, pauseEnd] of pauses) {
    for (const [start, end] of intervals) total += Math.max(0, Math.min(pauseEnd, end) - Math.max(pauseStart, start))
  }
  return total
}
