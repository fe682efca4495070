import { applyBlockDelta, applyBlockEnd, applyBlockStart, applyHint } from './apply-blocks'
import {
  applyAllToolsDenied,
  applyExternalExecutionResult,
  applyRequireExternalExecution,
  applyRequireUserConfirm,
  applyUserConfirmResult,
} from './apply-hitl'
import {
  applyAgentEnd,
  applyAgentResult,
  applyAgentStart,
  applyCustom,
  applyExceedMaxIters,
  applyModelCallEnd,
  applyModelCallStart,
  applyRequestStop,
  applySubagentExposed,
} from './apply-lifecycle'
import {
  applyToolCallDelta,
  applyToolCallEnd,
  applyToolCallStart,
  applyToolResultEnd,
  applyToolResultStart,
  applyToolResultDeltas,
} from './apply-tools'
import { applyRewind } from './apply-rewind'
import { applyUserMessage } from './apply-user-message'
import { devError } from './dev-error'
import { AgentStreamError, messageOf } from './errors'
import type { AgentEvent } from './events'
import type { LocalEvent } from './local-events'
import { copyState } from './copy-records'
import type { Mutable } from './copy-records'
import { beginScopeWrites, inScopeBatch, undoScopeWrites } from './scope-batch'
import { markSeenId } from './seen-ids'
import type { AgentState } from './state'
import { closeCurrentTurn, withScope } from './turns'

/** Called when a handler of {@link reduce} threw: the event was not applied. */
export type ReduceErrorHandler = (error: AgentStreamError) => void

/**
 * Applies one event (protocol §7): pure, and idempotent per event id. Only the path to the
 * block an event touches is copied, so every other block, turn and scope keeps its identity.
 * Never throws: an event it cannot use leaves the state as it was. An exception inside a handler
 * (a bug, never wire data) leaves the state as it was too, is passed to `onError` as a
 * `reducer-failed` error naming the event type and id, and is logged in development; the event
 * counts as not applied (its id is not marked as seen).
 */
export function reduce(state: AgentState, event: AgentEvent | LocalEvent, onError?: ReduceErrorHandler): AgentState {
  try {
    beginScopeWrites()
    const id: unknown = event.id
    if (typeof id !== 'string' || id === '') return applyEvent(state, event)
    // Marking first is safe even if applying fails: this state's count still excludes the id.
    const seenIds = markSeenId(state.seenIds, state.seenCount, id, event.type === 'AGENT_START')
    if (seenIds === null) return state
    const applied = applyEvent(state, event)
    // A state other than the input was made by this call and is not shared yet: it can take the ids in place.
    const next = applied === state ? copyState(state) : (applied as Mutable<AgentState>)
    next.seenIds = seenIds
    next.seenCount = seenIds.total
    return next
  } catch (caught) {
    undoScopeWrites()
    reportFailure(event, caught, onError)
    return state
  }
}

/** Reports an exception inside a handler as {@link reduce} does (for the folds built on it). */
export function reportFailure(event: AgentEvent | LocalEvent, caught: unknown, onError: ReduceErrorHandler | undefined): void {
  const type = typeof event?.type === 'string' ? event.type : 'unknown'
  const id = typeof event?.id === 'string' ? event.id : undefined
  const reason = messageOf(caught)
  const message = `Applying ${type}${id === undefined ? '' : ` ${id}`} failed, so it was skipped: ${reason}`
  devError(`reduce:${type}:${reason}`, message, caught)
  try {
    onError?.(new AgentStreamError('reducer-failed', message, { eventType: type, eventId: id, cause: caught }))
  } catch {
    // A throwing reporter must not break the state either.
  }
}

function applyEvent(state: AgentState, event: AgentEvent | LocalEvent): AgentState {
  switch (event.type) {
    case 'AGENT_START': {
      return applyAgentStart(state, event)
    }
    case 'AGENT_END': {
      return applyAgentEnd(state, event)
    }
    case 'AGENT_RESULT': {
      return applyAgentResult(state, event)
    }
    case 'EXCEED_MAX_ITERS': {
      return applyExceedMaxIters(state, event)
    }
    case 'REQUEST_STOP': {
      return applyRequestStop(state, event)
    }
    case 'MODEL_CALL_START': {
      return applyModelCallStart(state, event)
    }
    case 'MODEL_CALL_END': {
      return applyModelCallEnd(state, event)
    }
    case 'TEXT_BLOCK_START': {
      return applyBlockStart(state, event, 'text')
    }
    case 'TEXT_BLOCK_DELTA': {
      return applyBlockDelta(state, event, 'text')
    }
    case 'TEXT_BLOCK_END': {
      return applyBlockEnd(state, event, 'text')
    }
    case 'THINKING_BLOCK_START': {
      return applyBlockStart(state, event, 'thinking')
    }
    case 'THINKING_BLOCK_DELTA': {
      return applyBlockDelta(state, event, 'thinking')
    }
    case 'THINKING_BLOCK_END': {
      return applyBlockEnd(state, event, 'thinking')
    }
    case 'DATA_BLOCK_START': {
      return applyBlockStart(state, event, 'data')
    }
    case 'DATA_BLOCK_DELTA': {
      return applyBlockDelta(state, event, 'data')
    }
    case 'DATA_BLOCK_END': {
      return applyBlockEnd(state, event, 'data')
    }
    case 'HINT_BLOCK': {
      return applyHint(state, event)
    }
    case 'TOOL_CALL_START': {
      return applyToolCallStart(state, event)
    }
    case 'TOOL_CALL_DELTA': {
      return applyToolCallDelta(state, event)
    }
    case 'TOOL_CALL_END': {
      return applyToolCallEnd(state, event)
    }
    case 'TOOL_RESULT_START': {
      return applyToolResultStart(state, event)
    }
    case 'TOOL_RESULT_TEXT_DELTA':
    case 'TOOL_RESULT_DATA_DELTA': {
      return applyToolResultDeltas(state, [event])
    }
    case 'TOOL_RESULT_END': {
      return applyToolResultEnd(state, event)
    }
    case 'REQUIRE_USER_CONFIRM': {
      return applyRequireUserConfirm(state, event)
    }
    case 'USER_CONFIRM_RESULT': {
      return applyUserConfirmResult(state, event)
    }
    case 'REQUIRE_EXTERNAL_EXECUTION': {
      return applyRequireExternalExecution(state, event)
    }
    case 'EXTERNAL_EXECUTION_RESULT': {
      return applyExternalExecutionResult(state, event)
    }
    case 'ALL_TOOLS_DENIED': {
      return applyAllToolsDenied(state, event)
    }
    case 'SUBAGENT_EXPOSED': {
      return applySubagentExposed(state, event)
    }
    case 'CUSTOM': {
      return applyCustom(state, event)
    }
    case 'USER_MESSAGE': {
      return applyUserMessage(state, event)
    }
    case 'REWIND': {
      return applyRewind(state, event)
    }
    default: {
      event satisfies never
      return state
    }
  }
}

/** The transport closed: every turn still open, in any scope, ends `incomplete` (§7.2). */
export function endStream(state: AgentState): AgentState {
  return inScopeBatch(() => {
    let next = state
    for (const scope of Object.values(state.scopes)) {
      if (scope.open) next = withScope(next, closeCurrentTurn(scope, false))
    }
    return next
  })
}
