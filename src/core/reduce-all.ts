import { applyBlockDelta } from './apply-blocks'
import { applyToolResultDeltas } from './apply-tools'
import type { ToolResultDelta } from './apply-tools'
import type { AgentEvent, DataBlockDeltaEvent, TextBlockDeltaEvent, ThinkingBlockDeltaEvent } from './events'
import type { LocalEvent } from './local-events'
import { copyState } from './copy-records'
import type { Mutable } from './copy-records'
import { reduce } from './reduce'
import type { ReduceErrorHandler } from './reduce'
import { beginScopeWrites, inScopeBatch, undoScopeWrites } from './scope-batch'
import { markSeenId } from './seen-ids'
import { scopeKeyOf } from './turns'
import type { SeenIds } from './seen-ids'
import type { AgentState } from './state'

type StreamedDelta = TextBlockDeltaEvent | ThinkingBlockDeltaEvent | DataBlockDeltaEvent

// Applies a run's deltas (those not seen before, at least one) as one change.
type RunApply = (state: AgentState, deltas: readonly AgentEvent[]) => AgentState

const KIND_OF_DELTA = { TEXT_BLOCK_DELTA: 'text', THINKING_BLOCK_DELTA: 'thinking', DATA_BLOCK_DELTA: 'data' } as const

// A delta that only appends text to its block: nothing in it but what names the block (no metadata, which can
// name a subagent task or a media type).
function isPlainDelta(event: AgentEvent | LocalEvent): event is StreamedDelta {
  return (
    (event.type === 'TEXT_BLOCK_DELTA' || event.type === 'THINKING_BLOCK_DELTA' || event.type === 'DATA_BLOCK_DELTA') &&
    event.metadata === undefined &&
    typeof event.delta === 'string'
  )
}

function sameBlock(left: StreamedDelta, right: AgentEvent | LocalEvent): boolean {
  return (
    left.type === right.type &&
    isPlainDelta(right) &&
    left.blockId === right.blockId &&
    left.replyId === right.replyId &&
    left.source === right.source
  )
}

// A result delta's metadata is not applied (its END's is), but it may name a subagent task: a run stays in one scope
// (its source and taskId, `scopeKeyOf`).
// Upstream's non-streaming tools put the result's metadata on every delta, which kept them out of runs: copied once
// per delta, 20,000 data blocks took 2.4 s.
function isResultDelta(event: AgentEvent | LocalEvent): event is ToolResultDelta {
  return event.type === 'TOOL_RESULT_TEXT_DELTA' || event.type === 'TOOL_RESULT_DATA_DELTA'
}

// Text and data into one running result, in any order: its output is copied once for the run.
function sameResult(left: ToolResultDelta, right: AgentEvent | LocalEvent): boolean {
  return isResultDelta(right) && left.toolCallId === right.toolCallId && left.replyId === right.replyId && scopeKeyOf(left) === scopeKeyOf(right)
}

// A run of deltas into one text, thinking or data block, applied as one delta of the first non-empty one's (its id
// keys the block if the run starts it) carrying their joined text: an empty delta does not even start the block.
function applyBlockRun(state: AgentState, deltas: readonly StreamedDelta[]): AgentState {
  const parts = deltas.filter((delta) => delta.delta !== '')
  const first = parts[0]
  if (first === undefined) return state
  // joined at the end, which makes one flat string: the block's text then grows by one piece per run, not per delta
  return applyBlockDelta(state, { ...first, delta: parts.map((delta) => delta.delta).join('') }, KIND_OF_DELTA[first.type])
}

/**
 * Applies the events in order, with the same outcome as {@link reduce} applied to each: the state one would
 * get, the same ids seen, the same errors. What it saves is the states in between, which a caller that
 * publishes once per frame never shows: a run of deltas into one text, thinking or data block (nearly every
 * event of a stream) is applied as one append of their joined text, so the path to the block is copied
 * once per run rather than once per delta, and a run of text and data deltas into one tool result copies its
 * output once. A delta whose id was seen (a replay) is left out of the run, as `reduce` would skip it.
 */
export function reduceAll(state: AgentState, events: readonly (AgentEvent | LocalEvent)[], onError?: ReduceErrorHandler): AgentState {
  return inScopeBatch(() => reduceEach(state, events, onError))
}

function reduceEach(state: AgentState, events: readonly (AgentEvent | LocalEvent)[], onError: ReduceErrorHandler | undefined): AgentState {
  let next = state
  let index = 0
  while (index < events.length) {
    const event = events[index] as AgentEvent | LocalEvent
    let end = index + 1
    let apply: RunApply | null = null
    try {
      if (isPlainDelta(event)) {
        apply = applyBlockRun as RunApply
        while (end < events.length && sameBlock(event, events[end] as AgentEvent | LocalEvent)) end++
      } else if (isResultDelta(event)) {
        apply = applyToolResultDeltas as RunApply
        while (end < events.length && sameResult(event, events[end] as AgentEvent | LocalEvent)) end++
      }
    } catch {
      // A value that throws when read ends the run here; reduce reports it when it gets to it.
    }
    if (end - index > 1 && apply !== null) {
      try {
        next = reduceRun(next, events as readonly AgentEvent[], index, end, apply)
        index = end
        continue
      } catch {
        // Nothing of the run was kept: it goes event by event, and reduce reports what fails.
      }
    }
    for (; index < end; index++) next = reduce(next, events[index] as AgentEvent | LocalEvent, onError)
  }
  return next
}

function reduceRun(state: AgentState, events: readonly AgentEvent[], start: number, end: number, apply: RunApply): AgentState {
  let seenIds: SeenIds = state.seenIds
  let seenCount = state.seenCount
  let marked = false
  const fresh: AgentEvent[] = []
  for (let index = start; index < end; index++) {
    const event = events[index] as AgentEvent
    const id: unknown = event.id
    if (typeof id === 'string' && id !== '') {
      const seen = markSeenId(seenIds, seenCount, id)
      if (seen === null) continue
      seenIds = seen
      seenCount = seen.total
      marked = true
    }
    fresh.push(event)
  }
  let applied = state
  if (fresh.length > 0) {
    try {
      beginScopeWrites()
      applied = apply(state, fresh)
    } catch (caught) {
      // One delta of the run failed: undone, the run goes event by event (reduceEach), so that only that delta is
      // lost and reported by its own id. The ids marked here are past `state`'s count, so they count as unseen there.
      undoScopeWrites()
      throw caught
    }
  }
  if (!marked) return applied
  const next = applied === state ? copyState(state) : (applied as Mutable<AgentState>)
  next.seenIds = seenIds
  next.seenCount = seenCount
  return next
}
