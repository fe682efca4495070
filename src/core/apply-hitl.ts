import type {
  AllToolsDeniedEvent,
  ExternalExecutionResultEvent,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  UserConfirmResultEvent,
} from './events'
import type { ToolResultBlock, ToolUseBlock } from './message'
import { newToolUseEntry } from './apply-tools'
import { argumentsText } from './tool-arguments'
import { withFlag, withStateFields } from './copy-records'
import type { AgentState, PendingToolCalls, Scope, SubagentPendingConfirmation, Turn } from './state'
import { MAIN_SCOPE } from './state'
import { appendEntry, currentTurn, enterTurn, findToolUse, inCurrentTurn, replaceCurrentTurn, updateToolUse, withScope } from './turns'

// Exactly what upstream writes into agent state for a call the user denied (§6.4); no event carries it.
const DENIED_BY_USER = 'Permission denied by user'

// Blocks synthesized from one event, several per event, are keyed "<event id>:<toolCallId>" (§7.9).
function synthesizedKey(turn: Turn, eventId: string | undefined, toolCallId: string): string {
  return `${eventId || `${turn.id}#${turn.serial}`}:${toolCallId}`
}

function isEmptyObject(value: object): boolean {
  for (const _key in value) return false
  return true
}

function markAsking(scope: Scope, call: ToolUseBlock, eventId: string | undefined, createdAt: string | null): Scope {
  if (findToolUse(scope, call.id) === undefined) {
    const turn = currentTurn(scope)
    const block: ToolUseBlock = { ...call, state: 'asking' }
    const key = synthesizedKey(turn, eventId, call.id)
    const entry = { ...newToolUseEntry(key, block, 'done', createdAt), arguments: call.content ?? '' }
    return replaceCurrentTurn(scope, appendEntry(turn, entry))
  }
  return updateToolUse(scope, call.id, (entry) => {
    const adopt = isEmptyObject(entry.block.input)
    const block: ToolUseBlock = adopt
      ? { ...entry.block, state: 'asking', input: call.input, content: call.content }
      : { ...entry.block, state: 'asking' }
    return { ...entry, block }
  })
}

function markCurrentTurn(scope: Scope, update: (turn: Turn) => Turn): Scope {
  return replaceCurrentTurn(scope, update(currentTurn(scope)))
}

// A top-level request naming no call could never be answered: the chat would wait for ever, every action refused.
// (A subagent's may be empty: AG-UI on 2.0.2 sends only how many calls it asks about, and its lane says so.)
function refuseEmpty(event: RequireUserConfirmEvent | RequireExternalExecutionEvent): void {
  if (event.toolCalls.length === 0 && !event.source) throw new Error(`it names no tool call, so there is nothing to answer`)
}

/** REQUIRE_USER_CONFIRM: the calls become `asking`; the chat's pending confirmation, or a subagent's. */
export function applyRequireUserConfirm(state: AgentState, event: RequireUserConfirmEvent): AgentState {
  refuseEmpty(event)
  const entered = enterTurn(state, event)
  if (entered === undefined) return state
  let scope = entered
  for (const call of event.toolCalls) scope = markAsking(scope, call, event.id, event.createdAt ?? null)
  const request: PendingToolCalls = { requestReplyId: event.replyId ?? null, toolCalls: event.toolCalls }
  if (scope.key === MAIN_SCOPE) {
    scope = markCurrentTurn(scope, (turn) => withFlag(turn, 'askedConfirmation'))
    return withStateFields(withScope(state, scope), { pendingConfirmation: request })
  }
  const subagentRequest: SubagentPendingConfirmation = {
    source: scope.source ?? '',
    taskId: scope.taskId,
    ...request,
  }
  // Asked again (a resent event), a call is pending once: in the newest request.
  const asked = new Set(event.toolCalls.map((call) => call.id))
  const earlier = state.subagentPendingConfirmations.flatMap((pending) => {
    if (pending.source !== subagentRequest.source || pending.taskId !== subagentRequest.taskId) return [pending]
    const remaining = withoutToolCalls(pending, asked)
    return remaining === null ? [] : [remaining]
  })
  const requests = [...earlier, subagentRequest]
  return withStateFields(withScope(state, scope), { subagentPendingConfirmations: requests.slice(-SUBAGENT_REQUESTS_KEPT) })
}

/**
 * How many subagents' confirmation requests the state keeps, the newest: each new one is checked against them (a
 * resent request replaces its calls), so their count bounds its cost; 8,000 subagents asking took 5 s.
 */
export const SUBAGENT_REQUESTS_KEPT = 1000

function withoutToolCalls<T extends PendingToolCalls>(pending: T, covered: ReadonlySet<string>): T | null {
  const toolCalls = pending.toolCalls.filter((call) => !covered.has(call.id))
  if (toolCalls.length === pending.toolCalls.length) return pending
  return toolCalls.length === 0 ? null : { ...pending, toolCalls }
}

/** USER_CONFIRM_RESULT: approved calls take the (possibly edited) arguments; denied ones get upstream's silent DENIED result. */
export function applyUserConfirmResult(state: AgentState, event: UserConfirmResultEvent): AgentState {
  const entered = enterTurn(state, event)
  if (entered === undefined) return state
  let scope = entered
  const covered = new Set<string>()
  for (const { confirmed, toolCall } of event.confirmResults) {
    covered.add(toolCall.id)
    if (confirmed) {
      const content = toolCall.content ?? argumentsText(toolCall.input)
      scope = updateToolUse(scope, toolCall.id, (entry) => {
        const edited = content !== entry.block.content
        const block: ToolUseBlock = { ...entry.block, state: 'allowed', input: toolCall.input, content }
        return { ...entry, status: 'done', block, editedFrom: edited ? entry.block : entry.editedFrom }
      })
      continue
    }
    scope = markCurrentTurn(scope, (turn) => {
      const block: ToolResultBlock = {
        type: 'tool_result',
        id: toolCall.id,
        name: toolCall.name,
        output: [{ type: 'text', text: DENIED_BY_USER }],
        metadata: {},
        state: 'denied',
      }
      const key = synthesizedKey(turn, event.id, toolCall.id)
      const at = event.createdAt ?? null
      return appendEntry(turn, { kind: 'tool_result', key, status: 'done', startedAt: at, endedAt: at, block })
    })
  }
  const next = withScope(state, scope)
  if (scope.key === MAIN_SCOPE) {
    const pending = state.pendingConfirmation
    return withStateFields(next, { pendingConfirmation: pending === null ? null : withoutToolCalls(pending, covered) })
  }
  const subagentPendingConfirmations = state.subagentPendingConfirmations.flatMap((request) => {
    if (request.source !== scope.source || request.taskId !== scope.taskId) return [request]
    const remaining = withoutToolCalls(request, covered)
    return remaining === null ? [] : [remaining]
  })
  return withStateFields(next, { subagentPendingConfirmations })
}

/** REQUIRE_EXTERNAL_EXECUTION: the client must run these calls; pending at top level. */
export function applyRequireExternalExecution(state: AgentState, event: RequireExternalExecutionEvent): AgentState {
  refuseEmpty(event)
  const entered = enterTurn(state, event)
  if (entered === undefined) return state
  const scope = markCurrentTurn(entered, (turn) => withFlag(turn, 'askedExternalExecution'))
  const next = withScope(state, scope)
  if (scope.key !== MAIN_SCOPE) return next
  return withStateFields(next, {
    pendingExternalExecution: { requestReplyId: event.replyId ?? null, toolCalls: event.toolCalls },
  })
}

/** EXTERNAL_EXECUTION_RESULT: the client's results join the current turn; the suspended placeholders stay. */
export function applyExternalExecutionResult(state: AgentState, event: ExternalExecutionResultEvent): AgentState {
  const entered = enterTurn(state, event)
  if (entered === undefined) return state
  let scope = entered
  const covered = new Set<string>()
  for (const result of event.toolResults) {
    covered.add(result.id)
    scope = markCurrentTurn(scope, (turn) => {
      const block: ToolResultBlock = {
        type: 'tool_result',
        id: result.id,
        name: result.name,
        output: result.output,
        metadata: result.metadata,
        state: result.state,
      }
      const key = synthesizedKey(turn, event.id, result.id)
      const at = event.createdAt ?? null
      return appendEntry(turn, { kind: 'tool_result', key, status: 'done', startedAt: at, endedAt: at, block })
    })
  }
  const next = withScope(state, scope)
  const pending = state.pendingExternalExecution
  if (scope.key !== MAIN_SCOPE || pending === null) return next
  return withStateFields(next, { pendingExternalExecution: withoutToolCalls(pending, covered) })
}

/** ALL_TOOLS_DENIED: recorded on the turn; the stop reason comes with the REQUEST_STOP that follows. */
export function applyAllToolsDenied(state: AgentState, event: AllToolsDeniedEvent): AgentState {
  return inCurrentTurn(state, event, (turn) => withFlag(turn, 'allToolsDenied'))
}
