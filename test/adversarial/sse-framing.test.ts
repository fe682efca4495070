import fc from 'fast-check'
import type { ServerResponse } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSseTransport, readEventStream, replayEvents, toSnapshot } from '../../src/core'
import { createEventStreamDecoder } from '../../src/transport/read-event-stream'
import { createAgentStore } from '../../src/store/create-agent-store'
import { bytesCopied } from '../fixtures/bytes-copied'
import { startHttpServer } from '../fixtures/http-server'
import { end, resultEnd, resultStart, resultText, start, text, textEnd, textStart, thinking, toolDelta, toolEnd, toolStart } from '../fixtures/script'

// The body a test wants served next, as the chunks to write; the server writes them as they come, then ends.
let nextBody: { chunks: readonly Uint8Array[]; endAbruptly: boolean } = { chunks: [], endAbruptly: false }
let server: Awaited<ReturnType<typeof startHttpServer>>

async function writeSlowly(response: ServerResponse, chunks: readonly Uint8Array[], endAbruptly: boolean) {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' })
  for (const chunk of chunks) {
    response.write(chunk)
    // Let some chunks travel alone, so the client really sees the boundaries.
    if (chunk.length % 3 === 0) await new Promise((resolve) => setImmediate(resolve))
  }
  // A cut connection: the bytes so far reach the client first (the write's callback runs once they are handed to the
  // socket; closing it sends them before the end), instead of a guess of 50 ms.
  if (endAbruptly) response.write(new Uint8Array(0), () => response.destroy())
  else response.end()
}

beforeAll(async () => {
  server = await startHttpServer((_request, response) => {
    void writeSlowly(response, nextBody.chunks, nextBody.endAbruptly)
  })
})
afterAll(() => server.close())

const script = [
  start('R1'),
  thinking('Let me think… ✓ 思考'),
  textStart('M1'),
  text('Hello, 世界 👋 — "quoted" \\ back\nslash', 'M1'),
  textEnd('M1'),
  toolStart('c1', 'search', 'M1'),
  toolDelta('c1', '{"q":"caf', 'M1'),
  toolDelta('c1', 'é 🍰"}', 'M1'),
  toolEnd('c1', 'search', 'M1'),
  resultStart('c1'),
  resultText('c1', 'found ▶ 3'),
  resultEnd('c1'),
  end('R1'),
]

const lineEnding = fc.constantFrom('\n', '\r\n', '\r')
// What a server or a proxy may put between frames: comments, ids, retry hints, unknown fields, blank lines.
const noise = fc.constantFrom(':heartbeat', ': keep-alive 🫀', 'id: 42', 'retry: 3000', 'unknown: field', 'event:', '')

interface Framing {
  readonly ending: string
  readonly noiseBefore: readonly string[]
  readonly junkAt: readonly number[]
  readonly bom: boolean
  readonly cuts: readonly number[]
  readonly spaceAfterColon: boolean
}

const framing = fc.record({
  ending: lineEnding,
  noiseBefore: fc.array(noise, { minLength: script.length, maxLength: script.length }),
  junkAt: fc.uniqueArray(fc.nat(script.length - 1), { maxLength: 3 }),
  bom: fc.boolean(),
  cuts: fc.array(fc.nat(4_000), { maxLength: 40 }),
  spaceAfterColon: fc.boolean(),
})

function bodyOf(plan: Framing): { bytes: Uint8Array; junk: number } {
  const { ending } = plan
  let text = plan.bom ? '\ufeff' : ''
  let junk = 0
  script.forEach((event, index) => {
    const noiseLine = plan.noiseBefore[index] as string
    if (noiseLine !== '') text += `${noiseLine}${ending}`
    if (plan.junkAt.includes(index)) {
      text += `data:{"type":"TEXT_BLOCK_DELTA", oops${ending}${ending}`
      junk++
    }
    const space = plan.spaceAfterColon ? ' ' : ''
    text += `event:${space}${String(event.type)}${ending}data:${space}${JSON.stringify(event)}${ending}${ending}`
  })
  return { bytes: new TextEncoder().encode(text), junk }
}

// Cuts anywhere, inside a line ending (CR | LF) or a multi-byte character included.
function chunksOf(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Uint8Array[] = []
  let from = 0
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(bytes.slice(from, point))
    from = point
  }
  return chunks
}

describe('SSE framing from a real HTTP server (#11)', () => {
  it('decodes every event, whatever the chunking, line endings, comments, BOM and junk frames', async () => {
    await fc.assert(
      fc.asyncProperty(framing, async (plan) => {
        const { bytes, junk } = bodyOf(plan)
        nextBody = { chunks: chunksOf(bytes, plan.cuts), endAbruptly: false }
        const response = await fetch(`${server.url}/stream`)
        const events: unknown[] = []
        const errors: string[] = []
        await readEventStream(response, { onEvent: (value) => events.push(value), onError: (error) => errors.push(error.code) })
        expect(events).toEqual(script)
        expect(errors).toEqual(Array.from({ length: junk }, () => 'malformed-frame'))
      }),
      { numRuns: 60 },
    )
  })

  it('streams the same fuzzed bodies through the SSE transport into a store, to the snapshot of the script', async () => {
    await fc.assert(
      fc.asyncProperty(framing, async (plan) => {
        const { bytes, junk } = bodyOf(plan)
        nextBody = { chunks: chunksOf(bytes, plan.cuts), endAbruptly: false }
        const store = createAgentStore({
          transport: createSseTransport({ url: server.url, sessionId: 's' }),
          scheduleFrame: (run) => {
            const timer = setTimeout(run, 0)
            return () => clearTimeout(timer)
          },
        })
        await store.getState().send('hi')
        expect(store.getState().status).toBe('done')
        // The store's snapshot also holds the user's own message; the agent's part must be the script's.
        const snapshot = toSnapshot(store.getState().agent)
        const expected = replayEvents(script)
        expect(snapshot.messages.filter((message) => message.role !== 'USER')).toEqual(expected.messages)
        expect(snapshot.turns).toEqual(expected.turns)
        expect(store.getState().warnings).toHaveLength(junk)
      }),
      { numRuns: 25 },
    )
  })

  it('ends a body cut mid-frame as an incomplete turn, keeping what arrived', async () => {
    const { bytes } = bodyOf({ ending: '\n', noiseBefore: script.map(() => ''), junkAt: [], bom: false, cuts: [], spaceAfterColon: false })
    const cut = new TextDecoder().decode(bytes).indexOf('TOOL_CALL_START')
    nextBody = { chunks: [bytes.slice(0, cut)], endAbruptly: true }
    const store = createAgentStore({ transport: createSseTransport({ url: server.url, sessionId: 's' }) })
    await store.getState().send('hi')
    const snapshot = toSnapshot(store.getState().agent)
    expect(snapshot.turns.map((turn) => turn.status)).toEqual(['incomplete'])
    expect(JSON.stringify(snapshot.messages)).toContain('Hello, 世界 👋')
    expect(store.getState().status).toBe('error')
  })

  it('copies each byte of one 2 MB frame in 1 KB chunks as many times as of a 128 KB one (complexity as a ratio)', () => {
    // The decoder readEventStream runs on each chunk of the body, fed directly: the HTTP round trip would add nothing.
    // Work is counted (bytes copied, see bytes-copied.ts), not timed: re-copying the held chunks on every push would
    // copy the 16x longer frame ~16x more per byte; linear is 1x.
    const copiedPerByte = (length: number) => {
      const bytes = new TextEncoder().encode(`data:${JSON.stringify({ ...text('x'.repeat(length)), id: 'big' })}\n\n`)
      const chunks: Uint8Array[] = []
      for (let offset = 0; offset < bytes.length; offset += 1024) chunks.push(bytes.slice(offset, offset + 1024))
      let seen = 0
      const decoder = createEventStreamDecoder({ onEvent: () => seen++ })
      const { copied } = bytesCopied(() => {
        for (const chunk of chunks) decoder.push(chunk)
      })
      expect(seen).toBe(1)
      return copied / bytes.length
    }
    const small = copiedPerByte(128 * 1024)
    const large = copiedPerByte(2 * 1024 * 1024)
    expect(small).toBeGreaterThan(0)
    expect(large / small).toBeLessThan(1.5)
  })

  it('keeps the bytes of a line that comes a byte at a time, not the chunks they came in', async () => {
    // Node's fetch hands a body sent a byte at a time over as one-byte chunks, each with a buffer of its own: a
    // decoder that held the chunks until the line ended kept ~250 B of memory for every byte (8 GB before the
    // frame length limit). The chunks must be garbage once pushed; a sample of them is watched through WeakRefs.
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    let seen: unknown = null
    const decoder = createEventStreamDecoder({ onEvent: (value) => (seen = value) })
    decoder.push(new TextEncoder().encode('data:"'))
    const watched: WeakRef<Uint8Array>[] = []
    for (let index = 0; index < 20_000; index++) {
      const chunk = new Uint8Array([0x61])
      if (index % 1_000 === 0) watched.push(new WeakRef(chunk))
      decoder.push(chunk)
    }
    // a WeakRef holds its target until the end of the task that made it
    await new Promise((resolve) => setTimeout(resolve, 0))
    collect()
    expect(watched.filter((ref) => ref.deref() !== undefined)).toHaveLength(0)
    // the decoder is in use after the collection, so what it holds was live during it
    decoder.push(new TextEncoder().encode('"\n\n'))
    expect(seen).toBe('a'.repeat(20_000))
  })
})
