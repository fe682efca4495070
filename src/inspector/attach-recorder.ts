import { createEventRecorder } from '../core/event-recorder'
import type { EventRecorderOptions, RecordedEntry, RecordedLog } from '../core/event-recorder'
import { toSnapshot } from '../core/snapshot'
import { MAIN_SCOPE } from '../core/state'
import type { AgentSession } from '../session/create-agent-session'
import type { AgentStore } from '../store/agent-store-state'

/** A recorder attached to a running chat: it records until `detach` is called. */
export interface AttachedRecorder extends RecordedLog {
  /** Stops recording (the kept entries stay). Calling it again does nothing. */
  detach(): void
}

/** The session of a store, or the session itself. */
export function sessionOf(target: AgentStore | AgentSession): AgentSession {
  return 'attachRecorder' in target ? target : target.getState().session
}

/**
 * Starts `recorder` at the conversation a session holds, after forgetting what the recorder had: a `load` entry
 * that carries the session's own state (nothing for a chat that has taken nothing in), so that a rebuild starts
 * from exactly what the chat shows, subagent lanes included; its messages are what an export can say of it.
 */
export function startAt(recorder: RecordedLog, session: AgentSession): void {
  recorder.clear()
  const { agent, status } = session.getState()
  const messages = toSnapshot(agent).messages
  if (messages.length > 0 || agent.seenCount > 0) recorder.record({ kind: 'load', receivedAt: Date.now(), messages, agent, status })
}

/** What a log that starts with an attach (see {@link startAt}) held then, for the inspector to say so; else null. */
export function attachedStart(first: RecordedEntry | undefined): { readonly messages: number; readonly lanes: number } | null {
  if (first?.kind !== 'load' || first.agent === undefined) return null
  const lanes = Object.keys(first.agent.scopes).filter((key) => key !== MAIN_SCOPE).length
  return { messages: first.messages.length, lanes }
}

/**
 * Starts recording a chat that was made without a recorder: its store (`createAgentStore`, `useAgentStoreApi()`)
 * or its headless session. A chat that already holds a conversation is entered first as a `load` entry of that
 * conversation (the chat's own state, so time travel starts from exactly what was on screen; an export leaves it
 * out, since the events that built it were not recorded); everything after is recorded as it arrives. Recording a
 * chat from its first event (`createAgentStore({ recorder })`) is the way to export all of it.
 * @example
 * const recorder = attachRecorder(store)
 * <AgentInspector recorder={recorder} />  // or simply <AgentInspector store={store} />
 */
export function attachRecorder(target: AgentStore | AgentSession, options: EventRecorderOptions = {}): AttachedRecorder {
  const session = sessionOf(target)
  const recorder = createEventRecorder(options)
  startAt(recorder, session)
  let detach: (() => void) | null = session.attachRecorder(recorder)
  return Object.assign(recorder, {
    detach: () => {
      detach?.()
      detach = null
    },
  })
}
