/**
 * The acting phase (protocol §6.3): the permission gate, then every TOOL_RESULT_START up front, the chunks of
 * streaming tools interleaved in time, and once all are done a delta per output block (for tools that did not
 * stream) and the ENDs in call order; suspended calls end `running` and pause the call for external execution.
 */
import { isContentBlock, type ContentBlock, type Msg, type ToolResultBlock, type ToolResultState, type ToolUseBlock } from '../core'
import type { PendingCall, RunContext } from './agent-session'
import { AGENT_NAME, replaceMessage, storeToolResult, updateToolUse } from './agent-session'
import { RunCancelled, RunInterrupted } from './event-writer'
import { isAllowedByRules } from './permission-rules'
import type { ToolChunk, ToolRun } from './scenario'
import { messageTimestamp } from './wire-format'

/** How an acting phase ended: its results, or a pause whose Msg is the call's result. */
export type ActingOutcome =
  { readonly kind: 'done'; readonly results: readonly ToolResultBlock[] } | { readonly kind: 'paused'; readonly result: Msg }

/** The suspension placeholder text (`ToolResultBlock.suspended`). */
export const AWAITING_EXTERNAL_EXECUTION = '[Awaiting external execution]'

interface RunningTool {
  readonly call: ToolUseBlock
  readonly run: ToolRun
  readonly suspended: boolean
  readonly finishAt: number
  streamed: ContentBlock[]
  started: boolean
  ended: boolean
}

/** Runs the tool calls of a model message: pauses for confirmation if the gate asks, otherwise executes them. */
export async function act(run: RunContext, message: Msg, calls: readonly ToolUseBlock[]): Promise<ActingOutcome> {
  const { session } = run
  const pendingCalls = calls.map((call): PendingCall => ({
    call,
    decision: needsConfirmation(run, call) ? 'asking' : 'allowed',
  }))
  const replyId = session.ids.hex()
  if (pendingCalls.some((pending) => pending.decision === 'asking')) {
    session.pending = { kind: 'confirm', replyId, messageId: message.id ?? '', calls: pendingCalls }
    return { kind: 'paused', result: await pauseForConfirmation(run, false) }
  }
  return executeTools(run, calls, replyId)
}

function needsConfirmation(run: RunContext, call: ToolUseBlock): boolean {
  const tool = call.name === null ? undefined : run.thread.scenario.tools?.[call.name]
  return tool?.permission === 'ask' && !isAllowedByRules(run.session.rules, call)
}

/**
 * Emits REQUIRE_USER_CONFIRM for the calls still asking (state `pending` on the first pause, `asking` on a re-ask)
 * and REQUEST_STOP, and returns the paused assistant message as upstream keeps it in state.
 */
export async function pauseForConfirmation(run: RunContext, reask: boolean): Promise<Msg> {
  const { session, writer } = run
  const pending = session.pending
  if (pending?.kind !== 'confirm') throw new Error('pauseForConfirmation() needs a pending confirmation')
  // state first, so a client that goes away mid-pause finds the same pause in GET …/messages
  const decisions = new Map(pending.calls.map((entry) => [entry.call.id, entry]))
  const paused = replaceMessage(session, pending.messageId, (message) => ({
    ...message,
    content: message.content.map((block) => {
      const entry = isContentBlock(block, 'tool_use') ? decisions.get(block.id) : undefined
      if (entry === undefined) return block
      return { ...entry.call, state: entry.decision === 'asking' ? 'asking' : 'allowed' }
    }),
    metadata: {
      ...message.metadata,
      agentscope_generate_reason: 'PERMISSION_ASKING',
      agentscope_confirm_request_reply_id: pending.replyId,
    },
    timestamp: messageTimestamp(),
  }))
  const asking = pending.calls.filter((entry) => entry.decision === 'asking').map((entry) => entry.call)
  await writer.emit(
    'REQUIRE_USER_CONFIRM',
    { replyId: pending.replyId, toolCalls: asking.map((call) => ({ ...call, state: reask ? 'asking' : 'pending' })) },
    { ticks: 2, interruptible: false },
  )
  await writer.emit('REQUEST_STOP', { reason: 'permission asking', generateReason: 'PERMISSION_ASKING' }, { ticks: 0.5, interruptible: false })
  if (paused === undefined) throw new Error(`The paused message ${pending.messageId} is not in the context`)
  return paused
}

/** Executes calls the gate or the user allowed, streaming their results under `replyId`. */
export async function executeTools(run: RunContext, calls: readonly ToolUseBlock[], replyId: string): Promise<ActingOutcome> {
  const { session, writer } = run
  const tools = calls.map((call) => startTool(run, call))
  const emit = (type: string, tool: RunningTool, fields: Record<string, unknown>, ticks: number) =>
    writer.emit(type, { replyId, toolCallId: tool.call.id, toolCallName: tool.call.name, ...fields }, { ticks })
  try {
    for (const tool of tools) {
      await emit('TOOL_RESULT_START', tool, {}, 1)
      tool.started = true
    }
    let now = 0
    for (const { tool, chunk } of timeline(tools)) {
      const ticks = Math.max(0, chunk.at - now)
      now = Math.max(now, chunk.at)
      if ('text' in chunk) {
        await emit('TOOL_RESULT_TEXT_DELTA', tool, { delta: chunk.text, metadata: chunk.metadata }, ticks)
        appendText(tool.streamed, chunk.text)
      } else if ('data' in chunk) {
        await emit('TOOL_RESULT_DATA_DELTA', tool, { data: chunk.data }, ticks)
        tool.streamed.push(chunk.data)
      } else if ('custom' in chunk) {
        await writer.emit('CUSTOM', { name: chunk.custom.name, value: chunk.custom.value ?? {} }, { ticks })
      } else {
        await writer.emit(chunk.event.type, chunk.event.fields, { ticks, source: chunk.event.source })
      }
    }
    const finishAt = Math.max(now, ...tools.map((tool) => tool.finishAt))
    await writer.wait(finishAt - now)
    for (const tool of tools) {
      const metadata = tool.run.metadata ?? {}
      if (tool.streamed.length === 0) {
        for (const block of tool.run.output ?? []) {
          if (block.type === 'text' && typeof block.text === 'string') {
            await emit('TOOL_RESULT_TEXT_DELTA', tool, { delta: block.text, metadata }, 0.5)
          } else {
            await emit('TOOL_RESULT_DATA_DELTA', tool, { data: block, metadata }, 0.5)
          }
        }
      }
      await emit('TOOL_RESULT_END', tool, { state: finalState(tool), metadata }, 0.5)
      tool.ended = true
    }
  } catch (error) {
    if (error instanceof RunInterrupted || error instanceof RunCancelled) await stopTools(run, replyId, tools, error)
    throw error
  }

  const results = tools.map((tool) => resultOf(tool, finalState(tool)))
  results.forEach((result) => storeToolResult(session, result))
  for (const tool of tools) {
    if (!tool.suspended) updateToolUse(session, tool.call.id, (block) => ({ ...block, state: 'allowed' }))
  }
  const suspended = tools.filter((tool) => tool.suspended)
  if (suspended.length === 0) return { kind: 'done', results }

  session.pending = { kind: 'external', replyId, calls: suspended.map((tool) => tool.call) }
  await writer.emit('REQUIRE_EXTERNAL_EXECUTION', { replyId, toolCalls: suspended.map((tool) => tool.call) }, { ticks: 1, interruptible: false })
  const content = suspended.flatMap((tool) => [tool.call, resultOf(tool, 'running')])
  const result: Msg = {
    id: session.ids.uuid(),
    name: AGENT_NAME,
    role: 'ASSISTANT',
    content,
    metadata: { agentscope_generate_reason: 'TOOL_SUSPENDED' },
    timestamp: messageTimestamp(),
    usage: null,
  }
  return { kind: 'paused', result }
}

// An interrupt-aware tool returns `interrupted`; calls that never started get the error core writes into state.
async function stopTools(run: RunContext, replyId: string, tools: readonly RunningTool[], reason: Error): Promise<void> {
  const { session, writer } = run
  writer.finalizing = true
  for (const tool of tools) {
    if (!tool.started) {
      const text = '[ERROR] The tool call was interrupted before it ran.'
      storeToolResult(session, { ...resultOf(tool, 'error'), output: [{ type: 'text', text }] })
      continue
    }
    if (!tool.ended && reason instanceof RunInterrupted && !writer.cancelled) {
      await writer.emit('TOOL_RESULT_END', { replyId, toolCallId: tool.call.id, toolCallName: tool.call.name, state: 'interrupted' }, { ticks: 0.5 })
    }
    storeToolResult(session, resultOf(tool, tool.ended ? finalState(tool) : 'interrupted'))
    updateToolUse(session, tool.call.id, (block) => ({ ...block, state: 'allowed' }))
  }
}

function startTool(run: RunContext, call: ToolUseBlock): RunningTool {
  const tool = call.name === null ? undefined : run.thread.scenario.tools?.[call.name]
  let toolRun: ToolRun
  if (tool === undefined) {
    toolRun = { output: [{ type: 'text', text: `Error: Tool not found: ${call.name ?? ''}` }], state: 'error' }
  } else if (tool.permission === 'external' || tool.run === undefined) {
    const output = [{ type: 'text', text: AWAITING_EXTERNAL_EXECUTION }]
    toolRun = { output, metadata: { agentscope_suspended: true }, duration: 1 }
  } else {
    const input = executedInput(call)
    try {
      if (input === undefined) throw new ParameterError(call)
      toolRun = tool.run(input, { call, sessionId: run.session.id, ids: run.session.ids })
    } catch (error) {
      if (error instanceof ParameterError) {
        toolRun = { output: [{ type: 'text', text: error.message }], state: 'error' }
      } else {
        const message = error instanceof Error ? error.message : String(error)
        toolRun = { output: [{ type: 'text', text: `Error: Tool execution failed: ${message}` }], state: 'error' }
      }
    }
  }
  const lastChunk = Math.max(0, ...(toolRun.chunks ?? []).map((chunk) => chunk.at))
  return {
    call,
    run: toolRun,
    suspended: tool !== undefined && (tool.permission === 'external' || tool.run === undefined),
    finishAt: toolRun.duration ?? lastChunk + 2,
    streamed: [],
    started: false,
    ended: false,
  }
}

// ToolExecutor validates and executes `content`, the raw JSON text, not `input` (protocol §9.1).
function executedInput(call: ToolUseBlock): Readonly<Record<string, unknown>> | undefined {
  if (call.content === null) return undefined
  try {
    const parsed: unknown = JSON.parse(call.content)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    return undefined
  }
  return undefined
}

class ParameterError extends Error {
  constructor(call: ToolUseBlock) {
    const problem = call.content === null ? 'the arguments (content) are null' : 'the arguments are not a JSON object'
    super(`Error: Parameter validation failed for tool '${call.name ?? ''}': ${problem}`)
  }
}

// Chunks of all tools merged by time; ties keep call order, so the interleaving never depends on timers.
function timeline(tools: readonly RunningTool[]): { tool: RunningTool; chunk: ToolChunk }[] {
  const entries = tools.flatMap((tool, toolIndex) => (tool.run.chunks ?? []).map((chunk, chunkIndex) => ({ tool, chunk, toolIndex, chunkIndex })))
  entries.sort((a, b) => a.chunk.at - b.chunk.at || a.toolIndex - b.toolIndex || a.chunkIndex - b.chunkIndex)
  return entries
}

function appendText(output: ContentBlock[], text: string): void {
  const last = output[output.length - 1]
  if (last?.type === 'text' && typeof last.text === 'string') {
    output[output.length - 1] = { type: 'text', text: last.text + text }
  } else {
    output.push({ type: 'text', text })
  }
}

// `determineToolResultState`: running when suspended, otherwise the tool's own state
function finalState(tool: RunningTool): ToolResultState {
  return tool.suspended ? 'running' : (tool.run.state ?? 'success')
}

// The stored result is the tool's final output, which may differ from what it streamed (protocol §6.3).
function resultOf(tool: RunningTool, state: ToolResultState): ToolResultBlock {
  const output = state === 'interrupted' ? tool.streamed : (tool.run.output ?? tool.streamed)
  return { type: 'tool_result', id: tool.call.id, name: tool.call.name, output, metadata: tool.run.metadata ?? {}, state }
}
