import type { AgentEvent } from '../core/events'
import { parseAgentEvent } from '../core/parse-event'
import type { RunHandlers, RunRequest } from './agent-transport'

/** What the client knows about the run it resumes, for what a server version leaves out. */
export interface ResumeContext {
  /** The replyId of the pending request the run answers (`requestReplyId`), if known. */
  readonly requestReplyId: string | null
}

function echoOf(request: RunRequest, context: ResumeContext, createdAt: string | undefined): AgentEvent | null {
  const replyId = context.requestReplyId ?? undefined
  switch (request.kind) {
    case 'message': {
      return null
    }
    case 'confirm': {
      return { type: 'USER_CONFIRM_RESULT', createdAt, replyId, confirmResults: request.confirmResults }
    }
    case 'tool-results': {
      return { type: 'EXTERNAL_EXECUTION_RESULT', createdAt, replyId, toolResults: request.toolResults }
    }
    default: {
      request satisfies never
      return null
    }
  }
}

/**
 * The one place where AgentScope versions differ on the wire. 2.0.0 does not echo USER_CONFIRM_RESULT /
 * EXTERNAL_EXECUTION_RESULT when a run resumes with the user's answers (2.0.1 does): when the first top-level
 * event after AGENT_START is not the echo, the echo is delivered first, built from what the client sent and
 * dated like that AGENT_START, so that the events (and any log of them) say what the user answered.
 * Other runs get their handlers back unchanged.
 */
export function withAgentScopeCompat(request: RunRequest, context: ResumeContext, handlers: RunHandlers): RunHandlers {
  if (request.kind === 'message') return handlers
  let started: string | undefined | null = null
  let settled = false
  // The type of the echo delivered here: a server's own that comes later (after some other event) is the same
  // answer again, and is left out (it gave a denial twice).
  let delivered: string | null = null
  return {
    ...handlers,
    onEvent: (value) => {
      if (delivered !== null) {
        const { type, source } = (value ?? {}) as { type?: unknown; source?: unknown }
        if (type === delivered && !source) {
          delivered = null
          return
        }
      }
      if (!settled) {
        const parsed = parseAgentEvent(value)
        if (parsed.ok && !parsed.event.source) {
          if (started === null) {
            if (parsed.event.type === 'AGENT_START') started = parsed.event.createdAt
          } else {
            settled = true
            const echo = echoOf(request, context, started)
            if (echo !== null && parsed.event.type !== echo.type) {
              handlers.onEvent(echo)
              delivered = echo.type
            }
          }
        }
      }
      handlers.onEvent(value)
    },
  }
}
