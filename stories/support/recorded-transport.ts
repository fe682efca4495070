import type { RecordedScript } from './recorded-script'

/** One HTTP request a transport made to the scripted server, with the response body as it came. */
export interface RecordedExchange {
  readonly method: string
  /** The path after the transport's base URL, with the task id replaced by `{id}`, e.g. `/tasks/{id}/events`. */
  readonly path: string
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/** A run recorded through a real transport by `stories/record-transport-bodies.ts`. */
export interface RecordedTransportBody {
  readonly protocol: 'agui' | 'agent-protocol'
  /** The scenario name (`src/testing/scenario-catalog.ts`). */
  readonly scenario: string
  /** The message that was sent. */
  readonly text: string
  readonly exchanges: readonly RecordedExchange[]
}

const MODULES = import.meta.glob<RecordedTransportBody>('../scripts/transports/*.json', { eager: true, import: 'default' })

/** A recorded transport body by file name (`stories/scripts/transports/<name>.json`). */
export function recordedTransportBody(name: string): RecordedTransportBody {
  const found = Object.entries(MODULES).find(([path]) => path.endsWith(`/${name}.json`))
  if (found === undefined) throw new Error(`No stories/scripts/transports/${name}.json: run \`npx tsx stories/record-transport-bodies.ts\`.`)
  return found[1]
}

/** The SSE frames of a body: each frame with its blank-line terminator, so they can be enqueued one by one. */
export function sseFrames(body: string): string[] {
  return body
    .split(/\r?\n\r?\n/)
    .filter((frame) => frame.trim() !== '')
    .map((frame) => `${frame}\n\n`)
}

/** A recorded native-bridge call (`stories/scripts/*.json`) serialized as the bridge sends it: `data:{json}` frames. */
export function nativeBridgeFrames(script: RecordedScript, call = 0): string[] {
  return (script.calls[call] ?? []).map((event) => `data:${JSON.stringify(event)}\n\n`)
}

/** Options of {@link pacedBody}. */
export interface PacedBodyOptions {
  /** Wait between frames. @default 30 */
  readonly frameMs?: number
  /** After this many frames the stream errors, as a dropped connection does. */
  readonly breakAfter?: number
  /** The request's signal: aborting it errors the body, as fetch does. */
  readonly signal?: AbortSignal | null
}

/** A `ReadableStream` that enqueues one frame every `frameMs`, so a replayed body streams like a live one. */
export function pacedBody(frames: readonly string[], options: PacedBodyOptions = {}): ReadableStream<Uint8Array> {
  const { frameMs = 30, breakAfter, signal } = options
  const encoder = new TextEncoder()
  let timer: ReturnType<typeof setTimeout> | undefined
  let index = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const abort = () => {
        clearTimeout(timer)
        try {
          controller.error(new DOMException('The request was aborted', 'AbortError'))
        } catch {
          // already closed
        }
      }
      if (signal?.aborted) return abort()
      signal?.addEventListener('abort', abort, { once: true })
      const next = () => {
        if (signal?.aborted) return
        if (breakAfter !== undefined && index >= breakAfter) {
          signal?.removeEventListener('abort', abort)
          controller.error(new TypeError('network error: the connection was reset (replayed drop)'))
          return
        }
        if (index >= frames.length) {
          signal?.removeEventListener('abort', abort)
          controller.close()
          return
        }
        controller.enqueue(encoder.encode(frames[index]))
        index += 1
        timer = setTimeout(next, frameMs)
      }
      timer = setTimeout(next, frameMs)
    },
    cancel() {
      clearTimeout(timer)
    },
  })
}

/** A response with a paced SSE body. */
export function sseResponse(frames: readonly string[], options: PacedBodyOptions = {}): Response {
  return new Response(pacedBody(frames, options), { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

/** A recorded non-streaming exchange, answered as it was. */
export function recordedResponse(exchange: RecordedExchange): Response {
  const empty = exchange.status === 204 || exchange.status === 304
  return new Response(empty ? null : exchange.body, { status: exchange.status, headers: { 'content-type': exchange.contentType } })
}

/** The path of a request after the transport's base URL, with the id in `/tasks/{id}` made generic. */
export function genericPath(input: RequestInfo | URL, base: string): string {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://story.invalid')
  const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname
  return path.replace(/^\/tasks\/[^/]+/, '/tasks/{id}')
}
