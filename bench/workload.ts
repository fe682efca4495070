import { createSeededRandom as createRandom } from '../src/testing/seeded-random'

/**
 * The benchmark workload of the performance notes (PERFORMANCE.md), generated deterministically: one ReActAgent turn
 * with 5,000·N thinking deltas, 20,000·N text deltas of ~4 characters, one `write_file` tool call whose
 * ~12 KB·N JSON arguments stream as 2,000·N fragments, and a 10-delta tool result.
 * Shared by every benchmark (core, store, browser), so they all measure the same stream.
 */

/** One event as the server builds it, before serialization. */
export type WireEvent = Readonly<Record<string, unknown>> & { readonly type: string }

/** A generated event stream, as objects and as the wire text Jackson writes. */
export interface Workload {
  readonly scale: number
  readonly events: readonly WireEvent[]
  /** The JSON text of each event, with Jackson's duplicated `type` key at the end. */
  readonly wire: readonly string[]
  /** The whole tool-call argument text (the concatenated TOOL_CALL_DELTA fragments). */
  readonly argumentsText: string
  readonly toolCallId: string
  /** Event count by type. */
  readonly counts: Readonly<Record<string, number>>
  /** Sum of the wire texts' lengths, in UTF-16 code units. */
  readonly wireLength: number
}

/** The per-scale sizes of PERFORMANCE.md. */
export const WORKLOAD_SIZES = {
  thinkingDeltas: 5_000,
  textDeltas: 20_000,
  toolCallDeltas: 2_000,
  argumentsLength: 12_000,
  toolResultDeltas: 10,
} as const

/** The seed every benchmark uses unless it asks for another. */
export const DEFAULT_SEED = 0x5eed_2026

// ---------------------------------------------------------------------------------------------
// Deterministic randomness (the scripted server's seeded PRNG, imported above)

function integer(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

const HEX = '0123456789abcdef'
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomText(random: () => number, alphabet: string, length: number): string {
  let text = ''
  for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)]
  return text
}

// ---------------------------------------------------------------------------------------------
// Event envelope: unique 32-hex ids and increasing ISO-8601 times with nanoseconds, as in the fixtures

const START_MS = Date.UTC(2026, 4, 14, 9, 12, 3, 117)

function createEnvelope(random: () => number): (type: string, fields: Record<string, unknown>) => WireEvent {
  let nanos = 560_909
  let millis = START_MS
  let prefixMillis = Number.NaN
  let prefix = ''
  return (type, fields) => {
    nanos += integer(random, 20_000, 900_000)
    millis += Math.floor(nanos / 1_000_000)
    nanos %= 1_000_000
    // Formatting a Date per event dominated generation time; the prefix changes once per millisecond.
    if (millis !== prefixMillis) {
      prefixMillis = millis
      prefix = new Date(millis).toISOString().slice(0, -1)
    }
    return { type, id: randomText(random, HEX, 32), createdAt: `${prefix}${String(nanos).padStart(6, '0')}Z`, ...fields }
  }
}

/** The wire text of an event: `JSON.stringify` plus the `type` key Jackson writes again at the end. */
export function toWire(event: WireEvent): string {
  const json = JSON.stringify(event)
  return `${json.slice(0, -1)},"type":${JSON.stringify(event.type)}}`
}

/** The SSE framing the AgentScope server uses (`event:` line, one `data:` line, blank line). */
export function toSse(workload: Workload): string {
  let text = ''
  workload.wire.forEach((json, index) => {
    text += `event:${(workload.events[index] as WireEvent).type}\ndata:${json}\n\n`
  })
  return text
}

// ---------------------------------------------------------------------------------------------
// Content

const WORDS = [
  'the',
  'agent',
  'streams',
  'each',
  'block',
  'as',
  'it',
  'arrives',
  'and',
  'a',
  'reducer',
  'folds',
  'events',
  'into',
  'state',
  'so',
  'that',
  'only',
  'touched',
  'path',
  'is',
  'copied',
  'while',
  'model',
  'writes',
  'text',
  'tokens',
  'per',
  'second',
  'with',
  'tool',
  'calls',
  'results',
  'user',
  'sees',
  'progress',
  'immediately',
  'résumé',
  'naïve',
  'café',
  '中文',
  '流式',
  '代理',
  'über',
  '→',
  'µs',
  '—',
  'Zürich',
  'façade',
  'señor',
] as const
const PUNCTUATION = ['', '', '', '', ',', '.', ';', ':', '!', '?'] as const
const MARKUP = ['\n\n', '\n- ', '\n1. ', ' **', '** ', ' `', '` ', '\n```ts\n', '\n```\n', ' "', '" '] as const

/** Prose with markdown, quotes, newlines and some non-ASCII, at least `length` characters long. */
function prose(random: () => number, length: number): string {
  const parts: string[] = []
  let size = 0
  while (size < length) {
    const part = random() < 0.06 ? pick(random, MARKUP) : `${pick(random, WORDS)}${pick(random, PUNCTUATION)}${random() < 0.9 ? ' ' : ''}`
    parts.push(part)
    size += part.length
  }
  return parts.join('')
}

// Cuts text into `count` fragments at distinct positions, never between the halves of a surrogate pair.
function cut(random: () => number, text: string, count: number): string[] {
  const positions = new Set<number>()
  while (positions.size < count - 1) {
    const position = integer(random, 1, text.length - 1)
    const code = text.charCodeAt(position)
    if (code >= 0xdc00 && code <= 0xdfff) continue
    positions.add(position)
  }
  const sorted = [...positions].sort((left, right) => left - right)
  const fragments: string[] = []
  let start = 0
  for (const position of sorted) {
    fragments.push(text.slice(start, position))
    start = position
  }
  fragments.push(text.slice(start))
  return fragments
}

// Chunks of ~`average` characters (±1), as LLM tokens come.
function chunk(random: () => number, text: string, count: number): string[] {
  const chunks: string[] = []
  let start = 0
  for (let index = 0; index < count; index++) {
    const remaining = count - index
    const left = text.length - start
    const size = remaining === 1 ? left : Math.max(1, Math.min(left - (remaining - 1), Math.round(left / remaining) + integer(random, -1, 1)))
    let end = start + size
    const code = text.charCodeAt(end - 1)
    if (code >= 0xd800 && code <= 0xdbff && end < text.length) end++
    chunks.push(text.slice(start, end))
    start = end
  }
  return chunks
}

/** The JSON arguments of a `write_file` call, about `WORKLOAD_SIZES.argumentsLength`·scale characters. */
export function createToolArguments(scale: number, seed = DEFAULT_SEED): string {
  const random = createRandom(seed ^ 0x7001)
  const target = WORKLOAD_SIZES.argumentsLength * scale
  const content = `# Streaming report 📈\n\nPath: C:\\work\\"agent"\\out\t(tab)\n${prose(random, Math.round(target * 0.78))}`
  const sections: unknown[] = []
  const head = { path: 'docs/reports/streaming-agent-summary.md', content }
  const options = { encoding: 'utf-8', overwrite: true, createDirectories: true, mode: 420, eol: '\n', ratio: 0.875, backup: null }
  let length = JSON.stringify({ ...head, options, sections }).length
  while (length < target) {
    const section = {
      title: prose(random, integer(random, 12, 30)).trim(),
      level: integer(random, 1, 4),
      line: integer(random, 1, 2_000),
      weight: Math.round(random() * 1e4) / 100,
      tags: [pick(random, WORDS), pick(random, WORDS)],
      draft: random() < 0.3,
    }
    sections.push(section)
    length += JSON.stringify(section).length + 1
  }
  return JSON.stringify({ ...head, options, sections })
}

// ---------------------------------------------------------------------------------------------
// The stream

interface Ids {
  readonly turnReplyId: string
  readonly modelReplyId: string
  readonly actingReplyId: string
  readonly toolCallId: string
}

function createIds(random: () => number): Ids {
  return {
    turnReplyId: randomText(random, HEX, 32),
    modelReplyId: randomText(random, HEX, 32),
    actingReplyId: randomText(random, HEX, 32),
    toolCallId: `call_${randomText(random, ALPHANUMERIC, 24)}`,
  }
}

const TOOL_NAME = 'write_file'

function toolCallEvents(envelope: ReturnType<typeof createEnvelope>, ids: Ids, fragments: readonly string[]): WireEvent[] {
  const tool = { replyId: ids.modelReplyId, toolCallId: ids.toolCallId }
  return [
    envelope('TOOL_CALL_START', { ...tool, toolCallName: TOOL_NAME }),
    ...fragments.map((delta) => envelope('TOOL_CALL_DELTA', { ...tool, toolCallName: '__fragment__', delta })),
    envelope('TOOL_CALL_END', { ...tool, toolCallName: TOOL_NAME }),
  ]
}

function finish(scale: number, events: WireEvent[], argumentsText: string, toolCallId: string): Workload {
  const wire = events.map(toWire)
  const counts: Record<string, number> = {}
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1
  const wireLength = wire.reduce((sum, json) => sum + json.length, 0)
  return { scale, events, wire, argumentsText, toolCallId, counts, wireLength }
}

/** The full PERFORMANCE.md turn at `scale` (27,000·N + 23 events). */
export function createWorkload(scale: number, seed = DEFAULT_SEED): Workload {
  const random = createRandom(seed)
  const envelope = createEnvelope(random)
  const ids = createIds(random)
  const model = { replyId: ids.modelReplyId }
  const usage = { inputTokens: 1_843, outputTokens: 27_000 * scale, cachedTokens: 1_024, time: 41.5 * scale }

  const thinking = chunk(random, prose(random, 5 * WORKLOAD_SIZES.thinkingDeltas * scale), WORKLOAD_SIZES.thinkingDeltas * scale)
  const text = chunk(random, prose(random, 4 * WORKLOAD_SIZES.textDeltas * scale), WORKLOAD_SIZES.textDeltas * scale)
  const argumentsText = createToolArguments(scale, seed)
  const fragments = cut(createRandom(seed ^ 0xf4a9), argumentsText, WORKLOAD_SIZES.toolCallDeltas * scale)
  const resultText = chunk(
    random,
    `Wrote ${argumentsText.length} bytes to docs/reports/streaming-agent-summary.md (backup kept, 0 warnings).`,
    WORKLOAD_SIZES.toolResultDeltas,
  )
  const acting = { replyId: ids.actingReplyId, toolCallId: ids.toolCallId, toolCallName: TOOL_NAME }

  const events: WireEvent[] = [
    envelope('AGENT_START', { replyId: ids.turnReplyId, name: 'assistant', role: 'assistant' }),
    envelope('MODEL_CALL_START', model),
    envelope('THINKING_BLOCK_START', { ...model, blockId: 'thinking' }),
    ...thinking.map((delta) => envelope('THINKING_BLOCK_DELTA', { ...model, blockId: 'thinking', delta })),
    // ReActAgent ends the thinking block lazily, when the text block starts.
    envelope('THINKING_BLOCK_END', { ...model, blockId: 'thinking' }),
    envelope('TEXT_BLOCK_START', { ...model, blockId: 'text' }),
    ...text.map((delta) => envelope('TEXT_BLOCK_DELTA', { ...model, blockId: 'text', delta })),
    envelope('TEXT_BLOCK_END', { ...model, blockId: 'text' }),
    ...toolCallEvents(envelope, ids, fragments),
    envelope('MODEL_CALL_END', { ...model, usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens } }),
    envelope('TOOL_RESULT_START', acting),
    ...resultText.map((delta) => envelope('TOOL_RESULT_TEXT_DELTA', { ...acting, delta })),
    envelope('TOOL_RESULT_END', { ...acting, state: 'success' }),
  ]
  const reply = {
    id: `chatcmpl-${randomText(random, ALPHANUMERIC, 29)}`,
    name: 'assistant',
    role: 'ASSISTANT',
    content: [
      { type: 'thinking', thinking: thinking.join(''), metadata: null },
      { type: 'text', text: text.join('') },
      { type: 'tool_use', id: ids.toolCallId, name: TOOL_NAME, input: JSON.parse(argumentsText), content: argumentsText },
    ],
    metadata: { agentscope_generate_reason: 'TOOL_CALLS' },
    timestamp: '2026-05-14 17:12:44.610',
  }
  events.push(envelope('AGENT_RESULT', { result: reply }), envelope('AGENT_END', { replyId: ids.turnReplyId }))
  return finish(scale, events, argumentsText, ids.toolCallId)
}

/**
 * Only the tool call of the same workload (same arguments and fragments at the same scale), inside a
 * minimal turn: AGENT_START, MODEL_CALL_START, TOOL_CALL_START, 2,000·N deltas, TOOL_CALL_END, AGENT_END.
 */
export function createToolCallWorkload(scale: number, seed = DEFAULT_SEED): Workload {
  const random = createRandom(seed)
  const envelope = createEnvelope(random)
  const ids = createIds(random)
  const argumentsText = createToolArguments(scale, seed)
  const fragments = cut(createRandom(seed ^ 0xf4a9), argumentsText, WORKLOAD_SIZES.toolCallDeltas * scale)
  const events: WireEvent[] = [
    envelope('AGENT_START', { replyId: ids.turnReplyId, name: 'assistant', role: 'assistant' }),
    envelope('MODEL_CALL_START', { replyId: ids.modelReplyId }),
    ...toolCallEvents(envelope, ids, fragments),
    envelope('AGENT_END', { replyId: ids.turnReplyId }),
  ]
  return finish(scale, events, argumentsText, ids.toolCallId)
}
