/**
 * A small client for the scripted server tests: real loopback HTTP with fetch, SSE read by the kit's own
 * `readEventStream`, plus the raw body text so tests can look at the bytes.
 */
import { confirmResult, toolResultBlock, userMessage, type ConfirmationDecision, type ToolUseBlock } from '../../src/core'
import { readEventStream } from '../../src/transport/read-event-stream'

/** One event as received: a parsed JSON object. */
export type WireEvent = Record<string, unknown> & { readonly type: string }

/** What a POST …/runs answered. */
export interface RunResult {
  readonly status: number
  readonly contentType: string
  /** The SSE events, parsed (empty for a JSON reply). */
  readonly events: WireEvent[]
  /** The body text as sent. */
  readonly raw: string
  /** The JSON body of a non-SSE reply. */
  readonly json: unknown
  /** The error that ended reading the stream, when it broke off. */
  readonly readError: unknown
}

/** Options of {@link postRun}. */
export interface PostRunOptions {
  readonly signal?: AbortSignal
  /** Called with each event as it arrives. */
  readonly onEvent?: (event: WireEvent) => void
}

/** POSTs a run body and reads the whole answer. */
export async function postRun(baseUrl: string, sessionId: string, body: unknown, options: PostRunOptions = {}): Promise<RunResult> {
  const response = await fetch(`${baseUrl}/sessions/${encodeURIComponent(sessionId)}/runs`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  })
  const contentType = response.headers.get('content-type') ?? ''
  if (!contentType.startsWith('text/event-stream')) {
    const raw = await response.text()
    return { status: response.status, contentType, events: [], raw, json: JSON.parse(raw), readError: undefined }
  }
  const events: WireEvent[] = []
  const copy = response.clone()
  const [rawResult, readResult] = await Promise.allSettled([
    textUntilBroken(copy),
    readEventStream(response, {
      signal: options.signal,
      onEvent: (value) => {
        events.push(value as WireEvent)
        options.onEvent?.(value as WireEvent)
      },
    }),
  ])
  return {
    status: response.status,
    contentType,
    events,
    raw: rawResult.status === 'fulfilled' ? rawResult.value : '',
    json: undefined,
    readError: readResult.status === 'rejected' ? readResult.reason : undefined,
  }
}

// Response.text() rejects when the stream breaks off; this keeps what arrived before.
async function textUntilBroken(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } catch {
    // the rest never came
  }
  return text
}

/** A `{ msgs: [userMessage] }` body. */
export function message(text: string): { msgs: unknown[] } {
  return { msgs: [userMessage(text)] }
}

/** The tool calls of the last REQUIRE_USER_CONFIRM or REQUIRE_EXTERNAL_EXECUTION in these events. */
export function requestedCalls(events: readonly WireEvent[], type: 'REQUIRE_USER_CONFIRM' | 'REQUIRE_EXTERNAL_EXECUTION'): ToolUseBlock[] {
  const request = events.filter((event) => event.type === type).at(-1)
  if (request === undefined) throw new Error(`No ${type} in the stream`)
  return request.toolCalls as ToolUseBlock[]
}

/** A `{ confirmResults }` body answering each requested call in order. */
export function confirmBody(
  calls: readonly ToolUseBlock[],
  decisions: readonly Omit<ConfirmationDecision, 'toolCallId'>[],
): { confirmResults: unknown[] } {
  return { confirmResults: decisions.map((decision, index) => confirmResult(calls[index] as ToolUseBlock, decision)) }
}

/** A `{ toolResults }` body returning the same text for each requested call. */
export function externalBody(calls: readonly ToolUseBlock[], text: string): { toolResults: unknown[] } {
  return { toolResults: calls.map((call) => toolResultBlock(call.id, text, { name: call.name })) }
}

/** The events of one type. */
export function ofType(events: readonly WireEvent[], type: string): WireEvent[] {
  return events.filter((event) => event.type === type)
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
