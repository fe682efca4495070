import { getLines, getMessages } from '@microsoft/fetch-event-source/lib/esm/parse.js'
import type { EventSourceMessage } from '@microsoft/fetch-event-source/lib/esm/parse.js'
import { AgentStreamError } from '../core/errors'

/** What the SSE framing said about a frame, besides its data. */
export interface EventStreamFrame {
  /** The `event:` name, or `'message'` when the frame has none; the JSON `type` is what counts, not this. */
  readonly event: string
  /** The last `id:` seen on the stream so far (ids carry over to later frames, as in `EventSource.lastEventId`), or `''`. */
  readonly id: string
}

/** Callbacks for {@link createEventStreamDecoder}. */
export interface EventStreamDecoderOptions {
  /**
   * Called with each frame's `data` parsed as JSON, in stream order; the value is not validated here.
   * If it throws, the error propagates out of `push` (and rejects {@link readEventStream}) and the decoder must not be reused.
   */
  onEvent(value: unknown, frame: EventStreamFrame): void
  /**
   * Called with a `malformed-frame` error when a frame's data is not JSON; decoding goes on with the next frame.
   * @default the frame is skipped silently
   */
  onError?(error: AgentStreamError): void
  /** Once aborted, no more frames are delivered, even those already in the current chunk. */
  signal?: AbortSignal
}

/** Options for {@link readEventStream}. */
export interface ReadEventStreamOptions extends EventStreamDecoderOptions {
  /** Called for every chunk of the body, comments (heartbeats) included: the stream is alive. */
  onActivity?(): void
}

/** Turns the bytes of a `text/event-stream` body into parsed frames, whatever the chunk boundaries. */
export interface EventStreamDecoder {
  /** Feeds the next chunk of the body; the decoder keeps a reference to it, so don't reuse its buffer. */
  push(chunk: Uint8Array): void
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const
const LINE_FEED = 10
const CARRIAGE_RETURN = 13
const COLON = 58
const EXCERPT_LENGTH = 200

/**
 * Creates an SSE decoder that follows the WHATWG framing rules, built on `@microsoft/fetch-event-source`'s `getLines`/`getMessages`.
 * @example
 * const decoder = createEventStreamDecoder({ onEvent: (value) => events.push(value) })
 * decoder.push(new TextEncoder().encode('data:{"type":"AGENT_START"}\n\n'))
 */
export function createEventStreamDecoder(options: EventStreamDecoderOptions): EventStreamDecoder {
  const { onEvent, onError, signal } = options
  let lastEventId = ''

  const onMessageLine = getMessages(
    (id) => {
      if (!id.includes('\0')) lastEventId = id
    },
    // retry: is accepted and ignored: a POST that carries user input is never reconnected (protocol §9.1)
    () => {},
    dispatch,
  )
  const pushToLines = getLines((line, fieldLength) => {
    // getMessages drops a line with no colon; the spec reads the whole line as a field name with an empty value
    if (fieldLength === -1 && line.length > 0) onMessageLine(appendColon(line), line.length)
    else onMessageLine(line, fieldLength)
  })

  // Bytes seen while we can't yet tell whether the stream opens with a BOM; null once we can.
  let streamStart: Uint8Array | null = new Uint8Array(0)
  // Chunks with no line break yet. getLines copies its whole buffer on every chunk, so handing it a long line in
  // many small pieces is quadratic; holding them back and joining them once a break arrives keeps it linear.
  let heldChunks: Uint8Array[] = []

  function dispatch(message: EventSourceMessage): void {
    // getLines/getMessages report every blank line, also those ending comment-only or retry-only frames
    if (message.data === '' || signal?.aborted) return
    const frame: EventStreamFrame = { event: message.event || 'message', id: lastEventId }
    let value: unknown
    try {
      value = JSON.parse(message.data)
    } catch (error) {
      onError?.(malformedFrameError(message.data, frame, error))
      return
    }
    onEvent(value, frame)
  }

  return {
    push(chunk) {
      if (streamStart !== null) {
        // getMessages' TextDecoder also drops a BOM at the start of every line it decodes; we skip the spec's one on purpose
        const head = streamStart.length === 0 ? chunk : concatenate([streamStart, chunk])
        if (head.length < UTF8_BOM.length && head.every((byte, index) => byte === UTF8_BOM[index])) {
          streamStart = head
          return
        }
        streamStart = null
        chunk = startsWithBom(head) ? head.subarray(UTF8_BOM.length) : head
      }
      if (chunk.length === 0) return
      if (chunk.indexOf(LINE_FEED) === -1 && chunk.indexOf(CARRIAGE_RETURN) === -1) {
        heldChunks.push(chunk)
        return
      }
      if (heldChunks.length > 0) {
        heldChunks.push(chunk)
        chunk = concatenate(heldChunks)
        heldChunks = []
      }
      pushToLines(chunk)
    },
  }
}

/**
 * Reads a `text/event-stream` response body to the end and calls `onEvent` with each frame's data parsed as JSON.
 * It does not check `response.ok` or the content type (the transport does); a null body resolves with no events.
 * It resolves when the body ends (an unterminated last frame is dropped) or when `signal` aborts, which is not an error;
 * it rejects with the caller's own error if `onEvent` or `onError` throws, and with a `network-error` if reading fails.
 */
export async function readEventStream(response: Response, options: ReadEventStreamOptions): Promise<void> {
  const { signal } = options
  const body = response.body
  if (body === null) return
  if (signal?.aborted) {
    body.cancel().catch(ignore)
    return
  }
  const reader = body.getReader()
  const decoder = createEventStreamDecoder(options)
  // Cancelling settles a pending read() with done right away, however long the server stays silent.
  const cancel = () => {
    reader.cancel().catch(ignore)
  }
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>
      try {
        result = await reader.read()
      } catch (error) {
        // fetch errors the body with an AbortError when its own signal fires: that is a stop, not a failure
        if (signal?.aborted) return
        throw new AgentStreamError(
          'network-error',
          `The event stream broke off while reading the response body: ${messageOf(error)}. Check the connection and any proxy timeouts.`,
          { cause: error },
        )
      }
      if (result.done || signal?.aborted) return
      options.onActivity?.()
      decoder.push(result.value)
    }
  } catch (error) {
    reader.cancel(error).catch(ignore)
    throw error
  } finally {
    signal?.removeEventListener('abort', cancel)
  }
}

function malformedFrameError(data: string, frame: EventStreamFrame, error: unknown): AgentStreamError {
  // Don't cut a surrogate pair in half.
  const end = isHighSurrogate(data.charCodeAt(EXCERPT_LENGTH - 1)) ? EXCERPT_LENGTH - 1 : EXCERPT_LENGTH
  const excerpt = data.length > EXCERPT_LENGTH ? `${data.slice(0, end)}…` : data
  return new AgentStreamError(
    'malformed-frame',
    `An SSE frame's data is not valid JSON (${messageOf(error)}): ${excerpt}. The server must send one JSON AgentEvent per frame.`,
    { eventType: frame.event === 'message' ? undefined : frame.event, body: excerpt, cause: error },
  )
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]
}

function appendColon(line: Uint8Array): Uint8Array {
  const result = new Uint8Array(line.length + 1)
  result.set(line)
  result[line.length] = COLON
  return result
}

function concatenate(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const chunk of chunks) length += chunk.length
  const result = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    result.set(chunk, offset)
    offset += chunk.length
  }
  return result
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function ignore(): void {}
