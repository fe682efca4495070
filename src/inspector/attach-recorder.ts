import { createEventRecorder } from '../core/event-recorder'
import type { EventRecorderOptions, RecordedLog } from '../core/event-recorder'
import { toSnapshot } from '../core/snapshot'
import type { AgentState } from '../core/state'
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
 * Starts `recorder` at the conversation `agent` holds: a `load` entry of its messages (nothing for an empty chat),
 * after forgetting what the recorder had.
 */
export function startAt(recorder: RecordedLog, agent: AgentState): void {
  recorder.clear()
  const messages = toSnapshot(agent).messages
  if (messages.length > 0) recorder.record({ kind: 'load', receivedAt: Date.now(), messages })
}

/**
 * Starts recording a chat that was made without a recorder: its store (`createAgentStore`, `useAgentStoreApi()`)
 * or its headless session. A chat that already holds a conversation is entered first as a `load` entry of that
 * conversation, so that time travel and export start from what was on screen; everything after is recorded as
 * it arrives. Recording a chat from its first event (`createAgentStore({ recorder })`) stays the exact way.
 * @example
 * const recorder = attachRecorder(store)
 * <AgentInspector recorder={recorder} />  // or simply <AgentInspector store={store} />
 */
export function attachRecorder(target: AgentStore | AgentSession, options: EventRecorderOptions = {}): AttachedRecorder {
  const session = sessionOf(target)
  const recorder = createEventRecorder(options)
  startAt(recorder, session.getState().agent)
  let detach: (() => void) | null = session.attachRecorder(recorder)
  return Object.assign(recorder, {
    detach: () => {
      detach?.()
      detach = null
    },
  })
}
