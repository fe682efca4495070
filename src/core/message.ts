/**
 * AgentScope `Msg` and `ContentBlock` JSON, exactly as the Java server serializes them
 * (protocol §5). Field names, enum spellings and nulls follow Jackson's output.
 */

/** Message roles; uppercase on the wire (`MsgRole`, no `@JsonValue`). */
export type MsgRole = 'USER' | 'ASSISTANT' | 'SYSTEM' | 'TOOL'

/** Why a reply stopped; travels only as `metadata.agentscope_generate_reason`. */
export type GenerateReason =
  | 'MODEL_STOP'
  | 'TOOL_CALLS'
  | 'STRUCTURED_OUTPUT'
  | 'TOOL_SUSPENDED'
  | 'REASONING_STOP_REQUESTED'
  | 'ACTING_STOP_REQUESTED'
  | 'PERMISSION_ASKING'
  | 'MIDDLEWARE_STOP_REQUESTED'
  | 'ALL_TOOLS_DENIED'
  | 'INTERRUPTED'
  | 'MAX_ITERATIONS'

/** Lifecycle of a tool call on the model side; lowercase on the wire. */
export type ToolCallState = 'pending' | 'asking' | 'allowed' | 'submitted' | 'finished'

/** Outcome of a tool execution; lowercase on the wire, `running` while it executes or waits. */
export type ToolResultState = 'success' | 'error' | 'interrupted' | 'denied' | 'running'

/** Token usage of one model call (`ChatUsage`); `time` is in seconds. */
export interface ChatUsage {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly cachedTokens: number
  readonly time: number
  readonly totalTokens: number
}

/** Inline bytes with their media type (`Base64Source`). */
export interface Base64Source {
  readonly type: 'base64'
  readonly media_type: string | null
  readonly data: string
}

/** A link to media (`URLSource`); `mime_type` is omitted when unknown. */
export interface UrlSource {
  readonly type: 'url'
  readonly url: string
  readonly mime_type?: string
}

/** Where the bytes of a media block come from. */
export type MediaSource = Base64Source | UrlSource

/** Plain text. */
export interface TextBlock {
  readonly type: 'text'
  readonly text: string
}

/** Model reasoning; `metadata` is `null` unless the provider sent details. */
export interface ThinkingBlock {
  readonly type: 'thinking'
  readonly thinking: string
  readonly metadata: Readonly<Record<string, unknown>> | null
}

/** A tool call: `content` is the raw JSON argument text the server validates and executes. */
export interface ToolUseBlock {
  readonly type: 'tool_use'
  readonly id: string
  readonly name: string | null
  readonly input: Readonly<Record<string, unknown>>
  readonly content: string | null
  readonly metadata: Readonly<Record<string, unknown>>
  readonly state: ToolCallState
}

/** The result of a tool call; `output` holds any content blocks. */
export interface ToolResultBlock {
  readonly type: 'tool_result'
  readonly id: string
  readonly name: string | null
  readonly output: readonly ContentBlock[]
  readonly metadata: Readonly<Record<string, unknown>>
  readonly state: ToolResultState
}

/** A one-shot hint injected before a model call (`source` is the sender). */
export interface HintBlock {
  readonly type: 'hint'
  readonly id: string
  readonly hint: string
  readonly source: string | null
}

/** Media of any type (`DataBlock`, NON_NULL: absent fields are omitted). */
export interface DataBlock {
  readonly type: 'data'
  readonly source: MediaSource
  readonly id?: string
  readonly name?: string
}

/** Legacy image block. */
export interface ImageBlock {
  readonly type: 'image'
  readonly source: MediaSource
  readonly minPixels?: number
  readonly maxPixels?: number
}

/** Legacy audio block. */
export interface AudioBlock {
  readonly type: 'audio'
  readonly source: MediaSource
}

/** Legacy video block. */
export interface VideoBlock {
  readonly type: 'video'
  readonly source: MediaSource
  readonly fps?: number
  readonly maxFrames?: number
  readonly minPixels?: number
  readonly maxPixels?: number
  readonly totalPixels?: number
}

/** A block type this kit does not know, kept verbatim. */
export interface UnknownContentBlock {
  readonly type: string
  readonly [field: string]: unknown
}

/** Every block type by its `type` name. */
export interface ContentBlockMap {
  text: TextBlock
  thinking: ThinkingBlock
  tool_use: ToolUseBlock
  tool_result: ToolResultBlock
  hint: HintBlock
  data: DataBlock
  image: ImageBlock
  audio: AudioBlock
  video: VideoBlock
}

/** The name of a block type this kit knows. */
export type ContentBlockType = keyof ContentBlockMap

/** A block the kit knows. */
export type KnownContentBlock = ContentBlockMap[ContentBlockType]

/** Any block of a message; unknown types are kept verbatim. */
export type ContentBlock = KnownContentBlock | UnknownContentBlock

/** An AgentScope message (`Msg`): every key is always present, nulls included. */
export interface Msg {
  readonly id: string | null
  readonly name: string | null
  readonly role: MsgRole
  readonly content: readonly ContentBlock[]
  readonly metadata: Readonly<Record<string, unknown>>
  readonly timestamp: string | null
  readonly usage: ChatUsage | null
}

/** A permission rule stored when the user chooses "always allow" (`PermissionRule`). */
export interface PermissionRule {
  readonly tool_name: string
  readonly rule_content: string | null
  readonly behavior: 'allow' | 'deny' | 'ask' | 'passthrough'
  readonly source: string
}

/** The user's answer to one tool call awaiting confirmation (`ConfirmResult`). */
export interface ConfirmResult {
  readonly confirmed: boolean
  readonly toolCall: ToolUseBlock
  readonly rules: readonly PermissionRule[] | null
}

/** Metadata keys the framework uses on messages. */
export const MESSAGE_METADATA = {
  generateReason: 'agentscope_generate_reason',
  confirmResults: 'agentscope_confirm_results',
  confirmRequestReplyId: 'agentscope_confirm_request_reply_id',
  externalExecutionRequestReplyId: 'agentscope_external_execution_request_reply_id',
  chatUsage: '_chat_usage',
  structuredOutput: '_structured_output',
  suspended: 'agentscope_suspended',
} as const

const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set<ContentBlockType>([
  'text',
  'thinking',
  'tool_use',
  'tool_result',
  'hint',
  'data',
  'image',
  'audio',
  'video',
])

/** Narrows a block to one known type. */
export function isContentBlock<T extends ContentBlockType>(block: ContentBlock, type: T): block is ContentBlockMap[T] {
  return block.type === type
}

/** Whether a block's type is one this kit knows. */
export function isKnownContentBlock(block: ContentBlock): block is KnownContentBlock {
  return KNOWN_BLOCK_TYPES.has(block.type)
}
