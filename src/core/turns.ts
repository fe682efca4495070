import type { AgentEvent } from './events'
import { finalizeDataEntry } from './data-block'
import { finalizeToolArguments } from './tool-arguments'
import type { ChatUsage, GenerateReason, Msg } from './message'
import type { AgentState, BlockEntry, Scope, Turn, TurnStatus } from './state'
import { MAIN_SCOPE, newScope } from './state'
import { CallIndex } from './call-index'
import { copyScope, copyState, copyTurn } from './copy-records'
import { PersistentMap } from './persistent-map'
import { PersistentVector } from './persistent-vector'
import { writeScope } from './scope-batch'
import { NO_SPAWNS, spawnerFor } from './spawn-index'
import { TurnRecord, indexReplyIds, indexToolCalls, streamingCallsDelta } from './turn-record'

// Resume echoes and hints carry the replyId of an earlier call, so they never count as late (§7.2).
const NEVER_LATE: ReadonlySet<string> = new Set(['USER_CONFIRM_RESULT', 'EXTERNAL_EXECUTION_RESULT', 'HINT_BLOCK'])

/** The scope an event belongs to: `''` at top level, else `source` (plus `#taskId` for remote children). */
export function scopeKeyOf(event: AgentEvent): string {
  const source = event.source
  if (!source) return MAIN_SCOPE
  const taskId = event.metadata?.taskId
  return typeof taskId === 'string' && taskId !== '' ? `${source}#${taskId}` : source
}

function replyIdOf(event: AgentEvent): string | undefined {
  // Only the types that carry a replyId validate it; on any other a stray value is not an id.
  const replyId = (event as { readonly replyId?: unknown }).replyId
  return typeof replyId === 'string' ? replyId : undefined
}

/** A new, open turn; a subagent's names the top-level tool call it runs under. */
export function openTurn(id: string, name: string | null, timestamp: string | null, replyId?: string, parentToolCallId: string | null = null): Turn {
  return new TurnRecord({
    id,
    name,
    timestamp,
    status: 'streaming',
    generateReason: null,
    entries: PersistentVector.empty<BlockEntry>().toArray(),
    blocks: PersistentVector.empty(),
    slots: PersistentMap.empty(),
    calls: CallIndex.empty(),
    callCount: 0,
    streamingCalls: 0,
    modelCalls: [],
    modelCallList: PersistentVector.empty(),
    modelCallSlots: PersistentMap.empty(),
    usage: null,
    replyIds: replyId === undefined ? PersistentMap.empty() : PersistentMap.empty<true>().set(replyId, true),
    lastReplyId: replyId ?? null,
    result: null,
    stopReason: null,
    exceededMaxIters: false,
    askedConfirmation: false,
    askedExternalExecution: false,
    allToolsDenied: false,
    serial: 0,
    parentToolCallId,
  })
}

/** The scope of an event, created empty when it is the first event of that subagent. */
export function scopeOf(state: AgentState, event: AgentEvent): Scope {
  const key = scopeKeyOf(event)
  // A subagent may be called anything, `constructor` included: only the scopes' own keys are scopes.
  const existing = Object.hasOwn(state.scopes, key) ? state.scopes[key] : undefined
  if (existing !== undefined) return existing
  const taskId = event.metadata?.taskId
  const source = event.source ?? null
  return newScope(
    key,
    source,
    typeof taskId === 'string' && taskId !== '' ? taskId : null,
    source === null ? null : spawningToolCall(state, source),
    source === null ? null : openTurnIndex(state),
  )
}

function openTurnIndex(state: AgentState): number | null {
  const main = state.scopes[MAIN_SCOPE]
  return main !== undefined && main.open ? main.turnList.size - 1 : null
}

// The top-level result the subagent `source` runs under, if one can be told (see spawn-index.ts).
function spawningToolCall(state: AgentState, source: string): string | null {
  const main = state.scopes[MAIN_SCOPE]
  if (main === undefined || !main.open) return null
  return spawnerFor(currentTurn(main).spawns ?? NO_SPAWNS, source.slice(source.lastIndexOf('/') + 1))
}

/**
 * The top-level tool call a new turn of `scope` runs under: for its first, the scope's spawner; later, the previous
 * turn's while that call is still running (one run of several turns), else the one running now (a new call).
 */
export function spawnerOf(state: AgentState, scope: Scope): string | null {
  const previous = scope.turnList.last()
  if (scope.source === null || previous === undefined) return scope.parentToolCallId
  const last = previous.parentToolCallId ?? scope.parentToolCallId
  const main = state.scopes[MAIN_SCOPE]
  const running = last !== null && main?.open === true && currentTurn(main).slots.has(slot.toolResult(last))
  return running ? last : spawningToolCall(state, scope.source)
}

/**
 * The event's scope with an open turn to apply it to: the open one, or an implicit one for a
 * client that joined mid-stream. Undefined for a late event (its replyId belongs to a closed turn).
 * The event's replyId is recorded on the turn.
 */
export function enterTurn(state: AgentState, event: AgentEvent): Scope | undefined {
  let scope = scopeOf(state, event)
  const replyId = replyIdOf(event)
  const recordsReplyId = replyId !== undefined && !NEVER_LATE.has(event.type)
  if (!scope.open) {
    if (recordsReplyId && scope.closedReplyIds.has(replyId)) return undefined
    const turn = openTurn(replyId || event.id || `turn-${scope.turnList.size + 1}`, null, event.createdAt ?? null, undefined, spawnerOf(state, scope))
    const opened = copyScope(scope)
    opened.turnList = scope.turnList.push(turn)
    opened.open = true
    scope = opened
  }
  if (!recordsReplyId) return scope
  const current = currentTurn(scope)
  if (current.lastReplyId === replyId || current.replyIds.has(replyId)) return scope
  const recorded = copyTurn(current)
  recorded.replyIds = current.replyIds.set(replyId, true)
  recorded.lastReplyId = replyId
  return replaceCurrentTurn(scope, recorded)
}

/** Applies `update` to the open turn of the event's scope; the same state when the event is late or changes nothing. */
export function inCurrentTurn(state: AgentState, event: AgentEvent, update: (turn: Turn) => Turn): AgentState {
  const scope = enterTurn(state, event)
  if (scope === undefined) return state
  const turn = currentTurn(scope)
  const updated = update(turn)
  if (updated === turn) return state
  return withScope(state, replaceCurrentTurn(scope, updated))
}

/** The open turn of a scope that went through {@link enterTurn}. */
export function currentTurn(scope: Scope): Turn {
  return scope.turnList.last() as Turn
}

/** The scope with its last turn replaced. */
export function replaceCurrentTurn(scope: Scope, turn: Turn): Scope {
  return replaceTurn(scope, scope.turnList.size - 1, turn)
}

/** The scope with the turn at `index` replaced. */
export function replaceTurn(scope: Scope, index: number, turn: Turn): Scope {
  const next = copyScope(scope)
  next.turnList = scope.turnList.set(index, turn)
  return next
}

/** The state with one scope replaced. */
export function withScope(state: AgentState, scope: Scope): AgentState {
  const next = copyState(state)
  next.scopes = writeScope(state.scopes, scope)
  return next
}

/** The turn with the entry at `index` replaced. */
export function replaceEntry(turn: Turn, index: number, entry: BlockEntry): Turn {
  const next = copyTurn(turn)
  next.blocks = turn.blocks.set(index, entry)
  next.streamingCalls = turn.streamingCalls + streamingCallsDelta(turn.blocks.get(index), entry)
  return next
}

/** The turn with an entry appended, registered under `slot` when given (and by its id when it is a tool call). */
export function appendEntry(turn: Turn, entry: BlockEntry, slot?: string): TurnRecord {
  const next = copyTurn(turn)
  next.blocks = turn.blocks.push(entry)
  if (slot !== undefined) next.slots = turn.slots.set(slot, turn.blocks.size)
  if (entry.kind === 'tool_use' && turn.calls.lookup(turn.callCount, entry.block.id) === undefined) {
    next.calls = turn.calls.add(turn.callCount, entry.block.id, turn.blocks.size)
    next.callCount = turn.callCount + 1
  }
  next.streamingCalls = turn.streamingCalls + streamingCallsDelta(undefined, entry)
  next.serial = turn.serial + 1
  return next
}

/** The turn with a slot removed (its entry stays). */
export function releaseSlot(turn: Turn, slot: string): TurnRecord {
  const next = copyTurn(turn)
  next.slots = turn.slots.delete(slot)
  return next
}

/**
 * The turn without the entry at `index`. The entries after it move down by one: O(how many) when none of them is a
 * tool call (their slots are pointed one lower, the call index is untouched), else the slots and calls are rebuilt.
 */
export function removeEntry(turn: Turn, index: number): Turn {
  const next = copyTurn(turn)
  const removed = turn.blocks.get(index)
  const after: BlockEntry[] = []
  let movesCall = removed?.kind === 'tool_use'
  for (let at = index + 1; at < turn.blocks.size && !movesCall; at++) {
    const entry = turn.blocks.get(at) as BlockEntry
    movesCall = entry.kind === 'tool_use'
    after.push(entry)
  }
  if (!movesCall) {
    let blocks = turn.blocks
    for (let count = 0; count <= after.length; count++) blocks = blocks.pop()
    let slots = turn.slots
    for (const name of slotNamesOf(removed)) if (slots.get(name) === index) slots = slots.delete(name)
    after.forEach((entry, offset) => {
      blocks = blocks.push(entry)
      for (const name of slotNamesOf(entry)) if (slots.get(name) === index + 1 + offset) slots = slots.set(name, index + offset)
    })
    next.blocks = blocks
    next.slots = slots
  } else {
    // The setter re-indexes the tool calls, whose entries moved.
    next.entries = turn.entries.filter((_entry, position) => position !== index)
    next.slots = slotsOf(next.entries)
  }
  next.streamingCalls = turn.streamingCalls + streamingCallsDelta(removed, undefined)
  return next
}

/** The key for a new block: the creating event's id, else a per-turn serial. */
export function entryKey(turn: Turn, event: { readonly id?: string }): string {
  return event.id || `${turn.id}#${turn.serial}`
}

/** Slot names: open text/thinking/data blocks by (kind, replyId, blockId), open results by id (tool calls are in `calls`). */
export const slot = {
  open: (kind: string, replyId: string | undefined, blockId: string) => `o\u0000${kind}\u0000${replyId ?? ''}\u0000${blockId}`,
  toolResult: (toolCallId: string) => `r\u0000${toolCallId}`,
}

// The slots an entry can be registered under: an open text, thinking or data block's key, a running result's id.
function slotNamesOf(entry: BlockEntry | undefined): string[] {
  if (entry?.kind === 'tool_result') return entry.status === 'streaming' ? [slot.toolResult(entry.block.id)] : []
  return entry !== undefined && 'openKey' in entry && entry.openKey !== null ? [entry.openKey] : []
}

function slotsOf(entries: readonly BlockEntry[]): PersistentMap<number> {
  let slots = PersistentMap.empty<number>()
  entries.forEach((entry, index) => {
    for (const name of slotNamesOf(entry)) slots = slots.set(name, index)
  })
  return slots
}

/** Where the tool call with this id sits in the scope, newest turn first. */
export function findToolUse(scope: Scope, toolCallId: string): { turnIndex: number; entryIndex: number } | undefined {
  if (scope.open) {
    const turn = currentTurn(scope)
    const entryIndex = turn.calls.lookup(turn.callCount, toolCallId)
    if (entryIndex !== undefined) return { turnIndex: scope.turnList.size - 1, entryIndex }
  }
  const turnIndex = scope.toolCallTurns.get(toolCallId)
  const closed = turnIndex === undefined ? undefined : scope.turnList.get(turnIndex)
  const entryIndex = closed?.calls.lookup(closed.callCount, toolCallId)
  return turnIndex === undefined || entryIndex === undefined ? undefined : { turnIndex, entryIndex }
}

/** Applies `update` to a tool call of the scope wherever it is; the same scope when it is unknown or unchanged. */
export function updateToolUse(scope: Scope, toolCallId: string, update: (entry: BlockEntry & { kind: 'tool_use' }) => BlockEntry): Scope {
  const found = findToolUse(scope, toolCallId)
  if (found === undefined) return scope
  const turn = scope.turnList.get(found.turnIndex) as Turn
  const entry = turn.blocks.get(found.entryIndex) as BlockEntry & { kind: 'tool_use' }
  const updated = update(entry)
  if (updated === entry) return scope
  return replaceTurn(scope, found.turnIndex, replaceEntry(turn, found.entryIndex, updated))
}

// ---------------------------------------------------------------------------------------------
// Closing a turn (§7.2)

const STATUS_BY_REASON: Partial<Record<string, TurnStatus>> = {
  PERMISSION_ASKING: 'awaiting_confirmation',
  TOOL_SUSPENDED: 'awaiting_external_execution',
  INTERRUPTED: 'interrupted',
  MAX_ITERATIONS: 'max_iterations',
  REASONING_STOP_REQUESTED: 'stopped',
  ACTING_STOP_REQUESTED: 'stopped',
  MIDDLEWARE_STOP_REQUESTED: 'stopped',
  ALL_TOOLS_DENIED: 'stopped',
}

/** The status of a turn that ended with this generate reason (null means MODEL_STOP), §7.2. */
export function statusOfReason(generateReason: string | null): TurnStatus {
  return (generateReason !== null && Object.hasOwn(STATUS_BY_REASON, generateReason) ? STATUS_BY_REASON[generateReason] : undefined) ?? 'completed'
}

/** The scope with its open turn closed: by AGENT_END (`ended`), or as `incomplete`. */
export function closeCurrentTurn(scope: Scope, ended: boolean): Scope {
  if (!scope.open) return scope
  const turn = currentTurn(scope)
  const entries: BlockEntry[] = []
  let changed = false
  turn.blocks.forEach((entry) => {
    const closed = closeEntry(entry)
    if (closed !== null) entries.push(closed)
    changed ||= closed !== entry
  })
  const generateReason = resolveGenerateReason(turn)
  const status: TurnStatus = ended ? statusOfReason(generateReason) : 'incomplete'
  const closed = copyTurn(turn)
  if (changed) closed.entries = entries
  closed.slots = slotsOf(entries)
  closed.spawns = NO_SPAWNS
  closed.streamingCalls = 0
  closed.generateReason = generateReason
  closed.status = status
  const next = copyScope(replaceCurrentTurn(scope, closed))
  next.open = false
  next.toolCallTurns = indexToolCalls(scope.toolCallTurns, closed, scope.turnList.size - 1)
  next.closedReplyIds = indexReplyIds(scope.closedReplyIds, closed)
  return next
}

// Empty blocks ended where removing them would have cost O(blocks after them): gone when their turn closes, and not
// shown before (see `removable` in apply-blocks.ts).
const droppedAtClose = new WeakSet<BlockEntry>()

/** The entry, marked to be dropped when its turn closes. */
export function dropAtClose<Entry extends BlockEntry>(entry: Entry): Entry {
  droppedAtClose.add(entry)
  return entry
}

/** Whether the entry is an empty block that its turn drops when it closes (nothing to show). */
export function isDroppedAtClose(entry: BlockEntry): boolean {
  return droppedAtClose.has(entry)
}

function closeEntry(entry: BlockEntry): BlockEntry | null {
  if (droppedAtClose.has(entry)) return null
  if (entry.status === 'done') return entry
  switch (entry.kind) {
    case 'text': {
      return entry.block.text === '' ? null : { ...entry, status: 'done', openKey: null }
    }
    case 'thinking': {
      return entry.block.thinking === '' ? null : { ...entry, status: 'done', openKey: null }
    }
    case 'data': {
      return finalizeDataEntry(entry, entry.endedAt)
    }
    case 'tool_use': {
      return finalizeToolArguments(entry)
    }
    case 'tool_result': {
      return { ...entry, status: 'done', block: { ...entry.block, state: 'interrupted' } }
    }
    case 'hint': {
      return entry
    }
    default: {
      entry satisfies never
      return entry
    }
  }
}

/** ReActAgent's canned reply to an interrupt; 2.0.0 returns it without a generate reason. */
export const INTERRUPT_REPLY = 'I noticed that you have interrupted me. What can I do for you?'

function isInterruptReply(result: Msg | null): boolean {
  const content: unknown = result?.content
  if (!Array.isArray(content) || content.length !== 1) return false
  const block = content[0] as { type?: unknown; text?: unknown } | undefined
  return block?.type === 'text' && block.text === INTERRUPT_REPLY
}

// The first of these that exists (§7.2); askedConfirmation is only ever set at top level.
function resolveGenerateReason(turn: Turn): GenerateReason | null {
  const fromResult = turn.result?.metadata?.agentscope_generate_reason
  if (typeof fromResult === 'string' && fromResult !== '') return fromResult.toUpperCase() as GenerateReason
  if (isInterruptReply(turn.result)) return 'INTERRUPTED'
  if (turn.stopReason !== null) return turn.stopReason
  if (turn.exceededMaxIters) return 'MAX_ITERATIONS'
  if (turn.askedConfirmation) return 'PERMISSION_ASKING'
  if (turn.askedExternalExecution) return 'TOOL_SUSPENDED'
  return null
}

/** Adds two usages field by field. */
export function addUsage(total: ChatUsage | null, usage: ChatUsage): ChatUsage {
  if (total === null) return usage
  return {
    inputTokens: total.inputTokens + usage.inputTokens,
    outputTokens: total.outputTokens + usage.outputTokens,
    cachedTokens: total.cachedTokens + usage.cachedTokens,
    time: total.time + usage.time,
    totalTokens: total.totalTokens + usage.totalTokens,
  }
}
