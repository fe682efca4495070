import type { ChatUsage } from '../core/message'
import type { BlockEntry, PendingToolCalls, Scope, SubagentPendingConfirmation, Turn } from '../core/state'
import { MAIN_SCOPE } from '../core/state'
import { PersistentVector } from '../core/persistent-vector'
import { addUsage } from '../core/turns'
import type { AgentStoreState } from './agent-store-state'
import { joinedToolCall } from './tool-index'
import type { JoinedToolCall } from './tool-index'

export type { JoinedToolCall } from './tool-index'

const EMPTY_TURNS: readonly Turn[] = /*#__PURE__*/ Object.freeze([])

/** The turns of a scope: the top-level agent by default, or a subagent. */
export function selectTurns(state: AgentStoreState, scopeKey = MAIN_SCOPE): readonly Turn[] {
  return state.agent.scopes[scopeKey]?.turns ?? EMPTY_TURNS
}

/** One turn by index, in a scope (top level by default): read from the vector, without listing every turn. */
export function selectTurn(state: AgentStoreState, index: number, scopeKey = MAIN_SCOPE): Turn | undefined {
  return state.agent.scopes[scopeKey]?.turnList.get(index)
}

const EMPTY_KEYS: readonly string[] = /*#__PURE__*/ Object.freeze([])

/** The top-level tool call a subagent's turn ran under (null when none is known). */
export function spawnerOfTurn(scope: Scope, turn: Turn): string | null {
  return turn.parentToolCallId ?? scope.parentToolCallId
}

interface Lanes {
  /** Subagent scope keys by the tool call that spawned some of their turns. */
  readonly byParent: Map<string, readonly string[]>
  /** Subagent scope keys with turns no known call spawned, by the top-level turn they started in. */
  readonly byTurn: Map<number, readonly string[]>
}

const lanesOfScopes = new WeakMap<AgentStoreState['agent']['scopes'], Lanes>()
let lastLanes: Lanes | undefined

interface Spawners {
  readonly size: number
  readonly last: object | undefined
  readonly spawners: ReadonlySet<string | null>
}

// A turn's spawner is set when it opens, so a scope's spawners change only when a turn is added or a rewind cuts
// some: kept per scope lineage, they are made again only when the turn count or the last turn is another, and
// grouping the lanes per revision costs O(subagents), not O(their turns), while one streams.
const spawnersOfScopes = new WeakMap<object, Spawners>()

function spawnersOf(scope: Scope): ReadonlySet<string | null> {
  const size = scope.turnList.size
  const lastTurn = scope.turnList.last()
  const last = lastTurn?.lineage ?? lastTurn
  const cached = spawnersOfScopes.get(scope.lineage ?? scope)
  if (cached !== undefined && cached.size === size && cached.last === last) return cached.spawners
  const spawners = new Set(size === 0 ? [scope.parentToolCallId] : scope.turns.map((turn) => spawnerOfTurn(scope, turn)))
  spawnersOfScopes.set(scope.lineage ?? scope, { size, last, spawners })
  return spawners
}

// Grouped afresh for each revision of the scopes, keeping the arrays of the groups last made
// (whatever the store) where they hold the same keys: a card or a turn re-renders when its own lanes change, not
// whenever some subagent streams.
function lanesOf(state: AgentStoreState): Lanes {
  const scopes = state.agent.scopes
  let lanes = lanesOfScopes.get(scopes)
  if (lanes === undefined) {
    const byParent = new Map<string, readonly string[]>()
    const byTurn = new Map<number, readonly string[]>()
    const latest = Math.max(0, (scopes[MAIN_SCOPE]?.turnList.size ?? 1) - 1)
    for (const scope of Object.values(scopes)) {
      if (scope.key === MAIN_SCOPE) continue
      for (const spawner of spawnersOf(scope)) {
        if (spawner === null) group(byTurn, scope.parentTurn ?? latest, scope.key)
        else group(byParent, spawner, scope.key)
      }
    }
    lanes = { byParent: reuse(lastLanes?.byParent, byParent), byTurn: reuse(lastLanes?.byTurn, byTurn) }
    lanesOfScopes.set(scopes, (lastLanes = lanes))
  }
  return lanes
}

// Appended in place while the groups are built (a copy per lane cost O(lanes²) a frame: 22 ms at 4,000 lanes).
function group<K>(groups: Map<K, readonly string[]>, key: K, lane: string): void {
  const lanes = groups.get(key) as string[] | undefined
  if (lanes === undefined) groups.set(key, [lane])
  else lanes.push(lane)
}

function reuse<K>(previous: Map<K, readonly string[]> | undefined, groups: Map<K, readonly string[]>): Map<K, readonly string[]> {
  for (const [key, lanes] of groups) {
    const before = previous?.get(key)
    if (before !== undefined && before.length === lanes.length && before.every((lane, index) => lane === lanes[index])) groups.set(key, before)
  }
  return groups
}

/**
 * The subagents with turns no known tool call spawned, by the top-level turn they started in (the latest
 * turn when none was open), so that every subagent turn is shown somewhere.
 */
export function selectUnattachedSubagentKeys(state: AgentStoreState, turnIndex: number): readonly string[] {
  return lanesOf(state).byTurn.get(turnIndex) ?? EMPTY_KEYS
}

/**
 * The scope keys of the subagents a tool call spawned, one called again by a later call included (each call's lane
 * shows the turns it spawned); the same array until that set changes.
 */
export function selectSubagentKeysOf(state: AgentStoreState, toolCallId: string): readonly string[] {
  return lanesOf(state).byParent.get(toolCallId) ?? EMPTY_KEYS
}

interface KeyIndex {
  blocks: PersistentVector<BlockEntry>
  readonly positions: Map<string, number>
}

// One index per turn lineage, moved along to the revision asked about: only the entries that changed are visited.
const keyIndexes = new WeakMap<object, KeyIndex>()

/** One block of a turn by its key; the same object as long as the block did not change. */
export function selectBlock(turn: Turn | undefined, key: string): BlockEntry | undefined {
  if (turn === undefined) return undefined
  const lineage = turn.lineage ?? turn
  let index = keyIndexes.get(lineage)
  if (index === undefined) {
    index = { blocks: PersistentVector.empty(), positions: new Map() }
    keyIndexes.set(lineage, index)
  }
  const blocks = turn.blocks
  if (index.blocks !== blocks) {
    const { blocks: previous, positions } = index
    blocks.forEachChange(previous, (position) => {
      const before = previous.get(position)
      if (before !== undefined && positions.get(before.key) === position) positions.delete(before.key)
      const after = blocks.get(position)
      if (after !== undefined) positions.set(after.key, position)
    })
    index.blocks = blocks
  }
  const position = index.positions.get(key)
  return position === undefined ? undefined : blocks.get(position)
}

/** A tool call of a scope by id, with its latest result; what changed since the last revision is all it indexes. */
export function selectToolCall(state: AgentStoreState, toolCallId: string, scopeKey = MAIN_SCOPE): JoinedToolCall | undefined {
  const scope = state.agent.scopes[scopeKey]
  return scope === undefined ? undefined : joinedToolCall(scope, toolCallId)
}

/** The chat's own pending confirmation (never a subagent's). */
export function selectPendingConfirmation(state: AgentStoreState): PendingToolCalls | null {
  return state.agent.pendingConfirmation
}

/** The tool calls waiting for the client to run them. */
export function selectPendingExternalExecution(state: AgentStoreState): PendingToolCalls | null {
  return state.agent.pendingExternalExecution
}

/** The turns of one subagent, by scope key (`source`, or `source#taskId`). */
export function selectSubagentLane(state: AgentStoreState, scopeKey: string): Scope | undefined {
  return scopeKey === MAIN_SCOPE ? undefined : state.agent.scopes[scopeKey]
}

// The usage of every turn but the last, for the vector it was summed over: the next vector, made from it by a frame's
// changes to the live turn and the turns after it, adds only those (forEachChange skips the shared subtrees). One
// chat is followed at a time; two stores read in turn each cost O(turns), as every read did before.
interface UsageSum {
  readonly turns: PersistentVector<Turn>
  readonly closed: ChatUsage | null
  readonly total: ChatUsage | null
}

let lastUsage: UsageSum | null = null

/** Token usage summed over every top-level turn, or null when no model call reported any; O(what changed) a frame. */
export function selectUsage(state: AgentStoreState): ChatUsage | null {
  const turns = state.agent.scopes[MAIN_SCOPE]?.turnList ?? PersistentVector.empty<Turn>()
  const last = lastUsage
  if (last?.turns === turns) return last.total
  let from = 0
  let closed: ChatUsage | null = null
  if (last !== null && turns.size >= last.turns.size) {
    let firstChange = turns.size
    turns.forEachChange(last.turns, (index) => void (firstChange = Math.min(firstChange, index)))
    if (firstChange >= last.turns.size - 1) [from, closed] = [Math.max(0, last.turns.size - 1), last.closed]
  }
  for (let index = from; index < turns.size - 1; index++) {
    const usage = (turns.get(index) as Turn).usage
    if (usage !== null) closed = addUsage(closed, usage)
  }
  const usage = turns.last()?.usage ?? null
  let total = usage === null ? closed : addUsage(closed, usage)
  // the same object while the sums are the same, so that what reads it does not render again
  const before = last?.total ?? null
  if (total !== null && before !== null && (Object.keys(total) as (keyof ChatUsage)[]).every((key) => total?.[key] === before[key])) total = before
  lastUsage = { turns, closed, total }
  return total
}

const EMPTY_REQUESTS: readonly SubagentPendingConfirmation[] = /*#__PURE__*/ Object.freeze([])
const requestsByScope = new WeakMap<readonly SubagentPendingConfirmation[], Map<string, readonly SubagentPendingConfirmation[]>>()

/** The confirmations one subagent is waiting for; the same array until they change. */
export function selectSubagentPendingConfirmations(state: AgentStoreState, scopeKey: string): readonly SubagentPendingConfirmation[] {
  const all = state.agent.subagentPendingConfirmations
  if (all.length === 0) return EMPTY_REQUESTS
  let byScope = requestsByScope.get(all)
  if (byScope === undefined) {
    byScope = new Map()
    for (const request of all) {
      const key = request.taskId === null ? request.source : `${request.source}#${request.taskId}`
      byScope.set(key, [...(byScope.get(key) ?? []), request])
    }
    requestsByScope.set(all, byScope)
  }
  return byScope.get(scopeKey) ?? EMPTY_REQUESTS
}
