import type { ConfirmationDecision, ExternalToolResult } from '../../src'

/** What the client did to start one recorded call, in the store's terms; the n-th request started `calls[n]`. */
export type RecordedRequest =
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'confirm'; readonly decisions: readonly ConfirmationDecision[] }
  | { readonly kind: 'tool-results'; readonly results: readonly ExternalToolResult[] }

/** An HTTP error the server answered instead of a stream, recorded as it came. */
export interface RecordedHttpError {
  readonly status: number
  readonly statusText: string
  readonly contentType: string
  readonly body: string
}

/** One scenario of the scripted server as `stories/record-scripts.ts` saved it (`stories/scripts/<name>.json`). */
export interface RecordedScript {
  /** The scenario name (`src/testing/scenario-catalog.ts`), or the name of a derived script. */
  readonly scenario: string
  readonly keyword: string
  readonly description: string
  readonly requests: readonly RecordedRequest[]
  /** The raw wire events of each call, in stream order. */
  readonly calls: readonly (readonly unknown[])[]
  /** The run was refused with an HTTP error (and `calls` is empty). */
  readonly httpError?: RecordedHttpError
  /** The client asked the server to stop after this event of the last call. */
  readonly interruptedAfter?: number
  /** The text deltas kept and dropped when a very long answer was cut to commit size. */
  readonly truncated?: { readonly keptTextDeltas: number; readonly droppedTextDeltas: number }
  /** Set on a script made from another recording because the scripted server has no such scenario. */
  readonly derivedFrom?: string
  readonly note?: string
}
