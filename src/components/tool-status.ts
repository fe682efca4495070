import type { ToolResultEntry, ToolUseEntry } from '../core/state'

/** Where a tool call stands, for its badge and `data-status`. */
export type ToolCallStatus = 'preparing' | 'pending' | 'asking' | 'running' | 'awaiting' | 'success' | 'error' | 'denied' | 'interrupted'

/**
 * The status of a call from its latest result: every card has a terminal state, so a call the agent
 * can no longer act on (`active` false: its turn ended without a result) shows `interrupted`.
 */
export function toolCallStatus(call: ToolUseEntry, result: ToolResultEntry | undefined, active: boolean): ToolCallStatus {
  if (result === undefined) {
    if (call.block.state === 'asking') return 'asking'
    if (!active) return 'interrupted'
    if (call.status === 'streaming') return 'preparing'
    return call.block.state === 'allowed' ? 'running' : 'pending'
  }
  if (result.status === 'streaming') return active ? 'running' : 'interrupted'
  const state = result.block.state
  if (state === 'running') return result.block.metadata.agentscope_suspended === true ? 'awaiting' : 'running'
  return state
}
