/**
 * Drives a transport through a conversation against the scripted server and reduces what it delivered, plus a
 * comparable "shape" of the snapshot: everything but ids and timestamps, which differ per protocol and per run.
 */
import { replayEvents, type AgentSnapshot, type AgentTransport, type ContentBlock, type RunRequest } from '../../src/core'

/** What a conversation delivered. */
export interface Conversation {
  readonly events: unknown[]
  readonly ends: string[]
  readonly errors: unknown[]
  readonly connection: string[]
}

/** Runs each request in turn (a function gets the events so far, to build a confirmation). */
export async function converse(
  transport: AgentTransport,
  requests: readonly (RunRequest | ((events: readonly unknown[]) => RunRequest))[],
): Promise<Conversation> {
  const events: unknown[] = []
  const ends: string[] = []
  const errors: unknown[] = []
  const connection: string[] = []
  for (const next of requests) {
    const request = typeof next === 'function' ? next(events) : next
    try {
      ends.push(
        await transport.run(request, {
          signal: new AbortController().signal,
          onEvent: (value) => events.push(value),
          onConnection: (state, attempt) => connection.push(`${state}:${attempt}`),
        }),
      )
    } catch (error) {
      errors.push(error)
      ends.push('error')
    }
  }
  return { events, ends, errors, connection }
}

function blockShape(block: ContentBlock): unknown {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking }
    case 'tool_use':
      return { type: 'tool_use', name: block.name, input: block.input, state: block.state }
    case 'tool_result':
      return {
        type: 'tool_result',
        name: block.name,
        state: block.state,
        output: (block.output as readonly ContentBlock[]).map((item) => (item.type === 'text' ? item.text : item.type)).join(''),
      }
    default:
      return { type: block.type }
  }
}

/** The snapshot without ids and timestamps. */
export function shapeOf(snapshot: AgentSnapshot) {
  return {
    messages: snapshot.messages.map((message) => ({ role: message.role, content: message.content.map(blockShape) })),
    turns: snapshot.turns.map((turn) => ({
      status: turn.status,
      generateReason: turn.generateReason,
      modelCalls: turn.modelCalls.length,
      usage: turn.usage,
    })),
    pendingConfirmation: snapshot.pendingConfirmation?.toolCalls.map((call) => call.name) ?? null,
    pendingExternalExecution: snapshot.pendingExternalExecution?.toolCalls.map((call) => call.name) ?? null,
    customEvents: snapshot.customEvents.map((custom) => custom.name),
  }
}

/** Reduces what a conversation delivered. */
export function snapshotOf(conversation: Conversation): AgentSnapshot {
  return replayEvents(conversation.events)
}

/** The tool calls of the last top-level REQUIRE_USER_CONFIRM or REQUIRE_EXTERNAL_EXECUTION delivered. */
export function lastRequested(
  events: readonly unknown[],
  type: string,
): {
  id: string
  name: string | null
  input: Record<string, unknown>
  content: string | null
  type: 'tool_use'
  metadata: Record<string, unknown>
  state: string
}[] {
  const found = events.filter((event) => (event as { type?: string; source?: string }).type === type && !(event as { source?: string }).source)
  const last = found[found.length - 1] as { toolCalls?: unknown[] } | undefined
  return (last?.toolCalls ?? []) as never
}
