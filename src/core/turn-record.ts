import { CallIndex } from './call-index'
import type { ChatUsage, GenerateReason, Msg } from './message'
import { PersistentMap } from './persistent-map'
import { PersistentVector } from './persistent-vector'
import { NO_SPAWNS } from './spawn-index'
import type { SpawnIndex } from './spawn-index'
import type { BlockEntry, ModelCall, Scope, Turn, TurnStatus } from './state'

// Turns and scopes are classes so that their lists can live in persistent vectors (O(1) amortized appends)
// while `entries` and `turns` stay plain arrays for readers: each is made from the vector on first read and
// reused for that revision. The constructors copy every field by name, which keeps one hidden class on V8.

function isStreamingCall(entry: BlockEntry | undefined): boolean {
  return entry !== undefined && entry.kind === 'tool_use' && entry.status === 'streaming'
}

/** How many tool calls among the entries are still streaming. */
export function countStreamingCalls(blocks: PersistentVector<BlockEntry>): number {
  let count = 0
  blocks.forEach((entry) => {
    if (isStreamingCall(entry)) count++
  })
  return count
}

/** The change in streaming tool calls when `before` is replaced by `after`. */
export function streamingCallsDelta(before: BlockEntry | undefined, after: BlockEntry | undefined): number {
  return (isStreamingCall(after) ? 1 : 0) - (isStreamingCall(before) ? 1 : 0)
}

/** A turn as the reducer makes it; read it through the {@link Turn} interface. */
export class TurnRecord implements Turn {
  // `declare`d: the constructor assigns every field, and a field declaration would be emitted again in the bundle
  declare id: string
  declare name: string | null
  declare timestamp: string | null
  declare status: TurnStatus
  declare generateReason: GenerateReason | null
  declare blocks: PersistentVector<BlockEntry>
  declare slots: PersistentMap<number>
  declare spawns: SpawnIndex
  declare calls: CallIndex
  declare callCount: number
  declare streamingCalls: number
  declare modelCallList: PersistentVector<ModelCall>
  declare modelCallSlots: PersistentMap<number>
  declare usage: ChatUsage | null
  declare replyIds: PersistentMap<true>
  declare lastReplyId: string | null
  declare result: Msg | null
  declare stopReason: GenerateReason | null
  declare exceededMaxIters: boolean
  declare askedConfirmation: boolean
  declare askedExternalExecution: boolean
  declare allToolsDenied: boolean
  declare serial: number
  declare parentToolCallId: string | null
  declare lineage: object

  /** A copy of `turn`; a turn written as a plain object (with `entries` only) is accepted too. */
  constructor(turn: Turn) {
    this.id = turn.id
    this.name = turn.name
    this.timestamp = turn.timestamp
    this.status = turn.status
    this.generateReason = turn.generateReason
    const blocks = turn.blocks ?? PersistentVector.from(turn.entries)
    this.blocks = blocks
    this.slots = turn.slots ?? PersistentMap.empty()
    this.spawns = turn.spawns ?? NO_SPAWNS
    if (turn.calls !== undefined && turn.callCount !== undefined) {
      this.calls = turn.calls
      this.callCount = turn.callCount
    } else {
      this.calls = CallIndex.of(blocks)
      this.callCount = this.calls.size
    }
    this.streamingCalls = turn.streamingCalls ?? countStreamingCalls(blocks)
    if (turn.modelCallList !== undefined && turn.modelCallSlots !== undefined) {
      this.modelCallList = turn.modelCallList
      this.modelCallSlots = turn.modelCallSlots
    } else {
      this.modelCalls = turn.modelCalls
    }
    this.usage = turn.usage
    this.replyIds = turn.replyIds ?? PersistentMap.empty()
    this.lastReplyId = turn.lastReplyId ?? null
    this.result = turn.result
    this.stopReason = turn.stopReason
    this.exceededMaxIters = turn.exceededMaxIters
    this.askedConfirmation = turn.askedConfirmation
    this.askedExternalExecution = turn.askedExternalExecution
    this.allToolsDenied = turn.allToolsDenied
    this.serial = turn.serial
    this.parentToolCallId = turn.parentToolCallId ?? null
    this.lineage = turn.lineage ?? {}
  }

  get entries(): readonly BlockEntry[] {
    return this.blocks.toArray()
  }

  set entries(entries: readonly BlockEntry[]) {
    this.blocks = PersistentVector.from(entries)
    this.streamingCalls = countStreamingCalls(this.blocks)
    this.calls = CallIndex.of(entries)
    this.callCount = this.calls.size
  }

  get modelCalls(): readonly ModelCall[] {
    return this.modelCallList.toArray()
  }

  set modelCalls(modelCalls: readonly ModelCall[]) {
    this.modelCallList = PersistentVector.from(modelCalls)
    let slots = PersistentMap.empty<number>()
    modelCalls.forEach((call, index) => {
      slots = slots.set(call.replyId, index)
    })
    this.modelCallSlots = slots
  }

  /** The turn as plain JSON, without the indexes. */
  toJSON(): object {
    const {
      blocks: _blocks,
      modelCallList: _modelCallList,
      modelCallSlots: _modelCallSlots,
      slots: _slots,
      spawns: _spawns,
      calls: _callIndex,
      callCount: _callCount,
      replyIds: _replyIds,
      streamingCalls: _calls,
      lineage: _lineage,
      ...fields
    } = this
    return { ...fields, entries: this.entries, modelCalls: this.modelCalls }
  }
}

/** A scope as the reducer makes it; read it through the {@link Scope} interface. */
export class ScopeRecord implements Scope {
  // `declare`d: the constructor assigns every field, and a field declaration would be emitted again in the bundle
  declare key: string
  declare source: string | null
  declare taskId: string | null
  declare turnList: PersistentVector<Turn>
  declare open: boolean
  declare parentToolCallId: string | null
  declare parentTurn: number | null
  declare toolCallTurns: PersistentMap<number>
  declare closedReplyIds: PersistentMap<true>
  declare lineage: object

  /** A copy of `scope`; a scope written as a plain object (with `turns` only) is accepted too. */
  constructor(scope: Scope) {
    this.key = scope.key
    this.source = scope.source
    this.taskId = scope.taskId
    this.open = scope.open
    this.parentToolCallId = scope.parentToolCallId
    this.parentTurn = scope.parentTurn
    this.lineage = scope.lineage ?? {}
    if (scope.turnList !== undefined && scope.toolCallTurns !== undefined && scope.closedReplyIds !== undefined) {
      this.turnList = scope.turnList
      this.toolCallTurns = scope.toolCallTurns
      this.closedReplyIds = scope.closedReplyIds
    } else {
      this.turnList = PersistentVector.empty()
      this.toolCallTurns = PersistentMap.empty()
      this.closedReplyIds = PersistentMap.empty()
      this.turns = scope.turns
    }
  }

  get turns(): readonly Turn[] {
    return this.turnList.toArray()
  }

  /** Replaces every turn and re-indexes the closed ones (loading history; the reducer appends with `turnList`). */
  set turns(turns: readonly Turn[]) {
    this.turnList = PersistentVector.from(turns)
    let toolCallTurns = PersistentMap.empty<number>()
    let replyIds = PersistentMap.empty<true>()
    turns.forEach((turn, index) => {
      if (this.open && index === turns.length - 1) return
      toolCallTurns = indexToolCalls(toolCallTurns, turn, index)
      replyIds = indexReplyIds(replyIds, turn)
    })
    this.toolCallTurns = toolCallTurns
    this.closedReplyIds = replyIds
  }

  /** The scope as plain JSON, without the indexes. */
  toJSON(): object {
    const { turnList: _turns, toolCallTurns: _calls, closedReplyIds: _replyIds, lineage: _lineage, ...fields } = this
    return { ...fields, turns: this.turns }
  }
}

/** `index` recorded for every tool call of the turn. */
export function indexToolCalls(index: PersistentMap<number>, turn: Turn, turnIndex: number): PersistentMap<number> {
  let next = index
  const calls = turn.calls ?? CallIndex.of(turn.entries)
  calls.forEach(turn.callCount ?? calls.size, (_entryIndex, toolCallId) => {
    next = next.set(toolCallId, turnIndex)
  })
  return next
}

/** The replyIds of the turn added to `index`. */
export function indexReplyIds(index: PersistentMap<true>, turn: Turn): PersistentMap<true> {
  let next = index
  turn.replyIds?.forEach((_value, replyId) => {
    next = next.set(replyId, true)
  })
  return next
}
