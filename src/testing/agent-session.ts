/** The server-side state of one session: its stored context, rules, pending request and running call. */
import type { ContentBlock, Msg, PermissionRule, ToolResultBlock, ToolUseBlock } from '../core'
import type { EventWriter } from './event-writer'
import type { Scenario } from './scenario'
import { createSeededRandom, hashString } from './seeded-random'
import { createWireIds, messageTimestamp, type WireIds } from './wire-format'

/** The agent's name on every AGENT_START and model message. */
export const AGENT_NAME = 'assistant'

/** The scenario a user message chose, and how far it got; resumes continue it. */
export interface ConversationThread {
  readonly scenario: Scenario
  readonly userText: string
  /** Model calls made so far. */
  modelCalls: number
  /** Reasoning-acting iterations of the current call, compared with `maxIters`. */
  iteration: number
}

/** A tool call of a paused acting phase and what the gate or the user decided. */
export interface PendingCall {
  call: ToolUseBlock
  decision: 'asking' | 'allowed' | 'denied'
}

/** The request a paused call waits for. */
export type PendingRequest =
  | {
      readonly kind: 'confirm'
      /** The replyId of the latest REQUIRE_USER_CONFIRM, echoed by USER_CONFIRM_RESULT. */
      replyId: string
      /** The stored assistant message holding the calls. */
      readonly messageId: string
      /** Every call of the paused step, in call order. */
      readonly calls: PendingCall[]
    }
  | { readonly kind: 'external'; readonly replyId: string; readonly calls: readonly ToolUseBlock[] }

/** One session. */
export interface AgentSession {
  readonly id: string
  readonly ids: WireIds
  /** The stored context, as `GET …/messages` returns it. */
  readonly context: Msg[]
  /** Every event handed to a socket, across calls, in order. */
  readonly sentEvents: Record<string, unknown>[]
  readonly rules: PermissionRule[]
  /** The session state's replyId, which HINT_BLOCK carries (protocol §4.4). */
  readonly stateReplyId: string
  pending: PendingRequest | null
  thread: ConversationThread | null
  /** The writer of the call streaming now, or null. */
  writer: EventWriter | null
  /** Input tokens of the previous model call, for the cached-token count. */
  lastInputTokens: number
}

/** What a running call works with. */
export interface RunContext {
  readonly session: AgentSession
  readonly writer: EventWriter
  readonly thread: ConversationThread
}

/** Creates a session whose ids are seeded from the handler's seed and the session id. */
export function createAgentSession(id: string, seed: number): AgentSession {
  const ids = createWireIds(createSeededRandom(hashString(id, seed)))
  return {
    id,
    ids,
    context: [],
    sentEvents: [],
    rules: [],
    stateReplyId: ids.hex(),
    pending: null,
    thread: null,
    writer: null,
    lastInputTokens: 0,
  }
}

/** Replaces the stored message with this id; returns the new message, or undefined when there is none. */
export function replaceMessage(session: AgentSession, id: string, update: (message: Msg) => Msg): Msg | undefined {
  const index = session.context.findIndex((message) => message.id === id)
  const current = session.context[index]
  if (current === undefined) return undefined
  const next = update(current)
  session.context[index] = next
  return next
}

/** Updates the stored tool_use block with this call id, wherever it is. */
export function updateToolUse(session: AgentSession, callId: string, update: (block: ToolUseBlock) => ToolUseBlock): void {
  for (let index = session.context.length - 1; index >= 0; index -= 1) {
    const message = session.context[index]
    if (message === undefined || message.role !== 'ASSISTANT') continue
    const position = message.content.findIndex((block) => block.type === 'tool_use' && block.id === callId)
    if (position === -1) continue
    const content = [...message.content]
    content[position] = update(content[position] as ToolUseBlock)
    session.context[index] = { ...message, content }
    return
  }
}

/** Stores a tool result as a TOOL message, or replaces the stored result of the same call (an external placeholder). */
export function storeToolResult(session: AgentSession, result: ToolResultBlock): void {
  const holdsResult = (message: Msg) =>
    message.role === 'TOOL' && message.content.some((block) => block.type === 'tool_result' && block.id === result.id)
  const index = session.context.findIndex(holdsResult)
  const existing = session.context[index]
  if (existing !== undefined) {
    session.context[index] = { ...existing, content: [result], timestamp: messageTimestamp() }
    return
  }
  session.context.push(frameworkMessage(session, 'TOOL', null, [result], {}))
}

/** A message the framework builds: UUID id, no usage. */
export function frameworkMessage(
  session: AgentSession,
  role: Msg['role'],
  name: string | null,
  content: readonly ContentBlock[],
  metadata: Readonly<Record<string, unknown>>,
): Msg {
  return { id: session.ids.uuid(), name, role, content, metadata, timestamp: messageTimestamp(), usage: null }
}

/** The stored tool_use blocks of an assistant message. */
export function toolUsesOf(message: Msg): ToolUseBlock[] {
  return message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use')
}
