import { PersistentVector } from '../core/persistent-vector'
import type { BlockEntry, Scope, ToolResultEntry, ToolUseEntry, Turn } from '../core/state'

/** A tool call joined with its latest result in the same scope (which may sit in a later turn). */
export interface JoinedToolCall {
  readonly call: ToolUseEntry
  readonly result: ToolResultEntry | undefined
  /** Whether the agent may still act on this call: its turn, or its result's, is the one streaming. */
  readonly active: boolean
}

interface Location {
  readonly turn: number
  readonly position: number
}

// Where the tool calls and results of one scope are, by id, as of the revision indexed last. Moving it to the
// next revision visits only what changed: the turns whose vector slots differ, and in those, the entries that
// differ (PersistentVector.forEachChange skips every shared subtree). Locations, not entries, are kept, so an
// entry replaced in place needs no update; the entry is read from the revision asked about.
interface ToolIndex {
  turnList: PersistentVector<Turn>
  /** Every call with each id, in (turn, position) order; the first is the one shown. */
  readonly calls: Map<string, Location[]>
  /** Every result with each id, in (turn, position) order; the last is the latest. */
  readonly results: Map<string, Location[]>
  /** What each indexed slot holds, by turn then position: the id it contributed. */
  readonly contributions: Map<number, Map<number, string>>
  /** The joined object last returned for each id, kept while its parts stay the same. */
  readonly views: Map<string, JoinedToolCall>
}

// One index per scope lineage (every revision of a scope shares `lineage`), moved along to each revision asked about.
const byLineage = new WeakMap<object, ToolIndex>()
const EMPTY_BLOCKS = PersistentVector.empty<BlockEntry>()

function insertSorted(list: Location[], location: Location): void {
  let at = list.length
  while (at > 0) {
    const before = list[at - 1] as Location
    if (before.turn < location.turn || (before.turn === location.turn && before.position < location.position)) break
    at--
  }
  list.splice(at, 0, location)
}

function removeLocation(map: Map<string, Location[]>, id: string, turn: number, position: number): void {
  const list = map.get(id)
  if (list === undefined) return
  const at = list.findIndex((location) => location.turn === turn && location.position === position)
  if (at >= 0) list.splice(at, 1)
  if (list.length === 0) map.delete(id)
}

function reindexSlot(index: ToolIndex, turn: number, position: number, entry: BlockEntry | undefined): void {
  let byPosition = index.contributions.get(turn)
  const previous = byPosition?.get(position)
  if (previous !== undefined) {
    removeLocation(index.calls, previous, turn, position)
    removeLocation(index.results, previous, turn, position)
    byPosition?.delete(position)
  }
  if (entry === undefined || (entry.kind !== 'tool_use' && entry.kind !== 'tool_result')) return
  const id = entry.block.id
  const map = entry.kind === 'tool_use' ? index.calls : index.results
  let list = map.get(id)
  if (list === undefined) map.set(id, (list = []))
  insertSorted(list, { turn, position })
  if (byPosition === undefined) index.contributions.set(turn, (byPosition = new Map()))
  byPosition.set(position, id)
}

function indexOf(scope: Scope): ToolIndex {
  const lineage = scope.lineage ?? scope
  let index = byLineage.get(lineage)
  if (index === undefined) {
    index = { turnList: PersistentVector.empty(), calls: new Map(), results: new Map(), contributions: new Map(), views: new Map() }
    byLineage.set(lineage, index)
  }
  const previous = index.turnList
  const next = scope.turnList
  if (previous === next) return index
  const target = index
  next.forEachChange(previous, (turnIndex) => {
    const before = previous.get(turnIndex)?.blocks ?? EMPTY_BLOCKS
    const after = next.get(turnIndex)?.blocks ?? EMPTY_BLOCKS
    after.forEachChange(before, (position) => reindexSlot(target, turnIndex, position, after.get(position)))
  })
  index.turnList = next
  return index
}

function entryAt<T extends BlockEntry>(scope: Scope, location: Location | undefined): T | undefined {
  return location === undefined ? undefined : (scope.turnList.get(location.turn)?.blocks.get(location.position) as T | undefined)
}

/** A tool call of a scope by id, joined with its latest result; the same object until either changes. */
export function joinedToolCall(scope: Scope, toolCallId: string): JoinedToolCall | undefined {
  const index = indexOf(scope)
  const callAt = index.calls.get(toolCallId)?.[0]
  const call = entryAt<ToolUseEntry>(scope, callAt)
  if (callAt === undefined || call === undefined) return undefined
  const results = index.results.get(toolCallId)
  const resultAt = results?.[results.length - 1]
  const result = entryAt<ToolResultEntry>(scope, resultAt)
  const openTurn = scope.open ? scope.turnList.size - 1 : -1
  // An approved call waits for its result in the turn that approved it, which is the open one.
  const approved = call.block.state === 'allowed' && result === undefined && scope.open
  const active = callAt.turn === openTurn || resultAt?.turn === openTurn || approved
  const cached = index.views.get(toolCallId)
  if (cached !== undefined && cached.call === call && cached.result === result && cached.active === active) return cached
  const view: JoinedToolCall = { call, result, active }
  index.views.set(toolCallId, view)
  return view
}
