import type { AgentStreamError } from '../core/errors'
import type { ConfirmResult, Msg, ToolResultBlock } from '../core/message'

/** What a run sends: a user message, answers to a confirmation, or the results of tools run by the client. */
export type RunRequest =
  | { readonly kind: 'message'; readonly messages: readonly Msg[] }
  | { readonly kind: 'confirm'; readonly confirmResults: readonly ConfirmResult[] }
  | { readonly kind: 'tool-results'; readonly toolResults: readonly ToolResultBlock[] }

/** Callbacks of one run. */
export interface RunHandlers {
  /** Aborting closes the connection; the run then resolves `'aborted'`. */
  readonly signal: AbortSignal
  /** The server accepted the run and the stream is open. */
  readonly onOpen?: () => void
  /** Each event as parsed JSON, in order; validation happens downstream (`parseAgentEvent`). */
  readonly onEvent: (value: unknown) => void
  /** Bytes arrived, heartbeat comments included: the stream is alive even when no event came. */
  readonly onActivity?: () => void
  /** A problem that does not end the stream, such as a malformed frame that was skipped. */
  readonly onError?: (error: AgentStreamError) => void
  /**
   * A resumable transport (Agent Protocol) lost its connection and is reconnecting, or got it back;
   * `attempt` counts from 1. Transports that never reconnect don't call it.
   */
  readonly onConnection?: (state: 'reconnecting' | 'reconnected', attempt: number) => void
}

/** How a run's stream ended when it did not fail. */
export type RunEnd = 'ended' | 'aborted'

/**
 * What a transport can carry between the user and the agent, measured against AgentScope 2.0.2's own endpoints
 * (test/interop; the README's "What each transport carries" table). The UI offers only what is `true`.
 */
export interface TransportCapabilities {
  /** A tool confirmation can be answered (approve / deny) at all. */
  readonly confirm: boolean
  /** An approval can carry edited arguments ("Edit arguments"). */
  readonly editArguments: boolean
  /** An approval can carry permission rules ("Always allow"). */
  readonly rules: boolean
  /** Tools the client runs can return their results ("Run in this browser"). */
  readonly externalResults: boolean
  /** A dropped stream is picked up again without losing events. */
  readonly resume: boolean
  /** Tool results keep their images and files (else they arrive as text). */
  readonly mediaInResults: boolean
  /** Tool results keep their state (`error`, `denied`); else every result reads as a success. */
  readonly resultStates: boolean
  /** The server says why a turn stopped (max iterations, paused, interrupted) rather than the kit inferring it. */
  readonly stopReason: boolean
  /** Stop interrupts the agent on the server (else only the connection closes and the server may run on). */
  readonly serverStop: boolean
  /**
   * A subagent's own confirmation can be answered: the transport reaches a subagent exposed with `expose_to_user`
   * (its `SUBAGENT_EXPOSED` id) through `runSubagent`.
   */
  readonly subagentConfirm: boolean
}

/** Everything: the default for a transport that declares nothing. */
export const FULL_CAPABILITIES: TransportCapabilities = {
  confirm: true,
  editArguments: true,
  rules: true,
  externalResults: true,
  resume: true,
  mediaInResults: true,
  resultStates: true,
  stopReason: true,
  serverStop: true,
  subagentConfirm: true,
}

/** Why a transport that keeps one thread's state refuses a second run while one streams. */
export const ALREADY_RUNNING = 'This transport is already streaming a reply: each chat needs a transport of its own.'

/** What every protocol implements: start runs, stop them, and report their events. */
export interface AgentTransport {
  /** What this transport can carry; a transport that leaves it out is taken to carry everything ({@link FULL_CAPABILITIES}). */
  readonly capabilities?: TransportCapabilities
  /**
   * Starts a run and resolves when its stream ends: `'ended'` after the top-level AGENT_END,
   * `'aborted'` when the signal aborted it. Rejects with an `AgentStreamError` (`http-error`,
   * `wrong-content-type`, `network-error`, `incomplete-stream`). A run is never retried on its own.
   */
  run(request: RunRequest, handlers: RunHandlers): Promise<RunEnd>
  /** Asks the server to stop the running call; it then ends the stream itself. */
  interrupt(): Promise<void>
  /** The conversation as the server stores it, when the server exposes it. */
  loadHistory?(): Promise<Msg[]>
  /**
   * Runs a request on a subagent exposed with `expose_to_user` (`subagentId` from its `SUBAGENT_EXPOSED`), as
   * AgentScope's gateway does (`HarnessGateway.runSubagentStream`): the events are the subagent's own, top level.
   * Same promise and errors as `run`. A transport without it cannot answer a subagent's confirmation.
   */
  runSubagent?(subagentId: string, request: RunRequest, handlers: RunHandlers): Promise<RunEnd>
}
