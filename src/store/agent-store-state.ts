import type { StoreApi } from 'zustand/vanilla'
import type { AgentSession } from '../session/create-agent-session'
import type { AgentSessionActions, AgentSessionOptions, AgentSessionState } from '../session/session-state'

export type { AgentStatus, ConnectionState, ExternalToolResult, SendInput, TranscriptItem } from '../session/session-state'
export type { ConfirmationDecision } from '../core/build-message'

/** The state and actions of one chat: what its session publishes, and the session's actions. */
export interface AgentStoreState extends AgentSessionState, AgentSessionActions {
  /** The headless session that writes this store (to drive it from outside React, or to read it directly). */
  readonly session: AgentSession
}

/** A store of one chat. */
export type AgentStore = StoreApi<AgentStoreState>

/** Options of {@link createAgentStore}: the session's. */
export type AgentStoreOptions = AgentSessionOptions
