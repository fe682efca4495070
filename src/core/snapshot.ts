import type { ChatUsage, GenerateReason, Msg } from './message'
import type {
  AgentState,
  CustomEventRecord,
  ExposedSubagent,
  ModelCall,
  PendingToolCalls,
  SubagentPendingConfirmation,
  Turn,
  TurnStatus,
} from './state'
import { MAIN_SCOPE } from './state'
import { setOwn } from './set-own'

/** One turn as the snapshot shows it. */
export interface TurnSnapshot {
  readonly id: string
  readonly status: TurnStatus
  readonly generateReason: GenerateReason | null
  readonly modelCalls: readonly ModelCall[]
  readonly usage: ChatUsage | null
  readonly resultId: string | null
}

/** The plain-JSON view of a state: the shape of the fixtures' `expected` object (protocol §7.9). */
export interface AgentSnapshot {
  /** The conversation: the user's messages (from `USER_MESSAGE` local events or history) and one assistant Msg per turn. */
  readonly messages: readonly Msg[]
  readonly turns: readonly TurnSnapshot[]
  readonly pendingConfirmation: PendingToolCalls | null
  readonly pendingExternalExecution: PendingToolCalls | null
  readonly subagents: Readonly<Record<string, readonly Msg[]>>
  readonly subagentPendingConfirmations: readonly SubagentPendingConfirmation[]
  readonly exposedSubagents: readonly ExposedSubagent[]
  readonly customEvents: readonly CustomEventRecord[]
}

const messages = new WeakMap<Turn, Msg>()

/**
 * The assistant Msg a turn condenses into: id and timestamp from its AGENT_START, blocks in
 * creation order, the summed usage, and the generate reason once it is closed. The same turn
 * always gives the same Msg object, so untouched messages keep their identity.
 */
export function turnMessage(turn: Turn): Msg {
  const cached = messages.get(turn)
  if (cached !== undefined) return cached
  const message: Msg = {
    id: turn.id,
    name: turn.name,
    role: 'ASSISTANT',
    content: turn.entries.map((entry) => entry.block),
    metadata: turn.generateReason === null ? {} : { agentscope_generate_reason: turn.generateReason },
    timestamp: turn.timestamp,
    usage: turn.usage,
  }
  messages.set(turn, message)
  return message
}

function turnSnapshot(turn: Turn): TurnSnapshot {
  return {
    id: turn.id,
    status: turn.status,
    generateReason: turn.generateReason,
    modelCalls: turn.modelCalls,
    usage: turn.usage,
    resultId: turn.result?.id ?? null,
  }
}

function conversationMessages(state: AgentState, turns: readonly Turn[]): readonly Msg[] {
  const users = state.userMessages
  if (users.length === 0) return turns.map(turnMessage)
  const messages: Msg[] = []
  let next = 0
  turns.forEach((turn, index) => {
    while (next < users.length && (users[next]?.turnIndex ?? 0) <= index) messages.push((users[next++] as { message: Msg }).message)
    messages.push(turnMessage(turn))
  })
  while (next < users.length) messages.push((users[next++] as { message: Msg }).message)
  return messages
}

/** The snapshot of a state: messages and turns of the top-level agent, subagents by scope key, pending requests. */
export function toSnapshot(state: AgentState): AgentSnapshot {
  const main = state.scopes[MAIN_SCOPE]
  const turns = main?.turns ?? []
  const subagents: Record<string, readonly Msg[]> = {}
  for (const scope of Object.values(state.scopes)) {
    if (scope.key !== MAIN_SCOPE) setOwn(subagents, scope.key, scope.turns.map(turnMessage))
  }
  return {
    messages: conversationMessages(state, turns),
    turns: turns.map(turnSnapshot),
    pendingConfirmation: state.pendingConfirmation,
    pendingExternalExecution: state.pendingExternalExecution,
    subagents,
    subagentPendingConfirmations: state.subagentPendingConfirmations,
    exposedSubagents: state.exposedSubagents,
    customEvents: state.customEvents,
  }
}
