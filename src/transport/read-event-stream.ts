import { AgentStreamError, messageOf } from '../core/errors'

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
  /**
   * A frame longer than this (bytes of an unfinished line plus characters of its data) is skipped with a
   * `malformed-frame` error, and decoding goes on after it, so that a line that never ends can't fill the memory.
   * @default 32 MiB (a tool result with a large image fits)
   */
  maxFrameLength?: number
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

const EXCERPT_LENGTH = 200
const LINE_BREAK = /\r\n|\r|\n/

/**
 * Creates an SSE decoder that follows the WHATWG framing rules: `data`/`event`/`id` fields (`retry` is read and
 * ignored), CR, LF or CRLF line ends, comments, multi-line data, and a BOM at the start of the stream.
 * @example
 * const decoder = createEventStreamDecoder({ onEvent: (value) => events.push(value) })
 * decoder.push(new TextEncoder().encode('data:{"type":"AGENT_START"}\n\n'))
 */
export function createEventStreamDecoder(options: EventStreamDecoderOptions): EventStreamDecoder {
  const { onEvent, onError, signal, maxFrameLength = 32 * 1024 * 1024 } = options
  // In streaming mode it keeps a UTF-8 sequence cut between chunks, and drops the BOM at the start of the stream only.
  const text = new TextDecoder()
  let lastEventId = ''
  let event = ''
  let data: string | undefined
  // The text after the last line break, and whether that break was a CR (whose LF may open the next chunk).
  let partialLine = ''
  let afterCarriageReturn = false
  // The bytes of chunks with no line break yet, decoded once one arrives: decoding and scanning each chunk as it comes
  // would go over a long line again on every chunk, which is quadratic. One buffer that doubles, not a list of the
  // chunks: a server that sends a byte at a time made a list hold 250 bytes a byte (8 GB before the length limit).
  let held = new Uint8Array(0)
  let heldBytes = 0

  function hold(chunk: Uint8Array): void {
    if (heldBytes + chunk.length > held.length) {
      const grown = new Uint8Array(Math.max(2 * held.length, heldBytes + chunk.length, 1024))
      grown.set(held.subarray(0, heldBytes))
      held = grown
    }
    held.set(chunk, heldBytes)
    heldBytes += chunk.length
  }
  // Past the length limit: the rest of the frame, up to its blank line, is dropped unread.
  let skipping = false

  function skipFrame(): void {
    onError?.(
      new AgentStreamError(
        'malformed-frame',
        `An SSE frame is longer than ${maxFrameLength} characters: it was skipped (each frame must end with a blank line).`,
        { eventType: event || undefined },
      ),
    )
    skipping = true
    data = undefined
    partialLine = ''
    held = new Uint8Array(0)
    heldBytes = 0
  }

  function dispatch(): void {
    const frameData = data
    data = undefined
    const frame: EventStreamFrame = { event: event || 'message', id: lastEventId }
    event = ''
    // comment-only, retry-only and empty frames carry no event
    if (frameData === undefined || frameData.trim() === '' || signal?.aborted) return
    let value: unknown
    try {
      value = JSON.parse(frameData)
    } catch (error) {
      onError?.(malformedFrameError(frameData, frame, error))
      return
    }
    onEvent(value, frame)
  }

  function readLine(line: string): void {
    if (skipping) {
      if (line === '') skipping = false
      data = undefined
      event = ''
      return
    }
    if (line === '') return dispatch()
    const colon = line.indexOf(':')
    // a line with no colon is a field name with an empty value; one that starts with a colon is a comment (a heartbeat)
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1)
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`
    else if (field === 'event') event = value
    // retry: is ignored: a POST that carries user input is never reconnected (protocol §9.1)
    else if (field === 'id' && !value.includes('\0')) lastEventId = value
  }

  return {
    push(chunk) {
      if (chunk.indexOf(10) === -1 && chunk.indexOf(13) === -1) {
        if (skipping || chunk.length === 0) return
        hold(chunk)
        if (heldBytes + partialLine.length + (data?.length ?? 0) > maxFrameLength) skipFrame()
        return
      }
      if (heldBytes > 0) {
        hold(chunk)
        chunk = held.subarray(0, heldBytes)
        held = new Uint8Array(0)
        heldBytes = 0
      }
      let decoded = text.decode(chunk, { stream: true })
      if (afterCarriageReturn && decoded.startsWith('\n')) decoded = decoded.slice(1)
      afterCarriageReturn = decoded.endsWith('\r')
      const lines = decoded.split(LINE_BREAK)
      lines[0] = partialLine + (lines[0] as string)
      partialLine = lines.pop() as string
      for (const line of lines) readLine(line)
      if (skipping) partialLine = ''
      else if (partialLine.length + (data?.length ?? 0) > maxFrameLength) skipFrame()
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

function ignore(): void {}
