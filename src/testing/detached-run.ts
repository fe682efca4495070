/**
 * Runs one scripted call with no HTTP response behind it: its events go to a callback instead of a socket.
 * The Agent Protocol task store and the AG-UI adapter are built on it, as upstream's are built on `streamEvents()`.
 */
import type { ServerResponse } from 'node:http'
import { Writable } from 'node:stream'
import { runCall } from './agent-loop'
import type { AgentSession } from './agent-session'
import { createEventWriter, type EventWriter } from './event-writer'
import type { Pacer } from './pace'
import type { RunInput } from './read-run-body'
import type { Scenario } from './scenario'

/** How a detached call ended. */
export type DetachedEnd = 'finished' | 'failed' | 'cancelled'

/** A detached call in progress. */
export interface DetachedRun {
  readonly writer: EventWriter
  /** Resolves once the call is over. */
  readonly done: Promise<DetachedEnd>
}

/** Starts `input` on `session`; `onEvent` gets each event object once it would have gone to the socket. */
export function startDetachedRun(
  session: AgentSession,
  input: RunInput,
  scenario: Scenario,
  pacer: Pacer,
  onEvent: (event: Record<string, unknown>) => void,
): DetachedRun {
  // The writer only needs write/end/destroy and the drain/close events, which any Writable has.
  const sink = new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })
  const writer = createEventWriter({
    response: sink as unknown as ServerResponse,
    pacer,
    ids: session.ids,
    legacyTypeNames: scenario.legacyTypeNames,
    onSent: (event) => {
      session.sentEvents.push(event)
      onEvent(event)
    },
  })
  session.writer = writer
  const done = (async (): Promise<DetachedEnd> => {
    try {
      await runCall(session, writer, input, scenario)
    } finally {
      session.writer = null
    }
    if (writer.cancelled) return 'cancelled'
    // ScriptedFailure makes the writer destroy its response instead of ending it
    return sink.writableEnded ? 'finished' : 'failed'
  })()
  return { writer, done }
}
