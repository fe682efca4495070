import type { ConfirmationDecision } from '../core/build-message'
import type { ToolResultBlock } from '../core/message'
import type { AgentState, PendingToolCalls } from '../core/state'

// Each guard names what is wrong with an action right now, or returns null when it may go ahead.

/** Why a message cannot be sent now. */
export function sendProblem(busy: boolean, agent: AgentState): string | null {
  if (busy) return 'The agent is still answering: wait for it or stop it before sending another message.'
  if (agent.pendingConfirmation !== null) {
    return 'The agent is waiting for you to approve or deny its tool calls: answer them before sending a message.'
  }
  if (agent.pendingExternalExecution !== null) {
    return 'The agent is waiting for the results of tools run on your side: submit them before sending a message.'
  }
  return null
}

/** Why these answers cannot be sent now. */
export function confirmProblem(busy: boolean, pending: PendingToolCalls | null, decisions: readonly ConfirmationDecision[]): string | null {
  if (busy) return 'An answer is already on its way.'
  if (pending === null) return 'No tool call is waiting for confirmation.'
  if (decisions.length === 0) return 'Answer at least one of the pending tool calls.'
  return idsProblem(
    pending,
    decisions.map((decision) => decision.toolCallId),
    (id) => `Tool call ${id} was answered twice.`,
    (id) => `Tool call ${id} is not waiting for confirmation.`,
  )
}

/** Why these tool results cannot be sent now. */
export function resultsProblem(busy: boolean, pending: PendingToolCalls | null, blocks: readonly ToolResultBlock[]): string | null {
  if (busy) return 'The results are already on their way.'
  if (pending === null) return 'No tool call is waiting for external execution.'
  if (blocks.length === 0) return 'Submit at least one tool result.'
  return idsProblem(
    pending,
    blocks.map((block) => block.id),
    (id) => `Tool call ${id} has two results.`,
    (id) => `Tool call ${id} is not waiting for external execution.`,
  )
}

function idsProblem(
  pending: PendingToolCalls,
  ids: readonly string[],
  twice: (id: string) => string,
  unknown: (id: string) => string,
): string | null {
  const waiting = new Set(pending.toolCalls.map((call) => call.id))
  const seen = new Set<string>()
  let problem: string | null = null
  // The last problem wins, as each id is checked in turn.
  for (const id of ids) {
    if (seen.has(id)) problem = twice(id)
    else if (!waiting.has(id)) problem = unknown(id)
    seen.add(id)
  }
  return problem
}
