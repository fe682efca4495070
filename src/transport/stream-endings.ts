import { AgentStreamError } from '../core/errors'

const BODY_EXCERPT = 500
const END_TYPES: ReadonlySet<unknown> = new Set(['AGENT_END', 'REPLY_END', 'RUN_FINISHED'])

/** Whether a wire value is the top-level AGENT_END (legacy names included) that completes a run. */
export function isTopLevelEnd(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { type, source } = value as { type?: unknown; source?: unknown }
  return END_TYPES.has(type) && !source
}

/** The error of a stream that closed before its top-level AGENT_END. */
export function incompleteStreamError(): AgentStreamError {
  return new AgentStreamError(
    'incomplete-stream',
    'The stream closed before AGENT_END: the reply is incomplete (the server failed or the connection dropped).',
  )
}

/** The start of a response body, for an error message; never throws. */
export async function bodyExcerpt(response: Response): Promise<string> {
  try {
    const text = await response.text()
    return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}…` : text
  } catch {
    return ''
  }
}
