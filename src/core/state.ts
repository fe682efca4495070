import type { CallIndex } from './call-index'
import type { ChatUsage, DataBlock, GenerateReason, HintBlock, Msg, TextBlock, ThinkingBlock, ToolResultBlock, ToolUseBlock } from './message'
import type { PersistentMap } from './persistent-map'
import type { PersistentVector } from './persistent-vector'
import { createSeenIds } from './seen-ids'
import type { SpawnIndex } from './spawn-index'
import type { SeenIds } from './seen-ids'
import { ScopeRecord } from './turn-record'

/** Where a turn stands (protocol §7.2). */
export type TurnStatus =
  'streaming' | 'completed' | 'awaiting_confirmation' | 'awaiting_external_execution' | 'interrupted' | 'max_iterations' | 'stopped' | 'incomplete'

/** Whether a block is still receiving events. */
export type BlockStatus = 'streaming' | 'done'

/** One model call of a turn and the usage it reported. */
export interface ModelCall {
  readonly replyId: string
  readonly usage: ChatUsage | null
}

interface EntryFields {
  /** Stable and unique: the id of the event that created the block (protocol §7.9). */
  readonly key: string
  readonly status: BlockStatus
  /** `createdAt` of the event that created the block, and of the one that ended it. */
  readonly startedAt: string | null
  readonly endedAt: string | null
}

interface StreamedFields extends EntryFields {
  /** The slot it is open under while it streams, else null. */
  readonly openKey: string | null
  /** The (replyId, blockId) of the events that stream into it. */
  readonly replyId: string | undefined
  readonly blockId: string
}

/** A text block. */
export interface TextEntry extends StreamedFields {
  readonly kind: 'text'
  readonly block: TextBlock
}

/** A thinking block. */
export interface ThinkingEntry extends StreamedFields {
  readonly kind: 'thinking'
  readonly block: ThinkingBlock
}

/** A media block; `raw` is the concatenated base64 (or URL) text received so far. */
export interface DataEntry extends StreamedFields {
  readonly kind: 'data'
  readonly block: DataBlock
  readonly raw: string
  readonly mediaTypeHint: string | null
}

/** One link of the argument fragments of a tool call, newest first. */
export interface ArgumentsLink {
  readonly previous: ArgumentsLink | null
  readonly delta: string
}

/** A tool call; `arguments` is the raw JSON text, always available while it streams. */
export interface ToolUseEntry extends EntryFields {
  readonly kind: 'tool_use'
  readonly block: ToolUseBlock
  readonly arguments: string
  /** The fragments, for the incremental partial parse (see `partialToolInput`). */
  readonly argumentsTail: ArgumentsLink | null
  /** Shared by every revision of this tool call. */
  readonly argumentsLineage: object
  /** The call as the model wrote it, when the user approved it with edited arguments. */
  readonly editedFrom?: ToolUseBlock
}

/** A tool result; `status` is `streaming` until its END (its outcome is `block.state`). */
export interface ToolResultEntry extends EntryFields {
  readonly kind: 'tool_result'
  readonly block: ToolResultBlock
}

/** A hint injected before a model call. */
export interface HintEntry extends EntryFields {
  readonly kind: 'hint'
  readonly block: HintBlock
}

/** Any block of a turn with what the UI needs beyond the Msg block. */
export type BlockEntry = TextEntry | ThinkingEntry | DataEntry | ToolUseEntry | ToolResultEntry | HintEntry

/** One agent call (AGENT_START … AGENT_END): it becomes one assistant Msg. */
export interface Turn {
  /** The Msg id: the AGENT_START replyId, else its event id. */
  readonly id: string
  readonly name: string | null
  /** The AGENT_START `createdAt` (ISO-8601, kit policy). */
  readonly timestamp: string | null
  readonly status: TurnStatus
  /** Resolved when the turn closes; null means MODEL_STOP. */
  readonly generateReason: GenerateReason | null
  /** The blocks in order: an array made from `blocks` on first read, the same array for this revision. */
  readonly entries: readonly BlockEntry[]
  /** The same blocks as a persistent vector: what the reducer appends to in O(1) amortized. */
  readonly blocks: PersistentVector<BlockEntry>
  /** Lookup of open blocks and open results to their index in `entries`. */
  readonly slots: PersistentMap<number>
  /** The running results indexed for the subagents that start under them (absent on a turn written as a plain object). */
  readonly spawns?: SpawnIndex
  /** The tool calls' indexes in `entries`, shared by the turn's revisions: read it with `calls.lookup(callCount, id)`. */
  readonly calls: CallIndex
  /** How many of `calls` this revision has. */
  readonly callCount: number
  /** How many tool calls in `entries` are still streaming (so a model call's end need not look at every block). */
  readonly streamingCalls: number
  /** The model calls in order: an array made from `modelCallList` on first read, the same array for this revision. */
  readonly modelCalls: readonly ModelCall[]
  /** The same calls as a persistent vector, what the reducer appends to (absent on a turn written as a plain object). */
  readonly modelCallList?: PersistentVector<ModelCall>
  /** Lookup of a model call's replyId to its index in `modelCalls`. */
  readonly modelCallSlots?: PersistentMap<number>
  /** The sum over the model calls that reported usage, or null. */
  readonly usage: ChatUsage | null
  /** replyIds seen in this turn, to recognise late events once it is closed. */
  readonly replyIds: PersistentMap<true>
  /** The replyId recorded last, checked before `replyIds`. */
  readonly lastReplyId: string | null
  /** The AGENT_RESULT Msg, kept apart from the content. */
  readonly result: Msg | null
  readonly stopReason: GenerateReason | null
  readonly exceededMaxIters: boolean
  readonly askedConfirmation: boolean
  readonly askedExternalExecution: boolean
  readonly allToolsDenied: boolean
  /** Counter for the keys of blocks whose creating event had no id. */
  readonly serial: number
  /**
   * For a subagent's turn: the top-level tool call that was running when it started (the spawner of this run), if
   * known. A subagent called again by another tool call keeps its scope, and each call shows the turns it spawned.
   * Absent on a turn written as a plain object: then the scope's `parentToolCallId` stands for it.
   */
  readonly parentToolCallId?: string | null
  /** The same object for every revision of this turn, for caches that follow it (`selectBlock`). */
  readonly lineage?: object
}

/** The turns of one agent: the top level (key `''`) or one subagent (`source`, or `source#taskId`). */
export interface Scope {
  readonly key: string
  readonly source: string | null
  readonly taskId: string | null
  /** The turns in order: an array made from `turnList` on first read, the same array for this revision. */
  readonly turns: readonly Turn[]
  /** The same turns as a persistent vector: what the reducer appends to and replaces in. */
  readonly turnList: PersistentVector<Turn>
  /** For each tool call of a closed turn, the index of the newest closed turn that holds it. */
  readonly toolCallTurns: PersistentMap<number>
  /** The replyIds of the closed turns, to recognise late events. */
  readonly closedReplyIds: PersistentMap<true>
  /** Whether the last turn is still open. */
  readonly open: boolean
  /** The same object for every revision of this scope, for caches that follow it (the store's tool index). */
  readonly lineage?: object
  /** For a subagent: the top-level tool call that was running when it started (its spawner), if known. */
  readonly parentToolCallId: string | null
  /** For a subagent: the index of the top-level turn that was open when it started, if any. */
  readonly parentTurn: number | null
}

/** Tool calls waiting for the user (confirmation) or the client (external execution). */
export interface PendingToolCalls {
  readonly requestReplyId: string | null
  readonly toolCalls: readonly ToolUseBlock[]
}

/** A confirmation asked by a subagent: never the chat's own pending confirmation. */
export interface SubagentPendingConfirmation extends PendingToolCalls {
  readonly source: string
  readonly taskId: string | null
}

/** A subagent the user can talk to directly. */
export interface ExposedSubagent {
  readonly subagentId: string
  readonly agentId: string | null
  readonly sessionId: string | null
  readonly label: string | null
}

/** An application notification (CUSTOM event). */
export interface CustomEventRecord {
  readonly name: string
  readonly value: unknown
  readonly source: string | null
}

/** A message the user sent (or that was loaded), placed before the top-level turn at `turnIndex`. */
export interface UserMessageEntry {
  readonly message: Msg
  /** How many top-level turns came before it: it precedes the turn with this index. */
  readonly turnIndex: number
}

/** Everything rebuilt from the events: immutable, with untouched parts shared between states. */
export interface AgentState {
  readonly scopes: Readonly<Record<string, Scope>>
  readonly pendingConfirmation: PendingToolCalls | null
  readonly pendingExternalExecution: PendingToolCalls | null
  readonly subagentPendingConfirmations: readonly SubagentPendingConfirmation[]
  /** The subagents the user can talk to directly, in the order they were first exposed: the newest 1,000. */
  readonly exposedSubagents: readonly ExposedSubagent[]
  /** The CUSTOM events received, oldest first: the newest 1,000 (older ones are dropped, so that the state stays bounded). */
  readonly customEvents: readonly CustomEventRecord[]
  /** The user's messages in order, entered by `USER_MESSAGE` local events or loaded with the history. */
  readonly userMessages: readonly UserMessageEntry[]
  /** Event ids applied so far; shared between states, see `seen-ids.ts`. */
  readonly seenIds: SeenIds
  /** How many of `seenIds` this state has seen. */
  readonly seenCount: number
}

/** The key of the top-level agent's scope. */
export const MAIN_SCOPE = ''

/** A state with no events applied. */
export function createAgentState(): AgentState {
  return {
    scopes: { [MAIN_SCOPE]: newScope(MAIN_SCOPE, null, null, null, null) },
    pendingConfirmation: null,
    pendingExternalExecution: null,
    subagentPendingConfirmations: [],
    exposedSubagents: [],
    customEvents: [],
    userMessages: [],
    seenIds: createSeenIds(),
    seenCount: 0,
  }
}

/** An empty scope. */
export function newScope(
  key: string,
  source: string | null,
  taskId: string | null,
  parentToolCallId: string | null,
  parentTurn: number | null,
): Scope {
  return new ScopeRecord({ key, source, taskId, turns: [], open: false, parentToolCallId, parentTurn } as unknown as Scope)
}
