import type {
  AgentEndEvent,
  AgentResultEvent,
  AgentStartEvent,
  CustomEvent,
  ExceedMaxItersEvent,
  ModelCallEndEvent,
  ModelCallStartEvent,
  RequestStopEvent,
  SubagentExposedEvent,
} from './events'
import type { ChatUsage, Msg, ToolResultBlock, ToolUseBlock } from './message'
import { PersistentMap } from './persistent-map'
import { PersistentVector } from './persistent-vector'
import { MAIN_SCOPE } from './state'
import { withFlag, withScopeFields, withStateFields, withTurnFields } from './copy-records'
import type { AgentState, BlockEntry, ExposedSubagent, ModelCall, Turn } from './state'
import { finalizeToolArguments } from './tool-arguments'
import { addUsage, closeCurrentTurn, currentTurn, inCurrentTurn, openTurn, replaceEntry, scopeKeyOf, scopeOf, spawnerOf, withScope } from './turns'

/** AGENT_START: opens a turn in its scope, closing an open one there as `incomplete`. */
export function applyAgentStart(state: AgentState, event: AgentStartEvent): AgentState {
  const scope = closeCurrentTurn(scopeOf(state, event), false)
  const replyId = event.replyId
  const id = replyId || event.id || `turn-${scope.turnList.size + 1}`
  const turn = openTurn(id, event.name ?? null, event.createdAt ?? null, replyId, spawnerOf(state, scope))
  return withScope(state, withScopeFields(scope, { turnList: scope.turnList.push(turn), open: true }))
}

/** AGENT_END: closes the open turn of its scope, if any; not a late end, whose replyId names a closed turn of it. */
export function applyAgentEnd(state: AgentState, event: AgentEndEvent): AgentState {
  const scope = scopeOf(state, event)
  if (!scope.open) return state
  const { replyId } = event
  if (replyId !== undefined && scope.closedReplyIds.has(replyId)) {
    const turn = currentTurn(scope)
    if (turn.id !== replyId && !turn.replyIds.has(replyId)) return state
  }
  return withScope(state, closeCurrentTurn(scope, true))
}

/**
 * AGENT_RESULT: kept as the turn's result, never merged into its content (§7.8). A top-level
 * TOOL_SUSPENDED result with nothing pending yet names the calls waiting for the client: AgentScope
 * 2.0.0 sends no REQUIRE_EXTERNAL_EXECUTION, so the result is the only place they appear.
 */
export function applyAgentResult(state: AgentState, event: AgentResultEvent): AgentState {
  const next = inCurrentTurn(state, event, (turn) => withTurnFields(turn, { result: event.result ?? null }))
  if (next === state || scopeKeyOf(event) !== MAIN_SCOPE || state.pendingExternalExecution !== null) return next
  const toolCalls = suspendedCalls(event.result)
  return toolCalls.length === 0 ? next : withStateFields(next, { pendingExternalExecution: { requestReplyId: null, toolCalls } })
}

function suspendedCalls(result: Msg | undefined): ToolUseBlock[] {
  if (result?.metadata?.agentscope_generate_reason !== 'TOOL_SUSPENDED' || !Array.isArray(result.content)) return []
  const waiting = new Set<string>()
  for (const block of result.content) {
    if (block.type === 'tool_result' && (block as ToolResultBlock).state === 'running') waiting.add((block as ToolResultBlock).id)
  }
  return result.content.filter((block): block is ToolUseBlock => block.type === 'tool_use' && waiting.has((block as ToolUseBlock).id))
}

/** EXCEED_MAX_ITERS: the turn ends for MAX_ITERATIONS unless a later signal says otherwise. */
export function applyExceedMaxIters(state: AgentState, event: ExceedMaxItersEvent): AgentState {
  return inCurrentTurn(state, event, (turn) => withFlag(turn, 'exceededMaxIters'))
}

/** REQUEST_STOP: the last one of a turn gives its generate reason. */
export function applyRequestStop(state: AgentState, event: RequestStopEvent): AgentState {
  return inCurrentTurn(state, event, (turn) =>
    turn.stopReason === event.generateReason ? turn : withTurnFields(turn, { stopReason: event.generateReason }),
  )
}

function sumUsage(modelCalls: PersistentVector<ModelCall>): ChatUsage | null {
  let total: ChatUsage | null = null
  modelCalls.forEach((call) => {
    if (call.usage !== null) total = addUsage(total, call.usage)
  })
  return total
}

/** The turn with one more model call (or the call at its index replaced); the usage summed without a pass over the calls when it can be. */
function withModelCall(turn: Turn, call: ModelCall, index: number | undefined): Turn {
  const list = turn.modelCallList ?? PersistentVector.from(turn.modelCalls)
  if (index === undefined) {
    const slots = turn.modelCallSlots ?? PersistentMap.empty<number>()
    const usage = call.usage === null ? turn.usage : addUsage(turn.usage, call.usage)
    return withTurnFields(turn, { modelCallList: list.push(call), modelCallSlots: slots.set(call.replyId, list.size), usage })
  }
  const before = list.get(index)?.usage ?? null
  const modelCallList = list.set(index, call)
  // Only a call that reports its usage a second time (never seen from AgentScope) makes the sum start over.
  const usage = before === null && call.usage !== null ? addUsage(turn.usage, call.usage) : sumUsage(modelCallList)
  return withTurnFields(turn, { modelCallList, usage })
}

function modelCallIndex(turn: Turn, replyId: string): number | undefined {
  if (turn.modelCallSlots !== undefined) return turn.modelCallSlots.get(replyId)
  const index = turn.modelCalls.findIndex((call) => call.replyId === replyId)
  return index < 0 ? undefined : index
}

/** MODEL_CALL_START: one more model call in the turn. */
export function applyModelCallStart(state: AgentState, event: ModelCallStartEvent): AgentState {
  const replyId = event.replyId ?? ''
  return inCurrentTurn(state, event, (turn) =>
    modelCallIndex(turn, replyId) !== undefined ? turn : withModelCall(turn, { replyId, usage: null }, undefined),
  )
}

/** MODEL_CALL_END: the call's usage (the turn's usage is the sum over its calls, kit policy); arguments still streaming are final. */
export function applyModelCallEnd(state: AgentState, event: ModelCallEndEvent): AgentState {
  const replyId = event.replyId ?? ''
  const usage = event.usage ?? null
  return inCurrentTurn(state, event, (turn) => {
    const finalized = finalizeStreamingCalls(turn, event.createdAt ?? null)
    const index = modelCallIndex(finalized, replyId)
    if (index !== undefined && usage === null) return finalized
    return withModelCall(finalized, { replyId, usage }, index)
  })
}

// A model call's end closes every tool call it left streaming (their END may never come, see applyToolCallDelta).
// Newest first, and only until they are all found: the model call's own are at the end (a walk of the whole turn at
// every model call that left one streaming cost O(blocks) each).
function finalizeStreamingCalls(turn: Turn, endedAt: string | null): Turn {
  let finalized = turn
  for (let index = turn.blocks.size - 1; index >= 0 && finalized.streamingCalls > 0; index--) {
    const entry = turn.blocks.get(index) as BlockEntry
    if (entry.kind === 'tool_use' && entry.status === 'streaming') finalized = replaceEntry(finalized, index, finalizeToolArguments(entry, endedAt))
  }
  return finalized
}

/** How many exposed subagents the state keeps, the newest: an upsert looks through at most this many. */
export const EXPOSED_SUBAGENTS_KEPT = 1000

/** SUBAGENT_EXPOSED: upserted by subagentId (the newest {@link EXPOSED_SUBAGENTS_KEPT}). */
export function applySubagentExposed(state: AgentState, event: SubagentExposedEvent): AgentState {
  const exposed: ExposedSubagent = {
    subagentId: event.subagentId,
    agentId: event.agentId ?? null,
    sessionId: event.sessionId ?? null,
    label: event.label ?? null,
  }
  const index = state.exposedSubagents.findIndex((subagent) => subagent.subagentId === event.subagentId)
  if (index >= 0) {
    const exposedSubagents = state.exposedSubagents.slice()
    exposedSubagents[index] = exposed
    return withStateFields(state, { exposedSubagents })
  }
  const kept =
    state.exposedSubagents.length < EXPOSED_SUBAGENTS_KEPT ? state.exposedSubagents : state.exposedSubagents.slice(1 - EXPOSED_SUBAGENTS_KEPT)
  return withStateFields(state, { exposedSubagents: [...kept, exposed] })
}

/** How many CUSTOM events the state keeps, the newest: the cost of one more, and the memory, stay bounded. */
export const CUSTOM_EVENTS_KEPT = 1000

/** CUSTOM: an application notification, kept apart from the messages (the newest {@link CUSTOM_EVENTS_KEPT}). */
export function applyCustom(state: AgentState, event: CustomEvent): AgentState {
  const record = { name: event.name, value: event.value ?? {}, source: event.source ?? null }
  const kept = state.customEvents.length < CUSTOM_EVENTS_KEPT ? state.customEvents : state.customEvents.slice(1 - CUSTOM_EVENTS_KEPT)
  return withStateFields(state, { customEvents: [...kept, record] })
}
