import type { AgentStreamError } from './errors'
import { isLocalEventValue, parseLocalEvent } from './local-events'
import { parseAgentEvent } from './parse-event'
import { inScopeBatch } from './scope-batch'
import { endStream, reduce } from './reduce'
import { createAgentState } from './state'
import type { AgentState } from './state'
import { toSnapshot } from './snapshot'
import type { AgentSnapshot } from './snapshot'

/** Options of {@link replayEvents}. */
export interface ReplayOptions {
  /**
   * Called for each value that is not a valid event, or whose handler failed (`reducer-failed`), with its
   * index; it is skipped and the replay goes on.
   */
  readonly onError?: (error: AgentStreamError, index: number) => void
  /** Close open turns as `incomplete` at the end, as when the stream closed. @default true */
  readonly endOfStream?: boolean
}

/**
 * Applies recorded values to a state in order: wire events, and the kit's own `USER_MESSAGE` local events
 * (a log exported from a session holds both); invalid ones are reported and skipped.
 */
export function applyEvents(state: AgentState, values: readonly unknown[], options: ReplayOptions = {}): AgentState {
  const next = inScopeBatch(() => {
    let folded = state
    values.forEach((value, index) => {
      const parsed = isLocalEventValue(value) ? parseLocalEvent(value) : parseAgentEvent(value)
      const onError = options.onError === undefined ? undefined : (error: AgentStreamError) => options.onError?.(error, index)
      if (parsed.ok) folded = reduce(folded, parsed.event, onError)
      else options.onError?.(parsed.error, index)
    })
    return folded
  })
  return options.endOfStream === false ? next : endStream(next)
}

/** The snapshot after parsing and reducing a recorded event log and ending the stream. */
export function replayEvents(values: readonly unknown[], options: ReplayOptions = {}): AgentSnapshot {
  return toSnapshot(applyEvents(createAgentState(), values, options))
}
