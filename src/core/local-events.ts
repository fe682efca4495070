import { AgentStreamError } from './errors'
import type { Msg } from './message'

/**
 * The user's own message, entered into the state by the kit when it is sent (or loaded): never sent by a
 * server, and refused on the wire (`parseAgentEvent` does not know it), so that a replayed or exported
 * log holds the whole conversation.
 */
export interface UserMessageEvent {
  readonly type: 'USER_MESSAGE'
  /** The event id; by default the message id, so that entering the same message twice changes nothing. */
  readonly id?: string
  readonly createdAt?: string
  readonly message: Msg
}

/** An event the kit makes itself rather than receives. */
export type LocalEvent = UserMessageEvent

/** The outcome of {@link parseLocalEvent}. */
export type ParseLocalEventResult = { readonly ok: true; readonly event: LocalEvent } | { readonly ok: false; readonly error: AgentStreamError }

/** The local event that enters a user message; its id is the message id. */
export function userMessageEvent(message: Msg): UserMessageEvent {
  const id = message.id ?? undefined
  const createdAt = message.timestamp ?? undefined
  return { type: 'USER_MESSAGE', ...(id === undefined ? {} : { id }), ...(createdAt === undefined ? {} : { createdAt }), message }
}

/** Whether a recorded value is one of the kit's local events (by its `type`). */
export function isLocalEventValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'USER_MESSAGE'
}

/** Validates a recorded local event; never throws. */
export function parseLocalEvent(value: unknown): ParseLocalEventResult {
  const invalid = (field: string, reason: string): ParseLocalEventResult => ({
    ok: false,
    error: new AgentStreamError('invalid-event', `Invalid USER_MESSAGE event: ${reason}`, { eventType: 'USER_MESSAGE', field }),
  })
  if (!isLocalEventValue(value)) return invalid('type', 'not a local event')
  const { id, createdAt, message } = value as { id?: unknown; createdAt?: unknown; message?: unknown }
  if (id !== undefined && typeof id !== 'string') return invalid('id', 'the id must be a string')
  if (createdAt !== undefined && typeof createdAt !== 'string') return invalid('createdAt', 'createdAt must be a string')
  if (typeof message !== 'object' || message === null) return invalid('message', 'a USER_MESSAGE needs a message object')
  const { role, content } = message as { role?: unknown; content?: unknown }
  if (role !== 'USER') return invalid('message.role', 'the message of a USER_MESSAGE must have the role USER')
  if (!Array.isArray(content)) return invalid('message.content', 'the message needs a content array')
  return { ok: true, event: value as LocalEvent }
}
