import type { Scope, ToolResultEntry, ToolUseEntry, Turn } from '../core/state'

/** A tool call joined with its latest result in the same scope (which may sit in a later turn). */
export interface JoinedToolCall {
  readonly call: ToolUseEntry
  readonly result: ToolResultEntry | undefined
  /** Whether the agent may still act on this call: its turn, or its result's, is the one streaming. */
  readonly active: boolean
}

interface Located<T> {
  readonly entry: T
  readonly turn: number
}

// The tool calls and results of one scope revision. Updating it for the next revision costs one pointer
// comparison per turn plus the entries of the turns that changed (usually the open one); the maps move
// from the old revision to the new one, and the old revision is indexed afresh if it is ever asked again.
interface ToolIndex {
  turns: readonly Turn[]
  openTurn: number
  /** The first call with each id. */
  readonly calls: Map<string, Located<ToolUseEntry>>
  /** Every result with each id, in turn order; the last is the latest. */
  readonly results: Map<string, Located<ToolResultEntry>[]>
  /** What each turn contributed, to take it out again. */
  readonly callIds: string[][]
  readonly resultIds: string[][]
  readonly views: Map<string, JoinedToolCall | null>
}

const byScope = new WeakMap<Scope, ToolIndex>()
// The latest index of a scope lineage, found through its first turn (stable once that turn is closed).
const byFirstTurn = new WeakMap<Turn, { scope: Scope; index: ToolIndex }>()

function removeFrom(index: ToolIndex, position: number): void {
  for (let turn = index.callIds.length - 1; turn >= position; turn--) {
    for (const id of index.callIds[turn] ?? []) {
      if (index.calls.get(id)?.turn === turn) index.calls.delete(id)
      index.views.delete(id)
    }
    for (const id of index.resultIds[turn] ?? []) {
      const list = index.results.get(id)
      while (list !== undefined && list.length > 0 && (list[list.length - 1] as Located<ToolResultEntry>).turn >= position) list.pop()
      if (list?.length === 0) index.results.delete(id)
      index.views.delete(id)
    }
  }
  index.callIds.length = Math.min(index.callIds.length, position)
  index.resultIds.length = Math.min(index.resultIds.length, position)
}

function addFrom(index: ToolIndex, turns: readonly Turn[], position: number): void {
  for (let turn = position; turn < turns.length; turn++) {
    const callIds: string[] = []
    const resultIds: string[] = []
    for (const entry of (turns[turn] as Turn).entries) {
      if (entry.kind === 'tool_use') {
        const id = entry.block.id
        if (!index.calls.has(id)) index.calls.set(id, { entry, turn })
        callIds.push(id)
        index.views.delete(id)
      } else if (entry.kind === 'tool_result') {
        const id = entry.block.id
        const list = index.results.get(id)
        if (list === undefined) index.results.set(id, [{ entry, turn }])
        else list.push({ entry, turn })
        resultIds.push(id)
        index.views.delete(id)
      }
    }
    index.callIds.push(callIds)
    index.resultIds.push(resultIds)
  }
}

function emptyIndex(): ToolIndex {
  return { turns: [], openTurn: -1, calls: new Map(), results: new Map(), callIds: [], resultIds: [], views: new Map() }
}

function indexOf(scope: Scope): ToolIndex {
  const cached = byScope.get(scope)
  if (cached !== undefined) return cached
  const first = scope.turns[0]
  const lineage = first === undefined ? undefined : byFirstTurn.get(first)
  let index: ToolIndex
  if (lineage !== undefined && byScope.get(lineage.scope) === lineage.index) {
    index = lineage.index
    byScope.delete(lineage.scope)
  } else {
    index = emptyIndex()
  }
  const turns = scope.turns
  let position = 0
  const shared = Math.min(index.turns.length, turns.length)
  while (position < shared && index.turns[position] === turns[position]) position++
  removeFrom(index, position)
  addFrom(index, turns, position)
  const openTurn = scope.open ? turns.length - 1 : -1
  if (openTurn !== index.openTurn) index.views.clear()
  index.turns = turns
  index.openTurn = openTurn
  byScope.set(scope, index)
  if (first !== undefined) byFirstTurn.set(first, { scope, index })
  return index
}

/** A tool call of a scope by id, joined with its latest result; the same object until either changes. */
export function joinedToolCall(scope: Scope, toolCallId: string): JoinedToolCall | undefined {
  const index = indexOf(scope)
  const cached = index.views.get(toolCallId)
  if (cached !== undefined) return cached ?? undefined
  const call = index.calls.get(toolCallId)
  let view: JoinedToolCall | null = null
  if (call !== undefined) {
    const results = index.results.get(toolCallId)
    const result = results?.[results.length - 1]
    // An approved call waits for its result in the turn that approved it, which is the open one.
    const approved = call.entry.block.state === 'allowed' && result === undefined && scope.open
    const active = call.turn === index.openTurn || result?.turn === index.openTurn || approved
    view = { call: call.entry, result: result?.entry, active }
  }
  index.views.set(toolCallId, view)
  return view ?? undefined
}
