/**
 * One model call: provider chunks become events exactly as `ReActAgent.ModelCallBlockLifecycle` emits them
 * (protocol §6.2), and the call's Msg is built as `ReasoningContext.buildFinalMessage` does (§5.4).
 */
import type { ChatUsage, ContentBlock, DataBlock, GenerateReason, Msg, ThinkingBlock, ToolUseBlock } from '../core'
import type { RunContext } from './agent-session'
import { AGENT_NAME } from './agent-session'
import { ScriptedFailure } from './event-writer'
import type { ModelReply } from './scenario'
import { messageTimestamp } from './wire-format'

// The time to the first token, in ticks.
const FIRST_TOKEN_TICKS = 8

interface OpenState {
  text: boolean
  thinking: boolean
  data: string | null
  tools: string[]
}

interface CallDraft {
  readonly id: string
  readonly name: string
  raw: string
}

interface DataDraft {
  readonly blockId: string
  readonly mediaType: string
  raw: string
}

/** Streams one model call and returns its message, already stored in the session's context. */
export async function streamModelCall(run: RunContext, reply: ModelReply, generateReason?: GenerateReason): Promise<Msg> {
  const { session, writer } = run
  const replyId = session.ids.hex()
  const open: OpenState = { text: false, thinking: false, data: null, tools: [] }
  const calls = new Map<string, CallDraft>()
  const dataBlocks = new Map<string, DataDraft>()
  let text = ''
  let thinking = ''
  // a chunk's wait comes before its first event; the events it causes follow at once
  const emit = (type: string, fields: Record<string, unknown>, ticks = 0) => writer.emit(type, { replyId, ...fields }, { ticks })

  const closeText = async () => {
    if (open.text) await emit('TEXT_BLOCK_END', { blockId: 'text' })
    open.text = false
  }
  const closeThinking = async () => {
    if (open.thinking) await emit('THINKING_BLOCK_END', { blockId: 'thinking' })
    open.thinking = false
  }
  const closeData = async () => {
    const block = open.data === null ? undefined : dataBlocks.get(open.data)
    if (block !== undefined) await emit('DATA_BLOCK_END', { blockId: block.blockId })
    open.data = null
  }
  const closeTools = async () => {
    for (const key of open.tools) {
      const call = calls.get(key)
      // tools named __… get no START or END, only deltas (`visibleTool`)
      if (call !== undefined && !call.name.startsWith('__')) {
        await emit('TOOL_CALL_END', { toolCallId: call.id, toolCallName: call.name })
      }
    }
    open.tools = []
  }

  await emit('MODEL_CALL_START', {}, 1)
  let first = true
  for (const chunk of reply.chunks) {
    await writer.wait((chunk.ticks ?? 1) + (first ? FIRST_TOKEN_TICKS : 0))
    first = false
    switch (chunk.kind) {
      case 'thinking': {
        await closeData()
        if (!open.thinking) await emit('THINKING_BLOCK_START', { blockId: 'thinking' })
        open.thinking = true
        if (chunk.delta !== '') await emit('THINKING_BLOCK_DELTA', { blockId: 'thinking', delta: chunk.delta })
        thinking += chunk.delta
        break
      }
      case 'text': {
        await closeData()
        await closeThinking()
        if (!open.text) await emit('TEXT_BLOCK_START', { blockId: 'text' })
        open.text = true
        if (chunk.delta !== '') await emit('TEXT_BLOCK_DELTA', { blockId: 'text', delta: chunk.delta })
        text += chunk.delta
        break
      }
      case 'tool': {
        let call = calls.get(chunk.call)
        if (call === undefined) {
          call = { id: session.ids.toolCallId(), name: chunk.name, raw: '' }
          calls.set(chunk.call, call)
        }
        if (!open.tools.includes(chunk.call)) {
          // a new id (or one closed earlier, which re-opens it) closes everything that is open
          await closeText()
          await closeThinking()
          await closeData()
          await closeTools()
          if (!call.name.startsWith('__')) {
            await emit('TOOL_CALL_START', { toolCallId: call.id, toolCallName: call.name })
          }
          open.tools.push(chunk.call)
        }
        const toolCallName = chunk.fragmentName ?? '__fragment__'
        await emit('TOOL_CALL_DELTA', { toolCallId: call.id, toolCallName, delta: chunk.delta })
        call.raw += chunk.delta
        break
      }
      case 'data': {
        let block = dataBlocks.get(chunk.block)
        if (block === undefined) {
          block = { blockId: session.ids.hex(), mediaType: chunk.mediaType, raw: '' }
          dataBlocks.set(chunk.block, block)
        }
        if (open.data !== chunk.block) {
          await closeText()
          await closeThinking()
          await closeData()
          await closeTools()
          await emit('DATA_BLOCK_START', { blockId: block.blockId })
          open.data = chunk.block
        }
        await emit('DATA_BLOCK_DELTA', { blockId: block.blockId, delta: chunk.delta })
        block.raw += chunk.delta
        break
      }
      case 'fail': {
        throw new ScriptedFailure(chunk.message)
      }
      default: {
        chunk satisfies never
      }
    }
  }
  // at the end of the stream: text, thinking, then every open tool call (data blocks are ours; they close first)
  await closeData()
  await closeText()
  await closeThinking()
  await closeTools()

  const content: ContentBlock[] = []
  if (thinking !== '') content.push({ type: 'thinking', thinking, metadata: null } satisfies ThinkingBlock)
  if (text !== '') content.push({ type: 'text', text })
  for (const block of dataBlocks.values()) content.push(dataBlockOf(block))
  for (const call of calls.values()) content.push(toolUseOf(call))

  const usage = usageOf(run, outputSize(content), reply.usage)
  await emit('MODEL_CALL_END', { usage }, 1)

  const metadata: Record<string, unknown> = { _chat_usage: usage }
  if (generateReason !== undefined) metadata.agentscope_generate_reason = generateReason
  const message: Msg = {
    id: session.ids.chatCompletionId(),
    name: AGENT_NAME,
    role: 'ASSISTANT',
    content,
    metadata,
    timestamp: messageTimestamp(),
    usage,
  }
  session.context.push(message)
  run.thread.modelCalls += 1
  return message
}

function dataBlockOf(block: DataDraft): DataBlock {
  return { type: 'data', source: { type: 'base64', media_type: block.mediaType, data: block.raw }, id: block.blockId }
}

// Upstream's ToolCallsAccumulator: arguments that are not a JSON object become {} and "{}".
function toolUseOf(call: CallDraft): ToolUseBlock {
  let input: unknown
  try {
    input = JSON.parse(call.raw)
  } catch {
    input = undefined
  }
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input)
  return {
    type: 'tool_use',
    id: call.id,
    name: call.name,
    input: isObject ? (input as Record<string, unknown>) : {},
    content: isObject ? call.raw : '{}',
    metadata: {},
    state: 'pending',
  }
}

function outputSize(content: readonly ContentBlock[]): number {
  return JSON.stringify(content).length
}

// Plausible, deterministic numbers: about 4 characters a token, the previous prompt cached in 128-token pages.
function usageOf(run: RunContext, outputCharacters: number, override: Partial<ChatUsage> | undefined): ChatUsage {
  const { session } = run
  const inputTokens = override?.inputTokens ?? 180 + Math.ceil(JSON.stringify(session.context).length / 4)
  const outputTokens = override?.outputTokens ?? Math.max(1, Math.ceil(outputCharacters / 4))
  const cachedTokens = override?.cachedTokens ?? Math.floor(Math.min(session.lastInputTokens, inputTokens) / 128) * 128
  session.lastInputTokens = inputTokens
  return {
    inputTokens,
    outputTokens,
    cachedTokens,
    time: override?.time ?? seconds(outputTokens),
    totalTokens: inputTokens + outputTokens,
  }
}

// Jackson writes a whole double as `1.0`, which JSON.stringify cannot, so a call never takes whole seconds.
function seconds(outputTokens: number): number {
  const quarters = Math.max(1, Math.round(outputTokens / 15))
  return (quarters % 4 === 0 ? quarters + 1 : quarters) / 4
}
