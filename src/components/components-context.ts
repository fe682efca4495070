import { createContext, useContext } from 'react'
import type { ComponentType } from 'react'
import type { ResolvedMedia } from './media-source'
import type { DataEntry, TextEntry, ThinkingEntry, ToolResultEntry, ToolUseEntry } from '../core/state'
import type { Msg } from '../core/message'
import type { ToolCallStatus } from './tool-status'
import { devError } from '../core/dev-error'

/** Props every tool renderer gets: the call, its latest result, its status and its arguments so far. */
export interface ToolCallRendererProps {
  readonly call: ToolUseEntry
  readonly result: ToolResultEntry | undefined
  /** Where the call stands; terminal once the agent can no longer act on it. */
  readonly status: ToolCallStatus
  /** Partial while the arguments stream, the final `input` after. */
  readonly input: unknown
  /** The scope of the call: `''` at top level, else the subagent's. */
  readonly scopeKey: string
}

/** Props of a media renderer. */
export interface MediaRendererProps {
  readonly media: ResolvedMedia
  readonly name?: string
  readonly streaming?: boolean
}

/** Overrides of the parts `<AgentChat>` renders; anything left out uses the kit's own card. */
export interface AgentChatComponents {
  readonly Text?: ComponentType<{ readonly entry: TextEntry }>
  readonly Thinking?: ComponentType<{ readonly entry: ThinkingEntry }>
  /** Media renderers by media type (`image/png`) or kind (`image`, `audio`, `video`, `file`). */
  readonly Data?: {
    readonly byName?: Readonly<Record<string, ComponentType<MediaRendererProps>>>
    readonly Fallback?: ComponentType<MediaRendererProps>
  }
  /** Tool renderers by tool name, with a fallback for the others. */
  readonly ToolCall?: {
    readonly byName?: Readonly<Record<string, ComponentType<ToolCallRendererProps>>>
    readonly Fallback?: ComponentType<ToolCallRendererProps>
  }
  readonly UserMessage?: ComponentType<{ readonly message: Msg }>
  /** Streamed data blocks (DATA_BLOCK_*) use this entry-level renderer when given. */
  readonly DataBlock?: ComponentType<{ readonly entry: DataEntry }>
}

/** The overrides of the nearest `<AgentChat components>`. */
export const AgentComponentsContext = createContext<AgentChatComponents>({})

/** The component overrides in effect. */
export function useAgentComponents(): AgentChatComponents {
  return useContext(AgentComponentsContext)
}

/** The kit's own parts that render each other, so that the recursion needs no import circle. */
export interface AgentParts {
  /** What turns and tool cards render a subagent's lane with. */
  readonly SubagentLane: ComponentType<{ readonly scopeKey: string; readonly toolCallId?: string | null }>
  /** What a lane renders its subagent's turns with (TurnView). */
  readonly Turn: ComponentType<{ readonly index: number; readonly scopeKey?: string }>
}

/**
 * The recursion turn → block → tool call → subagent lane → turn goes through this context rather than an
 * import circle: `MessageList` (so `<AgentChat>`) and every `SubagentLaneView` provide the lane and the turn.
 */
export const AgentPartsContext = createContext<AgentParts | null>(null)

function MissingLane({ scopeKey }: { readonly scopeKey?: string }) {
  devError(
    'parts:SubagentLane',
    `The lane of subagent ${scopeKey} is not shown: render turns within <AgentChat>, <MessageList> or <SubagentLaneView>.`,
  )
  return null
}

const NO_PARTS: AgentParts = { SubagentLane: MissingLane, Turn: MissingLane }

/** The kit's parts in effect (outside of a provider, lanes are left out with a development warning). */
export function useAgentParts(): AgentParts {
  return useContext(AgentPartsContext) ?? NO_PARTS
}
