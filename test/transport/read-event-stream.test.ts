import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { AgentStreamError } from '../../src/core/errors'
import { createEventStreamDecoder, readEventStream } from '../../src/transport/read-event-stream'
import type { EventStreamFrame, ReadEventStreamOptions } from '../../src/transport/read-event-stream'
import { bytesCopied } from '../fixtures/bytes-copied'
import { loadFixtures } from '../fixtures/load-fixtures'

const FIXTURES = loadFixtures()
const SEEDS = [1, 7, 42, 2024, 65537]
const encoder = new TextEncoder()

// A body whose chunks really arrive one read() at a time, like a fetch body split by the network.
function streamResponse(chunks: readonly Uint8Array[], onCancel?: () => void): Response {
  let index = 0
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++]
        if (chunk === undefined) controller.close()
        else controller.enqueue(chunk)
      },
      cancel: onCancel,
    }),
  )
}

function bytesOf(text: string): Uint8Array {
  return encoder.encode(text)
}

function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = []
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size))
  return chunks
}

// mulberry32: a seeded PRNG, so a failing split can be replayed from its seed.
function splitRandomly(bytes: Uint8Array, seed: number): Uint8Array[] {
  let state = seed
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
  const chunks: Uint8Array[] = []
  let offset = 0
  while (offset < bytes.length) {
    const size = 1 + Math.floor(random() * 40)
    chunks.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}

async function readAll(chunks: readonly Uint8Array[], options: Partial<ReadEventStreamOptions> = {}) {
  const values: unknown[] = []
  const frames: EventStreamFrame[] = []
  const errors: AgentStreamError[] = []
  await readEventStream(streamResponse(chunks), {
    onEvent(value, frame) {
      values.push(value)
      frames.push(frame)
    },
    onError: (error) => errors.push(error),
    ...options,
  })
  return { values, frames, errors }
}

function numberFrames(sse: string): string {
  let count = 0
  return sse.replaceAll(/^event:/gm, () => `id:${++count}\nevent:`)
}

const REWRITES: readonly (readonly [description: string, rewrite: (sse: string) => string])[] = [
  ['CRLF line endings', (sse) => sse.replaceAll('\n', '\r\n')],
  ['CR line endings', (sse) => sse.replaceAll('\n', '\r')],
  ['a space after data:', (sse) => sse.replaceAll(/^data:/gm, 'data: ')],
  ['a leading BOM', (sse) => `\uFEFF${sse}`],
  ['heartbeats and retry-only frames between frames', (sse) => `: heartbeat\n\n${sse.replaceAll('\n\n', '\n\n: heartbeat\n\nretry: 1000\n\n')}`],
  ['comments and retry lines inside frames', (sse) => sse.replaceAll(/^data:/gm, ': keep-alive\nretry:1000\ndata:')],
  ['id lines', numberFrames],
  [
    'all of the above, with a BOM and CRLF',
    (sse) =>
      `\uFEFF${numberFrames(sse)
        .replaceAll(/^data:/gm, ': c\ndata: ')
        .replaceAll('\n\n', '\n\n: heartbeat\n\n')}`.replaceAll('\n', '\r\n'),
  ],
]

describe.each(FIXTURES)('fixture $name', (fixture) => {
  it('delivers the fixture events when the body arrives whole', async () => {
    const { values, errors } = await readAll([fixture.sseBytes])
    expect(errors).toEqual([])
    expect(values).toEqual(fixture.events)
  })

  it('delivers the fixture events when the body arrives byte by byte', async () => {
    const { values, errors } = await readAll(splitEvery(fixture.sseBytes, 1))
    expect(errors).toEqual([])
    expect(values).toEqual(fixture.events)
  })

  it.each(SEEDS)('delivers the fixture events in random chunks (seed %i)', async (seed) => {
    const { values, errors } = await readAll(splitRandomly(fixture.sseBytes, seed))
    expect(errors).toEqual([])
    expect(values).toEqual(fixture.events)
  })

  it.each(REWRITES)('delivers the same events when rewritten with %s', async (_description, rewrite) => {
    const bytes = bytesOf(rewrite(fixture.sse))
    for (const chunks of [[bytes], splitRandomly(bytes, SEEDS[0] ?? 1), splitRandomly(bytes, SEEDS[1] ?? 2)]) {
      const { values, errors } = await readAll(chunks)
      expect(errors).toEqual([])
      expect(values).toEqual(fixture.events)
    }
  })

  it('passes the event name and the id of each frame', async () => {
    const { values, frames } = await readAll(splitRandomly(bytesOf(numberFrames(fixture.sse)), 3))
    expect(frames.map((frame) => frame.id)).toEqual(fixture.events.map((_event, index) => String(index + 1)))
    expect(frames.map((frame) => frame.event)).toEqual(values.map((value) => (value as { type: string }).type))
  })
})

describe('readEventStream framing', () => {
  it('joins several data: lines of one frame with a newline', async () => {
    const { values } = await readAll([bytesOf('data:{"a":\ndata:1}\n\n')])
    expect(values).toEqual([{ a: 1 }])
  })

  it('skips frames with empty data: comments, retry, id, event or bare data only', async () => {
    const sse = 'data:\n\nevent:AGENT_START\n\n: only a comment\n\nretry: 1000\n\nid: 5\n\ndata\n\n\n\ndata:{"a":1}\n\n'
    const { values, frames, errors } = await readAll(splitEvery(bytesOf(sse), 3))
    expect(errors).toEqual([])
    expect(values).toEqual([{ a: 1 }])
    expect(frames).toEqual([{ event: 'message', id: '5' }])
  })

  it('does not dispatch a final frame that has no blank line after it', async () => {
    for (const tail of ['data:{"b":2}', 'data:{"b":2}\n', 'data:{"b":2}\r\n', 'data:{"b":2}\r']) {
      const { values } = await readAll([bytesOf(`data:{"a":1}\n\n${tail}`)])
      expect(values).toEqual([{ a: 1 }])
    }
  })

  it('reports a malformed frame through onError and goes on with the next frames', async () => {
    const sse = 'data:{"a":1}\n\nevent:TEXT_BLOCK_DELTA\ndata:{"oops\n\ndata:{"b":2}\n\n'
    const { values, errors } = await readAll(splitEvery(bytesOf(sse), 5))
    expect(values).toEqual([{ a: 1 }, { b: 2 }])
    expect(errors).toHaveLength(1)
    const [error] = errors
    expect(error).toBeInstanceOf(AgentStreamError)
    expect(error?.code).toBe('malformed-frame')
    expect(error?.eventType).toBe('TEXT_BLOCK_DELTA')
    expect(error?.body).toBe('{"oops')
    expect(error?.cause).toBeInstanceOf(SyntaxError)
    expect(error?.message).toContain((error?.cause as SyntaxError).message)
    expect(error?.message).toContain('{"oops')
  })

  it('keeps only the first 200 characters of a malformed frame in the error', async () => {
    const data = `{${'x'.repeat(1000)}`
    const { errors } = await readAll([bytesOf(`data:${data}\n\n`)])
    expect(errors[0]?.body).toBe(`${data.slice(0, 200)}…`)
  })

  it('skips a malformed frame silently when there is no onError', async () => {
    const values: unknown[] = []
    await readEventStream(streamResponse([bytesOf('data:nope\n\ndata:[1]\n\n')]), { onEvent: (value) => values.push(value) })
    expect(values).toEqual([[1]])
  })

  it('delivers the JSON as-is when the event: name disagrees with its type', async () => {
    const { values, frames } = await readAll([bytesOf('event:TEXT_BLOCK_DELTA\ndata:{"type":"AGENT_END"}\n\n')])
    expect(values).toEqual([{ type: 'AGENT_END' }])
    expect(frames).toEqual([{ event: 'TEXT_BLOCK_DELTA', id: '' }])
  })

  it('decodes a UTF-8 sequence cut inside its bytes', async () => {
    const bytes = bytesOf('data:{"delta":"中文😀"}\n\n')
    for (let cut = 1; cut < bytes.length; cut++) {
      const { values } = await readAll([bytes.subarray(0, cut), bytes.subarray(cut)])
      expect(values).toEqual([{ delta: '中文😀' }])
    }
    expect((await readAll(splitEvery(bytes, 1))).values).toEqual([{ delta: '中文😀' }])
  })

  it('skips a leading BOM split over several chunks', async () => {
    const bytes = bytesOf('\uFEFFdata\ndata:{"a":1}\n\n')
    for (const cuts of [[1], [2], [3], [1, 2], [1, 2, 3], [2, 4]]) {
      const chunks = [0, ...cuts].map((start, index) => bytes.subarray(start, cuts[index] ?? bytes.length))
      const { values, errors } = await readAll(chunks)
      expect(errors).toEqual([])
      expect(values).toEqual([{ a: 1 }])
    }
  })

  it('reads a CR at the end of one chunk and its LF at the start of the next as one line break', async () => {
    const { values, errors } = await readAll([bytesOf('data:{"a":\r'), bytesOf('\ndata:1}\r'), bytesOf('\n\r\n')])
    expect(errors).toEqual([])
    expect(values).toEqual([{ a: 1 }])
  })

  it('reads a line with no colon as a field name with an empty value', async () => {
    const { frames } = await readAll([bytesOf('event:TEXT_BLOCK_DELTA\nevent\ndata:{}\n\n')])
    expect(frames).toEqual([{ event: 'message', id: '' }])
  })

  it('keeps the last id for later frames and ignores an id containing NULL', async () => {
    const { frames } = await readAll([bytesOf('id:7\ndata:1\n\ndata:2\n\nid:a\0b\ndata:3\n\nid\ndata:4\n\n')])
    expect(frames.map((frame) => frame.id)).toEqual(['7', '7', '7', ''])
  })

  it('decodes any framing of any JSON values cut anywhere', () => {
    const framing = fc.record({
      lineEnding: fc.constantFrom('\n', '\r', '\r\n'),
      space: fc.boolean(),
      bom: fc.boolean(),
      heartbeat: fc.boolean(),
      eventName: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), framing, fc.array(fc.nat(), { maxLength: 20 }), (values, options, cuts) => {
        const texts = values.map((value) => JSON.stringify(value))
        const frames = texts.map((text, index) =>
          [
            options.eventName ? `event:E${index}` : undefined,
            options.heartbeat ? ': heartbeat' : undefined,
            `data:${options.space ? ' ' : ''}${text}`,
            '',
            options.heartbeat ? 'retry:5\n' : undefined,
          ]
            .filter((line) => line !== undefined)
            .join('\n'),
        )
        const sse = `${options.bom ? '\uFEFF' : ''}${frames.join('\n')}\n`.replaceAll('\n', options.lineEnding)
        const bytes = bytesOf(sse)
        const positions = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
        const received: unknown[] = []
        const decoder = createEventStreamDecoder({ onEvent: (value) => received.push(value) })
        let start = 0
        for (const position of [...positions, bytes.length]) {
          decoder.push(bytes.subarray(start, position))
          start = position
        }
        expect(received).toEqual(texts.map((text) => JSON.parse(text)))
      }),
      { seed: 42, numRuns: 300 },
    )
  })
})

describe('createEventStreamDecoder', () => {
  // Complexity as a ratio of sizes, counted, not timed: handing each chunk to getLines as it comes would copy the
  // held line again on every push (64x the bytes at 8x the size); holding the chunks copies each byte a fixed number
  // of times.
  it('copies the bytes of one large frame pushed in 16-byte chunks a fixed number of times, at 256 KB and 2 MB', () => {
    const decodeFrame = (length: number) => {
      const delta = 'x'.repeat(length)
      const chunks = splitEvery(bytesOf(`data:{"delta":"${delta}"}\n\n`), 16)
      const received: unknown[] = []
      const decoder = createEventStreamDecoder({ onEvent: (value) => received.push(value) })
      const { copied } = bytesCopied(() => {
        for (const chunk of chunks) decoder.push(chunk)
      })
      expect(received).toEqual([{ delta }])
      return copied / length
    }
    const small = decodeFrame(2 ** 18)
    const large = decodeFrame(2 ** 21)
    expect(small).toBeGreaterThan(0)
    expect(large / small).toBeLessThan(1.5)
  })
})

describe('readEventStream ending', () => {
  it('resolves with no events when the body is null', async () => {
    const values: unknown[] = []
    await readEventStream(new Response(null), { onEvent: (value) => values.push(value) })
    expect(values).toEqual([])
  })

  it('stops a never-ending stream when aborted after the first event', async () => {
    const controller = new AbortController()
    let cancelled = false
    let count = 0
    const body = new ReadableStream<Uint8Array>({
      pull(streamController) {
        streamController.enqueue(bytesOf(`data:{"n":${count++}}\n\ndata:{"n":${count++}}\n\n`))
      },
      cancel() {
        cancelled = true
      },
    })
    const values: unknown[] = []
    await readEventStream(new Response(body), {
      signal: controller.signal,
      onEvent(value) {
        values.push(value)
        controller.abort()
      },
    })
    expect(values).toEqual([{ n: 0 }])
    expect(cancelled).toBe(true)
  })

  it('stops waiting on a silent server as soon as the signal aborts', async () => {
    const controller = new AbortController()
    let cancelled = false
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull(streamController) {
        if (sent) return new Promise<void>(() => {})
        sent = true
        streamController.enqueue(bytesOf('data:{"n":0}\n\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    const values: unknown[] = []
    const reading = readEventStream(new Response(body), { signal: controller.signal, onEvent: (value) => values.push(value) })
    await vi.waitFor(() => expect(values).toHaveLength(1), { interval: 1 })
    controller.abort()
    await expect(reading).resolves.toBeUndefined()
    expect(values).toEqual([{ n: 0 }])
    expect(cancelled).toBe(true)
  })

  it('resolves when the body errors because fetch aborted it', async () => {
    const controller = new AbortController()
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        streamController.enqueue(bytesOf('data:{"n":0}\n\n'))
        controller.signal.addEventListener('abort', () => streamController.error(new DOMException('aborted', 'AbortError')))
      },
    })
    const reading = readEventStream(new Response(body), { signal: controller.signal, onEvent: () => controller.abort() })
    await expect(reading).resolves.toBeUndefined()
  })

  it('resolves at once with no events when the signal is already aborted', async () => {
    let cancelled = false
    const values: unknown[] = []
    await readEventStream(
      streamResponse([bytesOf('data:1\n\n')], () => (cancelled = true)),
      {
        signal: AbortSignal.abort(),
        onEvent: (value) => values.push(value),
      },
    )
    expect(values).toEqual([])
    expect(cancelled).toBe(true)
  })

  it('rejects with the error onEvent throws and cancels the body', async () => {
    let cancelled = false
    const failure = new Error('render failed')
    const reading = readEventStream(
      streamResponse([bytesOf('data:1\n\n'), bytesOf('data:2\n\n')], () => (cancelled = true)),
      {
        onEvent() {
          throw failure
        },
      },
    )
    await expect(reading).rejects.toBe(failure)
    expect(cancelled).toBe(true)
  })

  it('rejects with a network-error when reading the body fails', async () => {
    const cause = new TypeError('terminated')
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        streamController.enqueue(bytesOf('data:1\n\n'))
      },
      pull(streamController) {
        streamController.error(cause)
      },
    })
    const values: unknown[] = []
    const error = await readEventStream(new Response(body), { onEvent: (value) => values.push(value) }).catch((caught: unknown) => caught)
    expect(values).toEqual([1])
    expect(error).toBeInstanceOf(AgentStreamError)
    expect((error as AgentStreamError).code).toBe('network-error')
    expect((error as AgentStreamError).cause).toBe(cause)
  })
})

describe('frames longer than maxFrameLength (#11: a line that never ends must not fill the memory)', () => {
  const encode = (text: string) => new TextEncoder().encode(text)
  function decoderWith(maxFrameLength: number) {
    const events: unknown[] = []
    const errors: AgentStreamError[] = []
    const decoder = createEventStreamDecoder({ onEvent: (value) => events.push(value), onError: (error) => errors.push(error), maxFrameLength })
    return { decoder, events, errors }
  }

  it('skips a line longer than the limit that comes in chunks without a line break, and reads the frames after it', () => {
    const { decoder, events, errors } = decoderWith(1000)
    decoder.push(encode('data:{"n":1}\n\ndata:"'))
    for (let chunk = 0; chunk < 50; chunk++) decoder.push(encode('x'.repeat(100)))
    decoder.push(encode('"\n\ndata:{"n":2}\n\n'))
    expect(events).toEqual([{ n: 1 }, { n: 2 }])
    expect(errors.map((error) => [error.code, error.message.slice(0, 40)])).toEqual([['malformed-frame', 'An SSE frame is longer than 1000 charact']])
  })

  it('skips a frame of endless data lines once, until its blank line', () => {
    const { decoder, events, errors } = decoderWith(1000)
    for (let line = 0; line < 500; line++) decoder.push(encode(`data:${'y'.repeat(20)}\n`))
    decoder.push(encode('\ndata:{"n":3}\n\n'))
    expect(events).toEqual([{ n: 3 }])
    expect(errors).toHaveLength(1)
  })

  it('keeps a frame just under the limit whole', () => {
    const { decoder, events, errors } = decoderWith(1000)
    const value = 'z'.repeat(900)
    for (const piece of [`data:"${value.slice(0, 450)}`, `${value.slice(450)}"\n`, '\n']) decoder.push(encode(piece))
    expect(events).toEqual([value])
    expect(errors).toEqual([])
  })
})
