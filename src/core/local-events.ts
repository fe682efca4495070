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

/**
 * Takes the conversation back to just before one of the user's messages: that message, every later one, and the
 * top-level turns that answered them go, and the subagents' lanes, pending requests and notifications are as they
 * were when that message was entered (a lane an earlier exchange opened loses the turns the removed ones added), so
 * that a retried or edited exchange replaces the last one rather than adding below it. Made by the kit
 * (`session.resend`), never sent by a server.
 */
export interface RewindEvent {
  readonly type: 'REWIND'
  /** The event id, unique per rewind (the kit makes one), so that a replayed log applies it once. */
  readonly id?: string
  readonly createdAt?: string
  /** The index, in the state's `userMessages`, of the first user message taken out. */
  readonly fromUserMessage: number
}

/** An event the kit makes itself rather than receives. */
export type LocalEvent = UserMessageEvent | RewindEvent

const LOCAL_TYPES: ReadonlySet<unknown> = new Set(['USER_MESSAGE', 'REWIND'])

/** The outcome of {@link parseLocalEvent}. */
export type ParseLocalEventResult = { readonly ok: true; readonly event: LocalEvent } | { readonly ok: false; readonly error: AgentStreamError }

/** The local event that enters a user message; its id is the message id. */
export function userMessageEvent(message: Msg): UserMessageEvent {
  const id = message.id ?? undefined
  const createdAt = message.timestamp ?? undefined
  return { type: 'USER_MESSAGE', ...(id === undefined ? {} : { id }), ...(createdAt === undefined ? {} : { createdAt }), message }
}

/** The local event that takes the conversation back to just before the user message at `fromUserMessage`. */
export function rewindEvent(fromUserMessage: number, id: string, createdAt?: string): RewindEvent {
  return { type: 'REWIND', id, ...(createdAt === undefined ? {} : { createdAt }), fromUserMessage }
}

/** Whether a recorded value is one of the kit's local events (by its `type`). */
export function isLocalEventValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && LOCAL_TYPES.has((value as { type?: unknown }).type)
}

/** Validates a recorded local event; never throws. */
export function parseLocalEvent(value: unknown): ParseLocalEventResult {
  const type = isLocalEventValue(value) ? (value as { type: 'USER_MESSAGE' | 'REWIND' }).type : 'USER_MESSAGE'
  const invalid = (field: string, reason: string): ParseLocalEventResult => ({
    ok: false,
    error: new AgentStreamError('invalid-event', `Invalid ${type} event: ${reason}`, { eventType: type, field }),
  })
  if (!isLocalEventValue(value)) return invalid('type', 'not a local event')
  const { id, createdAt, message, fromUserMessage } = value as { id?: unknown; createdAt?: unknown; message?: unknown; fromUserMessage?: unknown }
  if (id !== undefined && typeof id !== 'string') return invalid('id', 'the id must be a string')
  if (createdAt !== undefined && typeof createdAt !== 'string') return invalid('createdAt', 'createdAt must be a string')
  if (type === 'REWIND') {
    if (typeof fromUserMessage !== 'number' || !Number.isInteger(fromUserMessage) || fromUserMessage < 0) {
      return invalid('fromUserMessage', 'fromUserMessage must be the index of a user message (an integer, 0 or more)')
    }
    return { ok: true, event: value as RewindEvent }
  }
  if (typeof message !== 'object' || message === null) return invalid('message', 'a USER_MESSAGE needs a message object')
  const { role, content } = message as { role?: unknown; content?: unknown }
  if (role !== 'USER') return invalid('message.role', 'the message of a USER_MESSAGE must have the role USER')
  if (!Array.isArray(content)) return invalid('message.content', 'the message needs a content array')
  return { ok: true, event: value as LocalEvent }
}
