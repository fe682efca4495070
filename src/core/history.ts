import type { ChatUsage, ContentBlock, GenerateReason, Msg, ToolResultBlock, ToolUseBlock } from './message'
import type { AgentState, BlockEntry, PendingToolCalls, Turn } from './state'
import { MAIN_SCOPE, createAgentState } from './state'
import { addUsage, openTurn, statusOfReason } from './turns'
import { withScopeFields, withStateFields, withTurnFields } from './copy-records'
import { argumentsText } from './tool-arguments'

/** A stored user message, or the assistant turn rebuilt from the messages that answered it. */
export type HistoryItem = { readonly kind: 'user'; readonly message: Msg } | { readonly kind: 'turn'; readonly turn: Turn }

function entryOf(block: ContentBlock, key: string, at: string | null): BlockEntry | null {
  const times = { startedAt: at, endedAt: at }
  switch (block.type) {
    case 'text':
    case 'thinking': {
      return { kind: block.type, key, status: 'done', ...times, openKey: null, replyId: undefined, blockId: '', block } as BlockEntry
    }
    case 'data': {
      const fields = { openKey: null, replyId: undefined, blockId: '', raw: '', mediaTypeHint: null }
      return { kind: 'data', key, status: 'done', ...times, block, ...fields } as BlockEntry
    }
    case 'tool_use': {
      const call = block as ToolUseBlock
      return {
        kind: 'tool_use',
        key,
        status: 'done',
        ...times,
        block: call,
        arguments: call.content ?? argumentsText(call.input),
        argumentsTail: null,
        argumentsLineage: {},
      }
    }
    case 'tool_result': {
      return { kind: 'tool_result', key, status: 'done', ...times, block: block as ToolResultBlock }
    }
    case 'hint': {
      return { kind: 'hint', key, status: 'done', ...times, block } as BlockEntry
    }
    default: {
      // Legacy media blocks and unknown types are not part of a turn's entries.
      return null
    }
  }
}

function isControlMessage(message: Msg): boolean {
  // A resume carries its ConfirmResults in metadata and no content: not something the user wrote.
  return message.content.length === 0
}

function turnOf(messages: readonly Msg[]): Turn {
  const first = messages[0] as Msg
  const entries: BlockEntry[] = []
  let usage: ChatUsage | null = null
  let generateReason: GenerateReason | null = null
  const modelCalls = []
  for (const message of messages) {
    message.content.forEach((block, index) => {
      const entry = entryOf(block, `${message.id ?? first.id}:${entries.length}:${index}`, message.timestamp)
      if (entry !== null) entries.push(entry)
    })
    if (message.role !== 'ASSISTANT') continue
    modelCalls.push({ replyId: message.id ?? '', usage: message.usage })
    if (message.usage !== null) usage = addUsage(usage, message.usage)
    const reason = message.metadata.agentscope_generate_reason
    generateReason = typeof reason === 'string' && reason !== 'MODEL_STOP' ? (reason as GenerateReason) : null
  }
  // AgentScope stores no generate reason on a paused call (2.0.2 measured): calls still `asking` with no result
  // mean the turn waits for a confirmation, which a reload must ask again.
  if (generateReason === null && isAskingWithoutResult(entries)) generateReason = 'PERMISSION_ASKING'
  const status = statusOfReason(generateReason)
  const turn = openTurn(first.id ?? `history-${first.timestamp ?? ''}`, first.name, first.timestamp)
  const result = messages[messages.length - 1] ?? null
  return withTurnFields(turn, { entries, status, generateReason, usage, modelCalls, result })
}

function isAskingWithoutResult(entries: readonly BlockEntry[]): boolean {
  const answered = new Set(entries.flatMap((entry) => (entry.kind === 'tool_result' ? [entry.block.id] : [])))
  return entries.some((entry) => entry.kind === 'tool_use' && entry.block.state === 'asking' && !answered.has(entry.block.id))
}

/**
 * Groups AgentScope's stored context (one ASSISTANT Msg per model call, TOOL messages holding
 * results) into what the kit shows: the user's messages, and one closed turn for each run of
 * messages between them. System messages are left out.
 */
export function readHistory(messages: readonly Msg[]): HistoryItem[] {
  const items: HistoryItem[] = []
  let answer: Msg[] = []
  const flush = () => {
    if (answer.length > 0) items.push({ kind: 'turn', turn: turnOf(answer) })
    answer = []
  }
  for (const message of messages) {
    if (message.role === 'SYSTEM') continue
    if (message.role === 'USER') {
      if (isControlMessage(message)) continue
      flush()
      items.push({ kind: 'user', message })
    } else {
      answer.push(message)
    }
  }
  flush()
  return items
}

function pendingOf(turn: Turn): { confirmation: PendingToolCalls | null; external: PendingToolCalls | null } {
  const calls = turn.entries.flatMap((entry) => (entry.kind === 'tool_use' ? [entry.block] : []))
  const requestReplyId = turn.result?.metadata.agentscope_confirm_request_reply_id
  if (turn.status === 'awaiting_confirmation') {
    const toolCalls = calls.filter((call) => call.state === 'asking')
    const replyId = typeof requestReplyId === 'string' ? requestReplyId : null
    return { confirmation: toolCalls.length > 0 ? { requestReplyId: replyId, toolCalls } : null, external: null }
  }
  if (turn.status === 'awaiting_external_execution') {
    const suspended = new Set(
      turn.entries.flatMap((entry) => (entry.kind === 'tool_result' && entry.block.state === 'running' ? [entry.block.id] : [])),
    )
    const toolCalls = calls.filter((call) => suspended.has(call.id))
    return { confirmation: null, external: toolCalls.length > 0 ? { requestReplyId: null, toolCalls } : null }
  }
  return { confirmation: null, external: null }
}

/** The state with the turns appended to the top-level agent; a last turn that paused is pending again. */
export function appendTurns(state: AgentState, turns: readonly Turn[]): AgentState {
  if (turns.length === 0) return state
  const scope = state.scopes[MAIN_SCOPE]
  const main = scope ?? createAgentState().scopes[MAIN_SCOPE]!
  const pending = pendingOf(turns[turns.length - 1] as Turn)
  return withStateFields(state, {
    scopes: { ...state.scopes, [MAIN_SCOPE]: withScopeFields(main, { turns: [...main.turns, ...turns], open: false }) },
    pendingConfirmation: pending.confirmation,
    pendingExternalExecution: pending.external,
  })
}

/**
 * The state of a stored conversation: its turns at the top level and the user's messages between them,
 * so that `toSnapshot` gives the whole conversation back. Validate unknown input with `validateHistory` first.
 */
export function stateFromHistory(messages: readonly Msg[]): AgentState {
  const turns: Turn[] = []
  const userMessages: { message: Msg; turnIndex: number }[] = []
  for (const item of readHistory(messages)) {
    if (item.kind === 'turn') turns.push(item.turn)
    else userMessages.push({ message: item.message, turnIndex: turns.length })
  }
  const state = appendTurns(createAgentState(), turns)
  return userMessages.length === 0 ? state : withStateFields(state, { userMessages })
}
