/**
 * The first steps of a resume call (protocol §6.4, §6.5): the echo event, then the user's decisions
 * applied the way `applyConfirmResults` does, or the client's tool results added to the context.
 */
import type { ConfirmResult, Msg, ToolResultBlock, ToolUseBlock } from '../core'
import { executeTools, pauseForConfirmation } from './acting'
import { replaceMessage, storeToolResult, updateToolUse, type RunContext } from './agent-session'

/** After a resume's first steps the call is either finished (paused again, or stopped) or the model reasons again. */
export type Continuation =
  { readonly kind: 'finished'; readonly result: Msg } | { readonly kind: 'reason'; readonly results: readonly ToolResultBlock[] }

/** Text of the silent DENIED result written for a call the user denied. */
export const PERMISSION_DENIED_BY_USER = 'Permission denied by user'

/** Applies validated ConfirmResults: re-asks for what is left, stops when all are denied, or runs the allowed calls. */
export async function resumeConfirmation(run: RunContext, confirmResults: readonly ConfirmResult[]): Promise<Continuation> {
  const { session, writer, thread } = run
  const pending = session.pending
  if (pending?.kind !== 'confirm') throw new Error('resumeConfirmation() needs a pending confirmation')
  const echo = { replyId: pending.replyId, confirmResults }
  await writer.emit('USER_CONFIRM_RESULT', echo, { ticks: 1, interruptible: false })

  const denied: ToolResultBlock[] = []
  for (const result of confirmResults) {
    const entry = pending.calls.find((candidate) => candidate.call.id === result.toolCall.id)
    if (entry === undefined) continue
    if (result.confirmed) {
      // the stored call is replaced by the client's, edits included (`applyConfirmResults`)
      entry.call = { ...result.toolCall, state: 'allowed' }
      entry.decision = 'allowed'
      const approved = entry.call
      updateToolUse(session, approved.id, () => approved)
      for (const rule of result.rules ?? []) if (rule.behavior === 'allow') session.rules.push(rule)
    } else {
      entry.decision = 'denied'
      const deniedResult: ToolResultBlock = {
        type: 'tool_result',
        id: entry.call.id,
        name: entry.call.name,
        output: [{ type: 'text', text: PERMISSION_DENIED_BY_USER }],
        metadata: {},
        state: 'denied',
      }
      storeToolResult(session, deniedResult)
      denied.push(deniedResult)
    }
  }

  if (pending.calls.some((entry) => entry.decision === 'asking')) {
    pending.replyId = session.ids.hex()
    return { kind: 'finished', result: await pauseForConfirmation(run, true) }
  }
  session.pending = null
  replaceMessage(session, pending.messageId, (message) => ({
    ...message,
    metadata: withoutPauseMetadata(message.metadata),
  }))

  const allowed = pending.calls.filter((entry) => entry.decision === 'allowed').map((entry) => entry.call)
  if (allowed.length === 0) {
    if (thread.scenario.allDenied === 'stop') {
      // denied calls keep their `asking` state, as upstream leaves them
      return stopAllDenied(
        run,
        pending.messageId,
        pending.calls.map((entry) => ({ ...entry.call, state: 'asking' })),
      )
    }
    thread.iteration += 1
    return { kind: 'reason', results: denied }
  }
  const outcome = await executeTools(run, allowed, session.ids.hex())
  if (outcome.kind === 'paused') return { kind: 'finished', result: outcome.result }
  thread.iteration += 1
  const order = pending.calls.map((entry) => entry.call.id)
  const results = [...denied, ...outcome.results].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  return { kind: 'reason', results }
}

// ReActAgent sends ALL_TOOLS_DENIED only through the onActing middlewares; this is what a middleware that
// forwards it (and asks to stop) puts on the wire, as in the all-tools-denied fixture.
async function stopAllDenied(run: RunContext, messageId: string, calls: readonly ToolUseBlock[]): Promise<Continuation> {
  const { session, writer } = run
  await writer.emit('ALL_TOOLS_DENIED', { deniedToolCalls: calls }, { ticks: 1, interruptible: false })
  await writer.emit(
    'REQUEST_STOP',
    { reason: 'all tool calls were denied by the user', generateReason: 'ALL_TOOLS_DENIED' },
    { ticks: 0.5, interruptible: false },
  )
  const result = replaceMessage(session, messageId, (message) => ({
    ...message,
    metadata: { ...message.metadata, agentscope_generate_reason: 'ALL_TOOLS_DENIED' },
  }))
  if (result === undefined) throw new Error(`The paused message ${messageId} is not in the context`)
  return { kind: 'finished', result }
}

function withoutPauseMetadata(metadata: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const rest = { ...metadata }
  delete rest.agentscope_confirm_request_reply_id
  delete rest.agentscope_generate_reason
  return rest
}

/** Adds validated external results to the context; the model then reasons over them. */
export async function resumeExternal(run: RunContext, toolResults: readonly ToolResultBlock[]): Promise<Continuation> {
  const { session, writer, thread } = run
  const pending = session.pending
  if (pending?.kind !== 'external') throw new Error('resumeExternal() needs a pending external execution')
  const echo = { replyId: pending.replyId, toolResults }
  await writer.emit('EXTERNAL_EXECUTION_RESULT', echo, { ticks: 1, interruptible: false })
  session.pending = null
  for (const result of toolResults) {
    storeToolResult(session, result)
    updateToolUse(session, result.id, (block) => ({ ...block, state: 'allowed' }))
  }
  thread.iteration += 1
  return { kind: 'reason', results: toolResults }
}
