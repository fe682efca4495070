import type {
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolEventFields,
  ToolResultDataDeltaEvent,
  ToolResultEndEvent,
  ToolResultStartEvent,
  ToolResultTextDeltaEvent,
} from './events'
import type { ContentBlock, ToolResultBlock, ToolUseBlock } from './message'
import type { AgentState, Scope, ToolResultEntry, ToolUseEntry, Turn } from './state'
import { NO_SPAWNS, withoutRunning, withRunning } from './spawn-index'
import { appendToolArguments, finalizeToolArguments } from './tool-arguments'
import {
  appendEntry,
  currentTurn,
  enterTurn,
  entryKey,
  findToolUse,
  releaseSlot,
  replaceCurrentTurn,
  replaceEntry,
  slot,
  updateToolUse,
  withScope,
} from './turns'

function isPlaceholderName(name: string | null | undefined): boolean {
  return name == null || name.startsWith('__')
}

/** A tool_use entry as it starts streaming. */
export function newToolUseEntry(key: string, block: ToolUseBlock, status: ToolUseEntry['status'], startedAt: string | null): ToolUseEntry {
  const lineage = {}
  const endedAt = status === 'done' ? startedAt : null
  const fields = { arguments: '', argumentsTail: null, argumentsLineage: lineage, editedFrom: undefined }
  return { kind: 'tool_use', key, status, startedAt, endedAt, block, ...fields }
}

function appendToolUse(turn: Turn, event: ToolEventFields): Turn {
  const block: ToolUseBlock = {
    type: 'tool_use',
    id: event.toolCallId,
    name: event.toolCallName ?? null,
    input: {},
    content: '',
    metadata: {},
    state: 'pending',
  }
  const entry = newToolUseEntry(entryKey(turn, event), block, 'streaming', event.createdAt ?? null)
  return appendEntry(turn, entry)
}

// Whether the turn being streamed has the call. Calls stream in their own turn only: some providers number calls
// per reply (`call_0` in every turn), and an id found in an earlier turn took the new arguments into the old call.
function inThisTurn(scope: Scope, toolCallId: string): boolean {
  const turn = currentTurn(scope)
  return turn.calls.lookup(turn.callCount, toolCallId) !== undefined
}

/** TOOL_CALL_START: a new tool call, or the same id re-opened in this turn (its arguments continue). */
export function applyToolCallStart(state: AgentState, event: ToolCallStartEvent): AgentState {
  if (event.toolCallId === '') return state
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  if (!inThisTurn(scope, event.toolCallId)) {
    return withScope(state, replaceCurrentTurn(scope, appendToolUse(currentTurn(scope), event)))
  }
  const reopened = updateToolUse(scope, event.toolCallId, (entry) => {
    const name = isPlaceholderName(entry.block.name) && event.toolCallName ? event.toolCallName : entry.block.name
    if (entry.status === 'streaming' && name === entry.block.name) return entry
    return { ...entry, status: 'streaming', block: { ...entry.block, name } }
  })
  return reopened === scope ? state : withScope(state, reopened)
}

/** TOOL_CALL_DELTA: a raw argument fragment, for the call found by id alone (the name is usually `__fragment__`). */
export function applyToolCallDelta(state: AgentState, event: ToolCallDeltaEvent): AgentState {
  if (event.toolCallId === '') return state
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  const delta = event.delta ?? ''
  if (!inThisTurn(scope, event.toolCallId)) {
    // A hidden tool (name starting with "__") streams deltas with no START: not for the transcript.
    if (isPlaceholderName(event.toolCallName)) return state
    const turn = appendToolUse(currentTurn(scope), event)
    const index = turn.blocks.size - 1
    const entry = turn.blocks.get(index) as ToolUseEntry
    return withScope(state, replaceCurrentTurn(scope, replaceEntry(turn, index, appendToolArguments(entry, delta))))
  }
  if (delta === '') return state
  // AgentScope 2.0.0 sends fragments that a provider interleaved after the call's END, with no second
  // START: the call streams again, and the next END, its MODEL_CALL_END or the turn close finalizes it.
  return withScope(
    state,
    updateToolUse(scope, event.toolCallId, (entry) => {
      const appended = appendToolArguments(entry, delta)
      return entry.status === 'done' ? { ...appended, status: 'streaming', endedAt: null } : appended
    }),
  )
}

/** TOOL_CALL_END: the arguments are final (again, for a re-opened call). */
export function applyToolCallEnd(state: AgentState, event: ToolCallEndEvent): AgentState {
  if (event.toolCallId === '') return state
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  const updated = updateToolUse(scope, event.toolCallId, (entry) => finalizeToolArguments(entry, event.createdAt ?? null))
  return updated === scope ? state : withScope(state, updated)
}

// ---------------------------------------------------------------------------------------------
// Tool results

function newResultEntry(turn: Turn, event: ToolEventFields): ToolResultEntry {
  const block: ToolResultBlock = {
    type: 'tool_result',
    id: event.toolCallId,
    name: event.toolCallName ?? null,
    output: [],
    metadata: {},
    state: 'running',
  }
  const startedAt = event.createdAt ?? null
  return { kind: 'tool_result', key: entryKey(turn, event), status: 'streaming', startedAt, endedAt: null, block }
}

// The string arguments of the call, wherever in the scope it is (an approved call runs in the next turn).
function argumentStrings(scope: Scope, toolCallId: string): string[] {
  const found = findToolUse(scope, toolCallId)
  const call = found && scope.turnList.get(found.turnIndex)?.blocks.get(found.entryIndex)
  return call?.kind === 'tool_use' ? Object.values(call.block.input ?? {}).filter((value) => typeof value === 'string') : []
}

// The turn with a new running result for the event's id, indexed for the subagents it may spawn.
function openResult(scope: Scope, turn: Turn, event: ToolEventFields): Turn {
  const opened = appendEntry(turn, newResultEntry(turn, event), slot.toolResult(event.toolCallId))
  opened.spawns = withRunning(turn.spawns ?? NO_SPAWNS, event.toolCallId, event.toolCallName ?? null, argumentStrings(scope, event.toolCallId))
  return opened
}

// The open result for the event's id in this turn, created when none is open (a DELTA or END without START).
function withOpenResult(scope: Scope, event: ToolEventFields, update: (entry: ToolResultEntry) => ToolResultEntry): Turn {
  let target = currentTurn(scope)
  let index = target.slots.get(slot.toolResult(event.toolCallId))
  if (index === undefined) {
    target = openResult(scope, target, event)
    index = target.blocks.size - 1
  }
  return replaceEntry(target, index, update(target.blocks.get(index) as ToolResultEntry))
}

function appendOutput(entry: ToolResultEntry, output: readonly ContentBlock[]): ToolResultEntry {
  const { id, name, metadata, state } = entry.block
  const block: ToolResultBlock = { type: 'tool_result', id, name, output, metadata, state }
  return { kind: 'tool_result', key: entry.key, status: entry.status, startedAt: entry.startedAt, endedAt: entry.endedAt, block }
}

/** TOOL_RESULT_START: a running result in the current turn, even when its call sits in an earlier one. */
export function applyToolResultStart(state: AgentState, event: ToolResultStartEvent): AgentState {
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  const turn = currentTurn(scope)
  if (turn.slots.has(slot.toolResult(event.toolCallId))) return state
  return withScope(state, replaceCurrentTurn(scope, openResult(scope, turn, event)))
}

/** A delta of a running tool's output. */
export type ToolResultDelta = ToolResultTextDeltaEvent | ToolResultDataDeltaEvent

/**
 * TOOL_RESULT_TEXT_DELTA and TOOL_RESULT_DATA_DELTA, one or a run of them into the first one's result: text is
 * appended to a trailing text item or pushed as a new one, a data block is copied as it came. The output is copied
 * once per call, so a run costs the output once, not once per delta.
 */
export function applyToolResultDeltas(state: AgentState, deltas: readonly [ToolResultDelta, ...ToolResultDelta[]]): AgentState {
  const scope = enterTurn(state, deltas[0])
  if (scope === undefined) return state
  const turn = withOpenResult(scope, deltas[0], (entry) => {
    const output = [...entry.block.output]
    deltas.forEach((delta) => {
      if (delta.type === 'TOOL_RESULT_DATA_DELTA') return void output.push(structuredClone(delta.data))
      const last = output[output.length - 1]
      const text = (last as { text?: unknown } | undefined)?.text
      if (last?.type === 'text')
        output[output.length - 1] = { ...last, type: 'text', text: (typeof text === 'string' ? text : '') + (delta.delta ?? '') }
      else output.push({ type: 'text', text: delta.delta ?? '' })
    })
    return appendOutput(entry, output)
  })
  return withScope(state, replaceCurrentTurn(scope, turn))
}

/** TOOL_RESULT_END: the final state and metadata; an executed call that was pending becomes allowed. */
export function applyToolResultEnd(state: AgentState, event: ToolResultEndEvent): AgentState {
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  const name = slot.toolResult(event.toolCallId)
  const ended = withOpenResult(scope, event, (entry) => ({
    ...entry,
    status: 'done',
    endedAt: event.createdAt ?? null,
    block: { ...entry.block, state: event.state, metadata: event.metadata ?? {} },
  }))
  const released = releaseSlot(ended, name)
  released.spawns = withoutRunning(ended.spawns ?? NO_SPAWNS, event.toolCallId)
  let next: Scope = replaceCurrentTurn(scope, released)
  if (event.state !== 'denied') {
    next = updateToolUse(next, event.toolCallId, (entry) =>
      entry.block.state === 'pending' ? { ...entry, block: { ...entry.block, state: 'allowed' } } : entry,
    )
  }
  return withScope(state, next)
}
