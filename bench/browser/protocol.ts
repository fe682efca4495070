/**
 * What bench/browser-bench.ts (Node) and the page (bench/browser/main.tsx) exchange: types and the names of
 * the page's performance marks, nothing that pulls Node or page code into the other side.
 */

/** The page marks the run with these `performance.mark` names, so a trace can be cut to the run. */
export const RUN_MARKS = { start: 'agent-bench:first-event', end: 'agent-bench:settled' } as const

/** How the in-page transport hands the events to the store. */
export type Delivery = 'bursts' | 'buffered'

/** What `prepare()` reports once the chat is mounted and the events are loaded. */
export interface PageInfo {
  readonly events: number
  readonly textDeltas: number
  /** The concatenated TEXT_BLOCK_DELTAs, to check the rendered text against. */
  readonly expectedText: string
}

/** Options of one timed run. */
export interface RunOptions {
  readonly delivery: Delivery
  readonly eventsPerBurst: number
  /** The text block's final `textContent`, from a calibration run; null during the calibration itself. */
  readonly reference: string | null
  /** Give up (and report a failure) after this long. */
  readonly timeoutMs: number
}

/** What one run measured in the page. Times are ms from the first event (`performance.now()` based). */
export interface PageSample {
  readonly delivery: Delivery
  readonly events: number
  /** First event → the text block done and its `textContent` equal to the reference (MutationObserver). */
  readonly finalTextMs: number
  /** First event → the chat's `data-status="done"` (everything reduced, rendered and committed). */
  readonly settledMs: number
  /** React commits (Profiler onRender) between the first event and the final text, and until settled. */
  readonly commitsToText: number
  readonly commits: number
  /** Store updates (any `setState`) between the first event and settled. */
  readonly publishes: number
  /** Commits with no store update since the previous one: effects and lazy loads (the highlighter chunk). */
  readonly otherCommits: number
  /** rAF callbacks between the first event and settled. */
  readonly frames: number
  readonly commitsPerFrame: number
  readonly maxCommitsInOneFrame: number
  readonly framesWithSeveralCommits: number
  /** Store updates not made inside a rAF callback (a timer fallback, the end of the run). */
  readonly publishesOutsideFrames: number
  /** Sum and maximum of the Profiler's `actualDuration` (render phase only) over the commits counted. */
  readonly renderMs: number
  readonly longestRenderMs: number
  /** Longest interval between two rAF callbacks that overlaps the run. */
  readonly longestFrameGapMs: number
  /** 'longtask' entries (≥ 50 ms) overlapping the run. */
  readonly longTasks: number
  readonly longestLongTaskMs: number
  /** The longest 'long-animation-frame' entry overlapping the run, and its blocking part. */
  readonly longestAnimationFrameMs: number
  readonly longestAnimationFrameBlockingMs: number
  /** The transport's own tasks: the longest one (all of it for buffered delivery), and their sum. */
  readonly longestDeliveryTaskMs: number
  readonly deliveryMs: number
  /** `performance.memory` after the run (coarse: Chromium rounds it); the exact heap comes from CDP. */
  readonly usedJsHeapBytes: number | null
  /** The final text block's `textContent` length, and the correctness checks (empty when all passed). */
  readonly renderedTextLength: number
  readonly problems: readonly string[]
  /** Set by the calibration run only: the text block's final `textContent`. */
  readonly renderedText: string | null
}

/** The page's API, as `window.agentBench`. */
export interface AgentBenchPage {
  prepare(): Promise<PageInfo>
  run(options: RunOptions): Promise<PageSample>
}
