import { finalizeDataEntry } from './data-block'
import type {
  AgentEvent,
  BlockEventFields,
  DataBlockDeltaEvent,
  DataBlockStartEvent,
  HintBlockEvent,
  TextBlockDeltaEvent,
  ThinkingBlockDeltaEvent,
} from './events'
import type { AgentState, BlockEntry, DataEntry, TextEntry, ThinkingEntry, Turn } from './state'
import { appendEntry, dropAtClose, entryKey, inCurrentTurn, releaseSlot, removeEntry, replaceEntry, slot } from './turns'

type StreamedKind = 'text' | 'thinking' | 'data'
type StreamedEntry = TextEntry | ThinkingEntry | DataEntry

function newEntry(kind: StreamedKind, key: string, openKey: string, event: BlockEventFields): StreamedEntry {
  const { replyId, blockId } = event
  const fields = { key, status: 'streaming', startedAt: event.createdAt ?? null, endedAt: null, openKey, replyId, blockId } as const
  switch (kind) {
    case 'text': {
      return { kind, ...fields, block: { type: 'text', text: '' } }
    }
    case 'thinking': {
      return { kind, ...fields, block: { type: 'thinking', thinking: '', metadata: null } }
    }
    case 'data': {
      const block = { type: 'data', source: { type: 'base64', media_type: null, data: '' }, id: blockId } as const
      return { kind, ...fields, block, raw: '', mediaTypeHint: mediaTypeHint(event) }
    }
    default: {
      kind satisfies never
      throw new Error('unreachable')
    }
  }
}

// Java sends no media type; a hint may come from the docs' `mediaType` or from metadata (§7.4).
function mediaTypeHint(event: BlockEventFields): string | null {
  const metadata = event.metadata
  const hint = metadata?.mediaType ?? metadata?.media_type ?? (event as DataBlockStartEvent).mediaType
  return typeof hint === 'string' && hint !== '' ? hint.toLowerCase() : null
}

function startBlock(turn: Turn, kind: StreamedKind, event: BlockEventFields): Turn {
  const openKey = slot.open(kind, event.replyId, event.blockId)
  if (turn.slots.get(openKey) !== undefined) return turn
  return appendEntry(turn, newEntry(kind, entryKey(turn, event), openKey, event), openKey)
}

// Object literals rather than spreads: this runs once per delta (see copy-records.ts).
function appendDelta(entry: StreamedEntry, delta: string): StreamedEntry {
  const { key, status, startedAt, endedAt, openKey, replyId, blockId } = entry
  switch (entry.kind) {
    case 'text': {
      const block = { type: 'text', text: entry.block.text + delta } as const
      return { kind: 'text', key, status, startedAt, endedAt, openKey, replyId, blockId, block }
    }
    case 'thinking': {
      const block = { type: 'thinking', thinking: entry.block.thinking + delta, metadata: entry.block.metadata } as const
      return { kind: 'thinking', key, status, startedAt, endedAt, openKey, replyId, blockId, block }
    }
    case 'data': {
      const { block, mediaTypeHint } = entry
      const raw = entry.raw + delta
      return { kind: 'data', key, status, startedAt, endedAt, openKey, replyId, blockId, block, raw, mediaTypeHint }
    }
    default: {
      entry satisfies never
      return entry
    }
  }
}

// The open block for (kind, replyId, blockId): usually the last entry, else found through its slot.
function openIndex(turn: Turn, kind: StreamedKind, event: BlockEventFields): number | undefined {
  const lastIndex = turn.blocks.size - 1
  const last = turn.blocks.last()
  if (last !== undefined && last.kind === kind && last.openKey !== null && last.blockId === event.blockId && last.replyId === event.replyId) {
    return lastIndex
  }
  return turn.slots.get(slot.open(kind, event.replyId, event.blockId))
}

function deltaBlock(turn: Turn, kind: StreamedKind, event: BlockEventFields & { delta?: string }): Turn {
  const delta = event.delta
  if (!delta) return turn
  let target = turn
  let index = openIndex(turn, kind, event)
  if (index === undefined) {
    target = startBlock(turn, kind, event)
    index = target.blocks.size - 1
  }
  return replaceEntry(target, index, appendDelta(target.blocks.get(index) as StreamedEntry, delta))
}

function endBlock(turn: Turn, kind: StreamedKind, event: BlockEventFields): Turn {
  const openKey = slot.open(kind, event.replyId, event.blockId)
  const index = turn.slots.get(openKey)
  if (index === undefined) return turn
  const entry = turn.blocks.get(index) as StreamedEntry
  const closed = closeStreamedEntry(entry, event.createdAt ?? null)
  if (closed === null && removable(turn, index)) return removeEntry(turn, index)
  return releaseSlot(
    replaceEntry(turn, index, closed ?? dropAtClose({ ...entry, status: 'done', openKey: null, endedAt: event.createdAt ?? null })),
    openKey,
  )
}

// An empty block is removed at its END where that is cheap: few blocks after it (AgentScope ends an empty thinking
// block once the text or a tool call began), and none a tool call unless the turn is small (the calls' indexes are
// then rebuilt). Else it is dropped when the turn closes: ending thousands of empty blocks oldest first cost
// O(blocks after) each, 33 s for 8,000.
function removable(turn: Turn, index: number): boolean {
  const size = turn.blocks.size
  if (size - 1 - index > 32) return false
  if (size <= 512) return true
  for (let at = index + 1; at < size; at++) if (turn.blocks.get(at)?.kind === 'tool_use') return false
  return true
}

function closeStreamedEntry(entry: StreamedEntry, endedAt: string | null): BlockEntry | null {
  switch (entry.kind) {
    case 'text': {
      return entry.block.text === '' ? null : { ...entry, status: 'done', openKey: null, endedAt }
    }
    case 'thinking': {
      return entry.block.thinking === '' ? null : { ...entry, status: 'done', openKey: null, endedAt }
    }
    case 'data': {
      return finalizeDataEntry(entry, endedAt)
    }
    default: {
      entry satisfies never
      return entry
    }
  }
}

/** TEXT/THINKING/DATA_BLOCK_START: a new block under (replyId, blockId), unless one is open there. */
export function applyBlockStart(state: AgentState, event: BlockEventFields, kind: StreamedKind): AgentState {
  return inCurrentTurn(state, event as AgentEvent, (turn) => startBlock(turn, kind, event))
}

/** TEXT/THINKING/DATA_BLOCK_DELTA: appends to the open block, starting one if none is open. */
export function applyBlockDelta(
  state: AgentState,
  event: TextBlockDeltaEvent | ThinkingBlockDeltaEvent | DataBlockDeltaEvent,
  kind: StreamedKind,
): AgentState {
  return inCurrentTurn(state, event, (turn) => deltaBlock(turn, kind, event))
}

/** TEXT/THINKING/DATA_BLOCK_END: closes the block; an empty one is dropped. */
export function applyBlockEnd(state: AgentState, event: BlockEventFields, kind: StreamedKind): AgentState {
  return inCurrentTurn(state, event as AgentEvent, (turn) => endBlock(turn, kind, event))
}

/** HINT_BLOCK: a one-shot hint block in the current turn. */
export function applyHint(state: AgentState, event: HintBlockEvent): AgentState {
  return inCurrentTurn(state, event, (turn) =>
    appendEntry(turn, {
      kind: 'hint',
      key: entryKey(turn, event),
      status: 'done',
      startedAt: event.createdAt ?? null,
      endedAt: event.createdAt ?? null,
      block: { type: 'hint', id: event.blockId, hint: event.hint, source: event.hintSource ?? null },
    }),
  )
}
