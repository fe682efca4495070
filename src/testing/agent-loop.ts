/**
 * One call of the scripted agent, shaped like `ReActAgent.buildAgentStream` (protocol §6.1): AGENT_START, the
 * resume echo if any, reasoning and acting until a reply, a pause or `maxIters`, then AGENT_RESULT and AGENT_END.
 * An interrupt ends the call with the canned reply; a disconnect stops it silently; a scripted failure aborts it.
 */
import type { HintBlock, Msg, ToolResultBlock, ToolUseBlock } from '../core'
import { act } from './acting'
import {
  AGENT_NAME,
  frameworkMessage,
  replaceMessage,
  toolUsesOf,
  type AgentSession,
  type ConversationThread,
  type RunContext,
} from './agent-session'
import { RunCancelled, RunInterrupted, ScriptedFailure, type EventWriter } from './event-writer'
import type { RunInput } from './read-run-body'
import { resumeConfirmation, resumeExternal, type Continuation } from './resume'
import { say, type ModelReply, type ReasoningStep, type Scenario } from './scenario'
import { streamModelCall } from './model-call'

/** The reply ReActAgent returns after an interrupt; it is never streamed as text events. */
export const INTERRUPTED_REPLY = 'I noticed that you have interrupted me. What can I do for you?'

const DEFAULT_MAX_ITERS = 10

/**
 * Runs one validated call to its end; a new message starts `scenario`, a resume continues the session's.
 * Only programming errors reject.
 */
export async function runCall(session: AgentSession, writer: EventWriter, input: RunInput, scenario: Scenario): Promise<void> {
  const thread = threadFor(session, input, scenario)
  const run: RunContext = { session, writer, thread }
  const replyId = session.ids.hex()
  let answered = false
  try {
    try {
      await writer.emit('AGENT_START', { replyId, name: AGENT_NAME, role: 'assistant' }, { interruptible: false })
      const result = await callBody(run, input)
      answered = true
      writer.finalizing = true
      await writer.emit('AGENT_RESULT', { result }, { ticks: 0.5 })
    } catch (error) {
      if (!(error instanceof RunInterrupted)) throw error
      writer.finalizing = true
      answered = true
      await writer.emit('AGENT_RESULT', { result: storeInterruptedReply(run) }, { ticks: 0.5 })
    }
    await writer.emit('AGENT_END', { replyId }, { ticks: 0.2 })
    await writer.close()
  } catch (error) {
    if (error instanceof RunCancelled) {
      if (!answered && session.pending === null) storeInterruptedReply(run)
      return
    }
    if (error instanceof ScriptedFailure) {
      await writer.abort()
      return
    }
    throw error
  }
}

function threadFor(session: AgentSession, input: RunInput, scenario: Scenario): ConversationThread {
  if (input.kind !== 'message' && session.thread !== null) {
    session.thread.iteration = 0
    return session.thread
  }
  const messages = input.kind === 'message' ? input.messages : []
  session.context.push(...messages)
  const thread: ConversationThread = { scenario, userText: userText(messages), modelCalls: 0, iteration: 0 }
  session.thread = thread
  return thread
}

/** The text of the user's messages, which picks the scenario. */
export function userText(messages: readonly Msg[]): string {
  return messages
    .flatMap((message) => message.content)
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('\n')
}

async function callBody(run: RunContext, input: RunInput): Promise<Msg> {
  switch (input.kind) {
    case 'message': {
      for (const custom of run.thread.scenario.start?.({ sessionId: run.session.id }) ?? []) {
        await run.writer.emit('CUSTOM', { name: custom.name, value: custom.value ?? {} })
      }
      return reasoningLoop(run, [])
    }
    case 'confirm': {
      return continueWith(run, await resumeConfirmation(run, input.results))
    }
    case 'external': {
      return continueWith(run, await resumeExternal(run, input.results))
    }
    default: {
      input satisfies never
      throw new Error('Unknown run input')
    }
  }
}

function continueWith(run: RunContext, continuation: Continuation): Promise<Msg> | Msg {
  return continuation.kind === 'finished' ? continuation.result : reasoningLoop(run, continuation.results)
}

async function reasoningLoop(run: RunContext, initialResults: readonly ToolResultBlock[]): Promise<Msg> {
  const { thread, writer } = run
  let results = initialResults
  for (;;) {
    const scenario = thread.scenario
    const maxIters = scenario.maxIters ?? DEFAULT_MAX_ITERS
    if (thread.iteration >= maxIters) {
      await writer.emit('EXCEED_MAX_ITERS', { replyId: '', maxIters, currentIter: thread.iteration }, { ticks: 1 })
      return streamModelCall(run, scenario.reason(stepOf(run, results, true)), 'MAX_ITERATIONS')
    }
    const step = stepOf(run, results, false)
    const hints = await emitHints(run, step)
    const allDenied = results.length > 0 && results.every((result) => result.state === 'denied')
    const message = await streamModelCall(run, allDenied ? understoodReply(results) : scenario.reason(step))
    if (hints.length > 0 && message.id !== null) {
      replaceMessage(run.session, message.id, (stored) => ({ ...stored, content: [...hints, ...stored.content] }))
    }
    const calls = toolUsesOf(message)
    if (calls.length === 0) return message
    const outcome = await act(run, message, calls)
    if (outcome.kind === 'paused') return outcome.result
    thread.iteration += 1
    results = outcome.results
  }
}

function stepOf(run: RunContext, results: readonly ToolResultBlock[], summary: boolean): ReasoningStep {
  const { thread, session } = run
  const calls = results.map((result) => findToolUse(session, result.id) ?? unknownCall(result))
  return { index: thread.modelCalls, userText: thread.userText, results, calls, summary, sessionId: session.id }
}

function findToolUse(session: AgentSession, id: string): ToolUseBlock | undefined {
  for (const message of [...session.context].reverse()) {
    const block = toolUsesOf(message).find((candidate) => candidate.id === id)
    if (block !== undefined) return block
  }
  return undefined
}

function unknownCall(result: ToolResultBlock): ToolUseBlock {
  return { type: 'tool_use', id: result.id, name: result.name, input: {}, content: '{}', metadata: {}, state: 'allowed' }
}

// Hints go to the last assistant message in state (InboxMiddleware); before the first one, to the coming reply.
async function emitHints(run: RunContext, step: ReasoningStep): Promise<HintBlock[]> {
  const { session, writer } = run
  const pendingBlocks: HintBlock[] = []
  for (const spec of run.thread.scenario.hints?.(step) ?? []) {
    const blockId = session.ids.hex()
    const fields = { replyId: session.stateReplyId, blockId, hintSource: spec.hintSource, hint: spec.hint }
    await writer.emit('HINT_BLOCK', fields, { ticks: 2 })
    const block: HintBlock = { type: 'hint', id: blockId, hint: spec.hint, source: spec.hintSource }
    const last = [...session.context].reverse().find((message) => message.role === 'ASSISTANT')
    if (last?.id === undefined || last.id === null) pendingBlocks.push(block)
    else replaceMessage(session, last.id, (message) => ({ ...message, content: [...message.content, block] }))
  }
  return pendingBlocks
}

function understoodReply(results: readonly ToolResultBlock[]): ModelReply {
  const names = [...new Set(results.map((result) => `\`${result.name ?? 'tool'}\``))].join(' and ')
  const text = `Understood — I won't run ${names}. Let me know if you'd like me to do something else instead.`
  return { chunks: say(text) }
}

function storeInterruptedReply(run: RunContext): Msg {
  const { session } = run
  const content = [{ type: 'text', text: INTERRUPTED_REPLY }]
  const metadata = { agentscope_generate_reason: 'INTERRUPTED' }
  const message = frameworkMessage(session, 'ASSISTANT', AGENT_NAME, content, metadata)
  session.context.push(message)
  return message
}
