/**
 * Builders for the messages and answers a client sends to an AgentScope server (protocol §9.1),
 * shaped like upstream's `UserMessage.builder()` & co. and checked the way `Msg`'s constructor checks them.
 * Bad input is a programming error, so it throws a `TypeError` whose message says what to pass instead.
 */
import {
  isContentBlock,
  type Base64Source,
  type ContentBlock,
  type ContentBlockMap,
  type ContentBlockType,
  type ConfirmResult,
  type DataBlock,
  type MediaSource,
  type Msg,
  type MsgRole,
  type PermissionRule,
  type TextBlock,
  type ToolCallState,
  type ToolResultBlock,
  type ToolResultState,
  type ToolUseBlock,
  type UrlSource,
} from './message'
import { describeValue } from './describe-value'
import { isJsonObject } from './is-json-object'

/** Options shared by every message builder. */
export interface MessageOptions {
  /** @default a fresh UUID with dashes, as `Msg.Builder` mints */
  readonly id?: string
  /**
   * Sender name; `null` writes `"name":null`.
   * @default the role's name (`'user'`, `'system'`, `'assistant'`); `null` for TOOL, as upstream
   */
  readonly name?: string | null
  /** Entries whose value is `null` or `undefined` are dropped, as upstream's `Msg` constructor does. @default {} */
  readonly metadata?: Readonly<Record<string, unknown>>
  /** A `Date` (formatted in local time) or a `yyyy-MM-dd HH:mm:ss.SSS` string. @default now */
  readonly timestamp?: string | Date
}

/** Where the bytes of a data block come from: a ready source, inline base64, or a link. */
export type DataBlockInput =
  MediaSource | { readonly base64: string; readonly mediaType: string } | { readonly url: string; readonly mediaType?: string }

/** Optional fields of a data block; absent ones are omitted (DataBlock is NON_NULL). */
export interface DataBlockOptions {
  /** @default omitted; the server then generates one */
  readonly id?: string
  /** A file name shown to the model and the user. @default omitted */
  readonly name?: string
}

/** Optional fields of a tool result block. */
export interface ToolResultBlockOptions {
  /** The tool's name. @default null */
  readonly name?: string | null
  /** Always sent explicitly, because the server's default is `running`. @default 'success' */
  readonly state?: ToolResultState
  /** @default {} */
  readonly metadata?: Readonly<Record<string, unknown>>
}

/** The user's answer to one tool call awaiting confirmation. */
export interface ConfirmationDecision {
  /** The call it answers; `confirmResult` takes the call itself and ignores this. */
  readonly toolCallId: string
  readonly approved: boolean
  /** Edited arguments; they replace both `input` and `content` (the server executes `content`). */
  readonly input?: Readonly<Record<string, unknown>>
  /** Rules to register ("always allow"); kept only when approved, as upstream registers them only then. */
  readonly rules?: readonly PermissionRule[]
}

// ---------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------

const ALLOWED_BLOCK_TYPES: Readonly<Record<MsgRole, readonly string[] | null>> = {
  USER: ['text', 'data', 'image', 'audio', 'video'],
  SYSTEM: ['text'],
  ASSISTANT: null,
  TOOL: null,
}

const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/
const TOOL_RESULT_STATES: readonly string[] = ['success', 'error', 'interrupted', 'denied', 'running']

/** Builds a USER message; a string becomes one text block. @example userMessage('Clean the build') */
export function userMessage(content: string | ContentBlock | readonly ContentBlock[], options?: MessageOptions): Msg {
  return buildMessage('USER', 'user', content, options)
}

/** Builds a SYSTEM message; it may hold text blocks only. */
export function systemMessage(content: string | ContentBlock | readonly ContentBlock[], options?: MessageOptions): Msg {
  return buildMessage('SYSTEM', 'system', content, options)
}

/** Builds an ASSISTANT message; any block is allowed and unknown block types are kept verbatim. */
export function assistantMessage(content: string | ContentBlock | readonly ContentBlock[], options?: MessageOptions): Msg {
  return buildMessage('ASSISTANT', 'assistant', content, options)
}

/** Builds a TOOL message carrying tool results, e.g. to return externally executed calls. */
export function toolResultMessage(results: ToolResultBlock | readonly ToolResultBlock[], options?: MessageOptions): Msg {
  return buildMessage('TOOL', null, results, options)
}

function buildMessage(
  role: MsgRole,
  defaultName: string | null,
  content: string | ContentBlock | readonly ContentBlock[],
  options: MessageOptions = {},
): Msg {
  const blocks = toBlocks(content, `${role} message content`)
  const allowed = ALLOWED_BLOCK_TYPES[role]
  blocks.forEach((block: unknown, index) => {
    if (!isJsonObject(block) || typeof block.type !== 'string') {
      throw new TypeError(`content[${index}] must be a content block with a string "type", got ${describeValue(block)}`)
    }
    if (allowed !== null && !allowed.includes(block.type)) {
      throw new TypeError(`A ${role} message cannot hold a "${block.type}" block (content[${index}]); allowed: ${allowed.join(', ')}`)
    }
    checkBlockShape(block, `content[${index}]`)
  })
  return {
    id: options.id ?? createMessageId(),
    name: options.name === undefined ? defaultName : options.name,
    role,
    content: blocks,
    metadata: withoutNullValues(options.metadata),
    timestamp: toTimestamp(options.timestamp),
    usage: null,
  }
}

function toBlocks(content: unknown, what: string): ContentBlock[] {
  if (typeof content === 'string') return [textBlock(content)]
  if (Array.isArray(content)) return [...(content as readonly ContentBlock[])]
  if (isJsonObject(content)) return [content as ContentBlock]
  throw new TypeError(`${what} must be a string, a content block or an array of blocks; got ${describeValue(content)}`)
}

function checkBlockShape(block: unknown, path: string): void {
  if (!isJsonObject(block) || typeof block.type !== 'string') {
    throw new TypeError(`${path} must be a content block with a string "type", got ${describeValue(block)}`)
  }
  switch (block.type) {
    case 'text': {
      if (typeof block.text !== 'string') throw new TypeError(`${path} is a text block without a string "text"`)
      return
    }
    case 'data':
    case 'image':
    case 'audio':
    case 'video': {
      checkSourceShape(block.source, `${path}.source`)
      return
    }
    case 'tool_use': {
      if (typeof block.id !== 'string') throw new TypeError(`${path} is a tool_use block without a string "id"`)
      return
    }
    case 'tool_result': {
      if (typeof block.id !== 'string') throw new TypeError(`${path} is a tool_result block without a string "id"`)
      if (!Array.isArray(block.output)) throw new TypeError(`${path} is a tool_result block without an "output" array`)
      checkToolResultState(block.state, `${path}.state`)
      block.output.forEach((inner: unknown, index) => checkBlockShape(inner, `${path}.output[${index}]`))
      return
    }
    default: {
      return // thinking, hint and unknown types are kept verbatim
    }
  }
}

function checkSourceShape(source: unknown, path: string): void {
  if (isJsonObject(source) && source.type === 'base64') {
    if (typeof source.media_type === 'string' && typeof source.data === 'string') return
    throw new TypeError(`${path} is a base64 source without string "media_type" and "data"; use base64Source(data, mediaType)`)
  }
  if (isJsonObject(source) && source.type === 'url') {
    if (typeof source.url === 'string') return
    throw new TypeError(`${path} is a url source without a string "url"; use urlSource(url)`)
  }
  throw new TypeError(`${path} must be a base64 or url source, got ${describeValue(source)}; use base64Source() or urlSource()`)
}

function checkToolResultState(state: unknown, path: string): void {
  if (typeof state === 'string' && TOOL_RESULT_STATES.includes(state)) return
  // the server rejects uppercase and defaults a missing state to `running`
  throw new TypeError(`${path} must be one of ${TOOL_RESULT_STATES.join(', ')} (lowercase), got ${describeValue(state)}`)
}

function createMessageId(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID()
  // randomUUID exists only in secure contexts; getRandomValues works everywhere
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function toTimestamp(timestamp: string | Date | undefined): string {
  if (typeof timestamp === 'string') {
    if (TIMESTAMP_PATTERN.test(timestamp)) return timestamp
    throw new TypeError(`timestamp must look like "yyyy-MM-dd HH:mm:ss.SSS" (local time, no offset), got ${describeValue(timestamp)}`)
  }
  const date = timestamp ?? new Date()
  if (Number.isNaN(date.getTime())) throw new TypeError('timestamp is an invalid Date')
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  // Msg.TIMESTAMP_FORMATTER uses the local zone and writes no offset
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  )
}

function withoutNullValues(metadata: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  // fromEntries defines own keys, so a "__proto__" key stays data instead of setting the prototype
  return Object.fromEntries(Object.entries(metadata ?? {}).filter(([, value]) => value !== null && value !== undefined))
}

// ---------------------------------------------------------------------------------------------------------
// Blocks and sources
// ---------------------------------------------------------------------------------------------------------

const MEDIA_TYPE_TOKEN = '[a-z0-9][\\w!#$&^.+-]*'
// type/subtype, optionally followed by parameters (`text/plain; charset=utf-8`); pure, so that an app that never
// checks a media type drops it (no String.raw: a tagged template is a call the bundler keeps)
const MEDIA_TYPE_PATTERN = /*#__PURE__*/ new RegExp(
  `^${MEDIA_TYPE_TOKEN}/${MEDIA_TYPE_TOKEN}(\\s*;\\s*${MEDIA_TYPE_TOKEN}=("[^"]*"|${MEDIA_TYPE_TOKEN}))*$`,
  'i',
)
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/

/** A text block. */
export function textBlock(text: string): TextBlock {
  if (typeof text !== 'string') throw new TypeError(`textBlock() needs a string, got ${describeValue(text)}`)
  return { type: 'text', text }
}

/**
 * Inline bytes with their media type.
 * @example base64Source('iVBORw0KGgo…', 'image/png')
 */
export function base64Source(data: string, mediaType: string): Base64Source {
  checkMediaType(mediaType, 'base64Source()')
  if (typeof data !== 'string' || data === '') throw new TypeError('base64Source() needs non-empty base64 data')
  if (data.startsWith('data:')) {
    throw new TypeError('base64Source() got a data: URL; pass the bare base64 and the media type: base64Source("iVBOR…", "image/png")')
  }
  const valid = BASE64_PATTERN.test(data) && data.length % 4 !== 1 && (!data.includes('=') || data.length % 4 === 0)
  if (!valid) throw new TypeError('base64Source() data is not base64: only A-Z, a-z, 0-9, "+", "/" and "=" padding')
  return { type: 'base64', media_type: mediaType, data }
}

/** A link to media; only `http:` and `https:` URLs are accepted. */
export function urlSource(url: string, mimeType?: string): UrlSource {
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw new TypeError(`urlSource() needs an absolute http(s) URL, got ${describeValue(url)}`)
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(`urlSource() accepts only http: and https: URLs, got a "${protocol}" URL`)
  }
  if (mimeType === undefined) return { type: 'url', url }
  checkMediaType(mimeType, 'urlSource()')
  return { type: 'url', url, mime_type: mimeType }
}

/**
 * A data block (media of any type); `id` and `name` are present only when given.
 * @example dataBlock({ base64: 'iVBORw0KGgo…', mediaType: 'image/png' }, { name: 'chart.png' })
 */
export function dataBlock(input: DataBlockInput, options: DataBlockOptions = {}): DataBlock {
  const source = toSource(input)
  return {
    type: 'data',
    source,
    ...(options.id === undefined ? {} : { id: options.id }),
    ...(options.name === undefined ? {} : { name: options.name }),
  }
}

function toSource(input: DataBlockInput): MediaSource {
  if ('type' in input) {
    checkSourceShape(input, 'dataBlock() source')
    if (input.type === 'base64') return base64Source(input.data, input.media_type ?? '')
    return urlSource(input.url, input.mime_type)
  }
  if ('base64' in input) return base64Source(input.base64, input.mediaType)
  if ('url' in input) return urlSource(input.url, input.mediaType)
  throw new TypeError('dataBlock() needs a source, { base64, mediaType } or { url, mediaType? }')
}

function checkMediaType(mediaType: unknown, where: string): void {
  if (typeof mediaType === 'string' && MEDIA_TYPE_PATTERN.test(mediaType)) return
  throw new TypeError(`${where} needs a media type like "image/png", got ${describeValue(mediaType)}`)
}

/**
 * A tool result with an explicit lowercase state; a string output becomes one text block.
 * @example toolResultBlock('call_1', 'exit code: 0', { name: 'bash' })
 */
export function toolResultBlock(
  id: string,
  output: string | ContentBlock | readonly ContentBlock[],
  options: ToolResultBlockOptions = {},
): ToolResultBlock {
  if (typeof id !== 'string' || id === '') throw new TypeError('toolResultBlock() needs the id of the tool call')
  const state = options.state ?? 'success'
  checkToolResultState(state, 'toolResultBlock() state')
  const blocks = toBlocks(output, 'toolResultBlock() output')
  blocks.forEach((block, index) => checkBlockShape(block, `output[${index}]`))
  const metadata = { ...options.metadata }
  return { type: 'tool_result', id, name: options.name ?? null, output: blocks, metadata, state }
}

// ---------------------------------------------------------------------------------------------------------
// Confirmation answers
// ---------------------------------------------------------------------------------------------------------

/**
 * The answer to one tool call awaiting confirmation. The whole tool call is echoed, because on approval the
 * server replaces its stored call with this one (a missing `content` breaks execution).
 * @example confirmResult(toolCall, { approved: true, rules: [allowRule(toolCall, 'rm -rf ./build')] })
 */
export function confirmResult(toolCall: ToolUseBlock, decision: Omit<ConfirmationDecision, 'toolCallId'>): ConfirmResult {
  if (!isJsonObject(toolCall) || toolCall.type !== 'tool_use' || typeof toolCall.id !== 'string') {
    throw new TypeError('confirmResult() needs the tool_use block received in REQUIRE_USER_CONFIRM.toolCalls')
  }
  const { input } = decision
  if (input !== undefined && !isJsonObject(input)) {
    throw new TypeError(`confirmResult() input must be an object of tool arguments, got ${describeValue(input)}`)
  }
  const edited = input === undefined ? {} : { input, content: JSON.stringify(input) }
  // ToolCallState is lowercase on the wire (protocol §5.3)
  const { state } = toolCall
  const lowercaseState = typeof state === 'string' ? (state.toLowerCase() as ToolCallState) : state
  return {
    confirmed: decision.approved,
    toolCall: { ...toolCall, ...edited, state: lowercaseState },
    rules: decision.approved && decision.rules !== undefined ? [...decision.rules] : null,
  }
}

/**
 * An "always allow" rule for a tool call; a `null` rule content allows every call of that tool.
 * @example allowRule(toolCall, 'git status') // { tool_name: 'bash', rule_content: 'git status', … }
 */
export function allowRule(toolCall: ToolUseBlock, ruleContent: string | null = null, source = 'session'): PermissionRule {
  if (typeof toolCall.name !== 'string') {
    throw new TypeError('allowRule() needs a tool call with a name (tool_name must not be null)')
  }
  return { tool_name: toolCall.name, rule_content: ruleContent, behavior: 'allow', source }
}

// ---------------------------------------------------------------------------------------------------------
// Reading messages
// ---------------------------------------------------------------------------------------------------------

/** The text of all text blocks joined by `\n`, or `''` when there are none (upstream `getTextContent`). */
export function textContent(message: Pick<Msg, 'content'>): string {
  return contentBlocks(message, 'text')
    .map((block) => block.text)
    .join('\n')
}

/** The blocks of one known type, in order. */
export function contentBlocks<T extends ContentBlockType>(message: Pick<Msg, 'content'>, type: T): ContentBlockMap[T][] {
  return message.content.filter((block): block is ContentBlockMap[T] => isContentBlock(block, type))
}

/** The first block of one known type, or `undefined`. */
export function firstContentBlock<T extends ContentBlockType>(message: Pick<Msg, 'content'>, type: T): ContentBlockMap[T] | undefined {
  return message.content.find((block): block is ContentBlockMap[T] => isContentBlock(block, type))
}

/** Whether the message holds at least one block of this type. */
export function hasContentBlocks(message: Pick<Msg, 'content'>, type: ContentBlockType): boolean {
  return message.content.some((block) => block.type === type)
}
