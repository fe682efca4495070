import { AgentStreamError, messageOf } from '../core/errors'
import type { Msg } from '../core/message'
import { FULL_CAPABILITIES } from './agent-transport'
import type { AgentTransport, RunEnd, RunHandlers, RunRequest, TransportCapabilities } from './agent-transport'
import { fetchHistory } from './fetch-history'
import { readEventStream } from './read-event-stream'
import { bodyExcerpt, createEndWatch, incompleteStreamError } from './stream-endings'

/** Options of {@link createSseTransport}. */
export interface SseTransportOptions {
  /** Base URL of the bridge; runs go to `{url}/sessions/{sessionId}/runs`. @example '/api' */
  readonly url: string
  /** The AgentScope session; one per chat. @default a random UUID */
  readonly sessionId?: string
  /** Extra request headers, or a function returning them (for a fresh auth token per request). */
  readonly headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)
  /** @default 'same-origin' */
  readonly credentials?: RequestCredentials
  /** Injected `fetch`, for tests or instrumentation. @default globalThis.fetch */
  readonly fetch?: typeof fetch
  /**
   * How long a stream that stays open after the top-level AGENT_END is read on before the run counts as over (a new
   * AGENT_START within it opens the run again). Without it, such a server would keep the chat streaming.
   * @default 2000 ms
   */
  readonly endGraceMs?: number
}

/** The native event bridge transport, with its session id. */
export interface SseTransport extends AgentTransport {
  readonly sessionId: string
  loadHistory(): Promise<Msg[]>
  /** A run of a subagent exposed with `expose_to_user`: `POST {url}/subagents/{subagentId}/runs`, the same body and frames. */
  runSubagent(subagentId: string, request: RunRequest, handlers: RunHandlers): Promise<RunEnd>
}

// Measured against AgentScope 2.0.2 and 2.0.0 (test/interop): everything except picking up a dropped stream. A
// subagent's confirmation goes to `{url}/subagents/{subagentId}/runs` (the example's bridge to the harness gateway).
// On 2.0.2 with an AgentStateStore, an "always allow" rule holds for the resumed call only (upstream rebuilds the
// permission engine from the stored state at each call and the rule is not stored); it is carried all the same.
const NATIVE_CAPABILITIES: TransportCapabilities = { ...FULL_CAPABILITIES, resume: false }

function bodyOf(request: RunRequest): unknown {
  switch (request.kind) {
    case 'message': {
      return { msgs: request.messages }
    }
    case 'confirm': {
      return { confirmResults: request.confirmResults }
    }
    case 'tool-results': {
      return { toolResults: request.toolResults }
    }
    default: {
      request satisfies never
      return undefined
    }
  }
}

// A denial goes through even when its call's arguments are nested too deeply to write as JSON (only a server past its
// own parser's limits sends such): they are not needed to deny it. An approval of such a call is refused in words.
function requestBody(request: RunRequest): string {
  try {
    return JSON.stringify(bodyOf(request))
  } catch (error) {
    if (request.kind !== 'confirm')
      throw new AgentStreamError('refused', `This request cannot be sent as JSON: ${messageOf(error)}`, { cause: error })
    try {
      const results = request.confirmResults.map((result) => (result.confirmed ? result : { ...result, toolCall: { ...result.toolCall, input: {} } }))
      return JSON.stringify({ confirmResults: results })
    } catch {
      throw new AgentStreamError(
        'refused',
        `This answer cannot be sent (${messageOf(error)}): the arguments of a call you approved are nested too deeply to write back. Deny that call instead.`,
        { cause: error },
      )
    }
  }
}

/**
 * A transport for AgentScope's native event bridge (protocol §9.1): POST a run, read its
 * `text/event-stream`, and stop through the interrupt endpoint.
 *
 * It reads the body with the kit's own `readEventStream` over a plain `fetch` rather than
 * `@microsoft/fetch-event-source`'s `fetchEventSource()`: that function aborts on tab hide and re-sends the
 * POST on return unless `openWhenHidden: true` (Azure/fetch-event-source#36), retries forever when
 * `onerror` returns (#79), and needs `window`. Here the stream stays open when the tab is hidden,
 * as with `openWhenHidden: true`, and a POST that carries user input is never sent twice.
 */
export function createSseTransport(options: SseTransportOptions): SseTransport {
  const sessionId = options.sessionId ?? globalThis.crypto.randomUUID()
  const base = options.url.replace(/\/+$/, '')
  const endpoint = (path: string) => `${base}/sessions/${encodeURIComponent(sessionId)}${path}`
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const credentials = options.credentials ?? 'same-origin'

  async function headers(extra: Record<string, string>): Promise<Record<string, string>> {
    const custom = typeof options.headers === 'function' ? await options.headers() : options.headers
    return { ...extra, ...custom }
  }

  async function request(url: string, init: RequestInit, what: string): Promise<Response> {
    let response: Response
    try {
      response = await fetchImpl(url, { credentials, ...init })
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw new AgentStreamError('network-error', `Could not reach the agent server (${what} ${url}): ${messageOf(error)}`, {
        cause: error,
      })
    }
    if (!response.ok) {
      const body = await bodyExcerpt(response)
      const message = `The agent server answered ${response.status} ${response.statusText} to ${what}${body ? `: ${body}` : ''}`
      throw new AgentStreamError('http-error', message, { status: response.status, body })
    }
    return response
  }

  function run(runRequest: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    return runAt(endpoint('/runs'), runRequest, handlers)
  }

  function runSubagent(subagentId: string, runRequest: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    return runAt(`${base}/subagents/${encodeURIComponent(subagentId)}/runs`, runRequest, handlers)
  }

  async function runAt(url: string, runRequest: RunRequest, handlers: RunHandlers): Promise<RunEnd> {
    const { signal } = handlers
    let response: Response
    try {
      response = await request(
        url,
        {
          method: 'POST',
          headers: await headers({ 'content-type': 'application/json', accept: 'text/event-stream' }),
          body: requestBody(runRequest),
          signal,
        },
        'the run',
      )
    } catch (error) {
      if (signal.aborted) return 'aborted'
      throw error
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.toLowerCase().startsWith('text/event-stream')) {
      const body = await bodyExcerpt(response)
      throw new AgentStreamError(
        'wrong-content-type',
        `Expected a text/event-stream response, got "${contentType || 'no content type'}": is the URL the event bridge?${body ? ` ${body}` : ''}`,
        { status: response.status, body },
      )
    }
    handlers.onOpen?.()
    let ended = false
    // Reading stops when the caller aborts, or when the grace after the end has passed with no event.
    const reading = new AbortController()
    const stopReading = () => reading.abort()
    signal.addEventListener('abort', stopReading, { once: true })
    let grace: ReturnType<typeof setTimeout> | undefined
    const seeEnd = createEndWatch()
    try {
      await readEventStream(response, {
        signal: reading.signal,
        onEvent: (value) => {
          const wasEnded = ended
          ended = seeEnd(value)
          // Armed once at the end, cancelled by a new top-level start: events after the end do not keep it open.
          if (ended !== wasEnded) {
            clearTimeout(grace)
            grace = ended ? setTimeout(stopReading, options.endGraceMs ?? 2000) : undefined
          }
          handlers.onEvent(value)
        },
        onError: handlers.onError,
        onActivity: handlers.onActivity,
      })
    } catch (error) {
      // A cut after the top-level AGENT_END lost nothing: the run is complete, whatever the terminator.
      if (ended && error instanceof AgentStreamError && error.code === 'network-error') return 'ended'
      // The stream was open and broke off: what the user sees is a reply cut short.
      if (!(error instanceof AgentStreamError) || error.code !== 'network-error') throw error
      throw new AgentStreamError(
        'incomplete-stream',
        `The reply was cut off before AGENT_END (${error.message}); everything received until then is kept.`,
        { cause: error },
      )
    } finally {
      clearTimeout(grace)
      signal.removeEventListener('abort', stopReading)
    }
    if (signal.aborted) return 'aborted'
    if (!ended) {
      throw incompleteStreamError()
    }
    return 'ended'
  }

  async function interrupt(): Promise<void> {
    await request(endpoint('/interrupt'), { method: 'POST', headers: await headers({ accept: 'application/json' }) }, 'the interrupt')
  }

  async function loadHistory(): Promise<Msg[]> {
    return fetchHistory(fetchImpl, endpoint('/messages'), await headers({}), { credentials })
  }

  return { sessionId, capabilities: NATIVE_CAPABILITIES, run, runSubagent, interrupt, loadHistory }
}
