import { isJsonObject } from '../core/is-json-object'
import type { RunHandlers } from './agent-transport'

/**
 * The handlers of a run on an exposed subagent: its events arrive top level (it is the agent of that run), so each
 * one without a `source` gets the subagent's and lands in the lane its first run opened. Events of the subagent's
 * own children keep theirs: AgentScope names them after the subagent's session (`{sub-session}/{child}`) in both runs.
 */
export function withSubagentSource(handlers: RunHandlers, source: string): RunHandlers {
  return {
    ...handlers,
    onEvent: (value) => {
      handlers.onEvent(isJsonObject(value) && typeof (value as { source?: unknown }).source !== 'string' ? { ...value, source } : value)
    },
  }
}
