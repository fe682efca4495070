/**
 * Chaos (#6): a loopback TCP proxy between the kit and the scripted server cuts connections at seeded random byte
 * offsets, some inside a UTF-8 sequence. Agent Protocol must end with the same snapshot as an uncut run and no
 * duplicated block; the native bridge must report every cut as an incomplete turn and never repeat its POST.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { replayEvents, userMessage, type RunRequest, type ToolUseBlock } from '../../src/core'
import { confirmResult } from '../../src/core'
import { startScriptedAgentServer, type Pace } from '../../src/testing'
import { createSeededRandom } from '../../src/testing/seeded-random'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import { createSseTransport } from '../../src/transport/sse-transport'
import { createAgentStore } from '../../src/store/create-agent-store'
import { startChaosProxy, type CutPlan, type ProxiedConnection } from '../fixtures/chaos-proxy'
import { converse, lastRequested, shapeOf, snapshotOf } from './protocol-shape'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

const say = (text: string): RunRequest => ({ kind: 'message', messages: [userMessage(text, { id: 'u1', timestamp: '2026-05-14 17:12:03.000' })] })
const approveFirst = (events: readonly unknown[]): RunRequest => ({
  kind: 'confirm',
  confirmResults: lastRequested(events, 'REQUIRE_USER_CONFIRM').map((call, index) => confirmResult(call as ToolUseBlock, { approved: index === 0 })),
})
const withoutInputTokens = (shape: unknown): unknown =>
  JSON.parse(JSON.stringify(shape, (key, value: unknown) => (key === 'inputTokens' || key === 'totalTokens' ? undefined : value)))
const reconnect = { maxAttempts: 6, baseDelayMs: 1, maxDelayMs: 8 }
const isEvents = (connection: ProxiedConnection) => /^GET \S+\/events/.test(connection.requestLine)

async function serverAndProxy(seed: number, cutAfter: (connection: ProxiedConnection) => CutPlan | null, pace: { readonly pace?: Pace } = {}) {
  const server = await startScriptedAgentServer({ seed, pace: 'instant', ...pace })
  const proxy = await startChaosProxy({ targetPort: server.port, cutAfter })
  cleanup.push(
    () => server.close(),
    () => proxy.close(),
  )
  return { server, proxy, url: `http://127.0.0.1:${proxy.port}/api` }
}

function eventIdsSeenTwice(events: readonly unknown[]): number {
  const seen = new Set<string>()
  let twice = 0
  for (const event of events) {
    const id = (event as { id?: string }).id
    if (id === undefined) continue
    if (seen.has(id)) twice += 1
    seen.add(id)
  }
  return twice
}

describe('chaos: Agent Protocol survives cuts', () => {
  it('ends a long run cut 50 times with the same snapshot as the uncut run and no duplicated block', async () => {
    // Each cut loses what was in flight (up to a 64 KB chunk, ~130 frames): at 1 ms a delta the server stays
    // well inside its 256-frame replay buffer while the client reconnects; faster, a cut can outrun it (see report).
    const pace = { pace: { deltaMs: 1 } } as const
    // The uncut run is the native bridge's, at instant pace on a server with the same seed and session id (the
    // content does not depend on the pace); an uncut Agent Protocol run at instant pace would outrun its own buffer.
    const uncut = await serverAndProxy(5, () => null)
    const reference = await converse(createSseTransport({ url: uncut.url, sessionId: 'long-task' }), [say('a long answer please')])
    expect(reference.errors).toEqual([])
    // The Agent Protocol stream of this run is ~9.4 MB (measured): cuts are spread over it.
    const total = 9_380_000

    const random = createSeededRandom(0xc4a05)
    let planned = 0
    const cut = await serverAndProxy(
      5,
      (connection) => {
        if (!isEvents(connection) || planned >= 50) return null
        planned += 1
        return { afterBytes: 1 + Math.floor(random() * 1.6 * (total / 50)), insideUtf8: planned % 5 === 0 }
      },
      pace,
    )
    const transport = createAgentProtocolTransport({ url: cut.url, createTaskId: () => 'long-task', reconnect })
    const survived = await converse(transport, [say('a long answer please')])

    expect(survived.errors).toEqual([])
    expect(survived.ends).toEqual(['ended'])
    expect(cut.proxy.cuts.total).toBe(50)
    expect(cut.proxy.cuts.insideUtf8).toBeGreaterThan(0)
    expect(survived.connection.filter((state) => state.startsWith('reconnected'))).toHaveLength(50)
    expect(cut.proxy.requests.filter((line) => line.startsWith('POST'))).toHaveLength(1)
    expect(eventIdsSeenTwice(survived.events)).toBe(0)
    expect(survived.events).toHaveLength(reference.events.length)
    // Agent Protocol carries the user's text only: the server's user message (and so the scripted usage, which counts
    // the context's characters) differs from the native bridge's; everything the agent streamed must be the same.
    expect(withoutInputTokens(shapeOf(snapshotOf(survived)))).toEqual(withoutInputTokens(shapeOf(snapshotOf(reference))))
    const text = snapshotOf(survived).messages[0]?.content.filter((block) => block.type === 'text')
    expect(text).toHaveLength(1)
    console.info(
      `[chaos] Agent Protocol: ${cut.proxy.cuts.total} cuts (${cut.proxy.cuts.insideUtf8} inside UTF-8) over ${cut.proxy.bytes.reduce((sum, size) => sum + size, 0)} bytes in ${cut.proxy.requests.length} requests; ${transport.duplicateFrames} replayed frames dropped by seq; 0 duplicated events`,
    )
  }, 60_000)

  it('survives cuts mid-confirmation: before the final REQUIRE_CONFIRM and during the resumed stream', async () => {
    const requests = [say('clean the workspace'), approveFirst]
    const uncut = await serverAndProxy(6, () => null)
    const reference = await converse(createAgentProtocolTransport({ url: uncut.url, createTaskId: () => 'hitl-task', reconnect }), requests)
    const sizes = uncut.proxy.requests.map((line, index) => (/\/events/.test(line) ? (uncut.proxy.bytes[index] ?? 0) : 0)).filter((size) => size > 0)
    expect(sizes).toHaveLength(2)
    let eventsConnections = 0
    const cut = await serverAndProxy(6, (connection) => {
      if (!isEvents(connection)) return null
      eventsConnections += 1
      // the first stream is cut inside its last frame (the REQUIRE_CONFIRM after RUN_FINISHED); the resumed one midway, twice
      if (eventsConnections === 1) return { afterBytes: sizes[0]! - 12 }
      if (eventsConnections === 3) return { afterBytes: Math.floor(sizes[1]! / 3) }
      if (eventsConnections === 4) return { afterBytes: 300 }
      return null
    })
    const survived = await converse(createAgentProtocolTransport({ url: cut.url, createTaskId: () => 'hitl-task', reconnect }), requests)
    expect(survived.errors).toEqual([])
    expect(cut.proxy.cuts.total).toBe(3)
    expect(eventIdsSeenTwice(survived.events)).toBe(0)
    expect(shapeOf(snapshotOf(survived))).toEqual(shapeOf(snapshotOf(reference)))
    expect(cut.proxy.requests.filter((line) => line.startsWith('POST'))).toEqual([
      'POST /api/tasks HTTP/1.1',
      'POST /api/tasks/hitl-task/resume HTTP/1.1',
    ])
  })
})

describe('chaos: the store says when it reconnects', () => {
  it('publishes "reconnecting" then "reconnected" while an Agent Protocol stream is cut, and ends done', async () => {
    let cuts = 0
    const { url } = await serverAndProxy(7, (connection) => (isEvents(connection) && cuts++ === 0 ? { afterBytes: 2_000 } : null))
    const store = createAgentStore({ transport: createAgentProtocolTransport({ url, createTaskId: () => 'store-task', reconnect }) })
    const seen: (string | null)[] = []
    store.subscribe((state, previous) => {
      if (state.connection !== previous.connection) seen.push(state.connection)
    })
    await store.getState().send("what's the weather in Paris?")
    expect(seen).toEqual(['reconnecting', 'reconnected'])
    expect(store.getState().status).toBe('done')
  })
})

describe('chaos: the native bridge reports every cut', () => {
  it('ends each of 50 cut runs as a clearly reported incomplete turn, and never repeats the POST', async () => {
    const random = createSeededRandom(0x5eed)
    let planned = 0
    // The first cut lands in the status line: the POST fails before any response, a 'network-error'. Every other
    // lands past the response head (a few hundred bytes; the proxy closes once the bytes before the cut are written),
    // so the reply is cut short, an 'incomplete-stream'. Each run's code is known, not one of two.
    const expectedCodes: string[] = []
    const { proxy, url } = await serverAndProxy(9, (connection) => {
      if (!connection.requestLine.startsWith('POST')) return null
      planned += 1
      expectedCodes.push(planned === 1 ? 'network-error' : 'incomplete-stream')
      return { afterBytes: planned === 1 ? 5 : 1024 + Math.floor(random() * 300_000), insideUtf8: planned % 5 === 0 }
    })
    const codes: string[] = []
    for (let run = 0; run < 50; run += 1) {
      const result = await converse(createSseTransport({ url, sessionId: `chaos-${run}` }), [say('a long answer please')])
      expect(result.ends).toEqual(['error'])
      codes.push((result.errors[0] as { code: string }).code)
      const turns = replayEvents(result.events).turns
      expect(turns.every((turn) => turn.status === 'incomplete')).toBe(true)
    }
    expect(codes).toEqual(expectedCodes)
    expect(proxy.cuts.total).toBe(50)
    expect(proxy.requests.filter((line) => line.startsWith('POST'))).toHaveLength(50)
    console.info(
      `[chaos] native: 50 cuts (${proxy.cuts.insideUtf8} inside UTF-8): ${codes.filter((code) => code === 'incomplete-stream').length} incomplete-stream, ${codes.filter((code) => code === 'network-error').length} network-error; 50 POSTs for 50 runs`,
    )
  }, 60_000)
})
