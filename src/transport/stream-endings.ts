import { AgentStreamError } from '../core/errors'

const BODY_EXCERPT = 500
const EXCERPT_WAIT_MS = 1000
const END_TYPES: ReadonlySet<unknown> = new Set(['AGENT_END', 'REPLY_END', 'RUN_FINISHED'])
const START_TYPES: ReadonlySet<unknown> = new Set(['AGENT_START', 'REPLY_START', 'RUN_STARTED'])

/**
 * Watches a run's values for its end: `see(value)` says whether the run is complete once `value` came. The top-level
 * AGENT_END (legacy names included) of the run's top-level AGENT_START completes it; one with another replyId (a late
 * or replayed end of an earlier call) does not, and a top-level AGENT_START opens the run again, so that a cut after
 * a later turn is still a cut. An end without a replyId (optional, §4.1) completes it; one whose replyId is not a
 * string (which the parser refuses) completes nothing.
 */
export function createEndWatch(): (value: unknown) => boolean {
  let ended = false
  // The replyId of the open top-level start: undefined before any (a stream joined midway) or when it has none.
  let opened: string | undefined
  return (value) => {
    if (typeof value !== 'object' || value === null) return ended
    const { type, source, replyId } = value as { type?: unknown; source?: unknown; replyId?: unknown }
    if (source) return ended
    if (START_TYPES.has(type)) {
      ended = false
      opened = typeof replyId === 'string' ? replyId : undefined
    } else if (
      END_TYPES.has(type) &&
      (type === 'RUN_FINISHED' || replyId == null || (typeof replyId === 'string' && (opened === undefined || replyId === opened)))
    ) {
      ended = true
    }
    return ended
  }
}

/** The error of a stream that closed before its top-level AGENT_END. */
export function incompleteStreamError(): AgentStreamError {
  return new AgentStreamError(
    'incomplete-stream',
    'The stream closed before AGENT_END: the reply is incomplete (the server failed or the connection dropped).',
  )
}

/**
 * The start of a response body, for an error message; never throws. It reads no more than the excerpt needs, and
 * waits at most a second for it: an error page may be huge, or never end.
 */
export async function bodyExcerpt(response: Response): Promise<string> {
  let text = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  try {
    // inside: a body already read, or locked, throws here
    reader = response.body?.getReader()
    const decoder = new TextDecoder()
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, EXCERPT_WAIT_MS, null)))
    while (reader !== undefined && text.length <= BODY_EXCERPT) {
      const chunk = await Promise.race([reader.read(), late])
      if (chunk === null || chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
    }
  } catch {
    // what arrived before the body failed is the excerpt
  } finally {
    clearTimeout(timer)
    reader?.cancel().catch(() => {})
  }
  return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}…` : text
}
