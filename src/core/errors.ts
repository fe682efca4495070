/** What went wrong, as a stable code a UI can switch on. */
export type AgentStreamErrorCode =
  | 'invalid-event'
  | 'malformed-frame'
  | 'http-error'
  | 'wrong-content-type'
  | 'incomplete-stream'
  | 'network-error'
  | 'refused'
  | 'reducer-failed'
  | 'timeout'
  | 'invalid-history'
  | 'render-failed'

/** Details that come with an error, when they are known. */
export interface AgentStreamErrorDetails {
  /** The event type at fault, for `invalid-event`. */
  readonly eventType?: string
  /** The id of the event at fault, when it has one. */
  readonly eventId?: string
  /** The field at fault, as a path (`toolCalls[1].id`). */
  readonly field?: string
  /** HTTP status, for `http-error`. */
  readonly status?: number
  /** Response body text (truncated), for `http-error`. */
  readonly body?: string
  readonly cause?: unknown
}

/** The message of a caught value: an Error's own, an object's JSON (a server's error object), else the value as a string. */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) {
    if (typeof error !== 'object' || error === null) return String(error)
    try {
      return JSON.stringify(error).slice(0, 500)
    } catch {
      return String(error)
    }
  }
  // Node's fetch says only "fetch failed": the cause says why (refused, a reset, "redirect count exceeded")
  const cause: unknown = error.cause
  return cause instanceof Error && cause.message !== '' && !error.message.includes(cause.message)
    ? `${error.message} (${cause.message})`
    : error.message
}

/** An error from the event stream; its message says what happened and what to fix. */
export class AgentStreamError extends Error {
  override readonly name = 'AgentStreamError'
  // `declare`d: the constructor assigns every field, and a field declaration would be emitted again in the bundle
  declare readonly code: AgentStreamErrorCode
  declare readonly eventType: string | undefined
  declare readonly eventId: string | undefined
  declare readonly field: string | undefined
  declare readonly status: number | undefined
  declare readonly body: string | undefined

  constructor(code: AgentStreamErrorCode, message: string, details: AgentStreamErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.eventType = details.eventType
    this.eventId = details.eventId
    this.field = details.field
    this.status = details.status
    this.body = details.body
  }
}
