/** What bench/transcript-bench.ts (Node) and the page (bench/transcript/main.tsx) exchange. */

/** React commits (Profiler), rAF frames and long tasks over a stretch of time. */
export interface FrameStats {
  readonly commits: number
  readonly frames: number
  readonly commitsPerFrame: number
  readonly maxCommitsInOneFrame: number
  /** 'longtask' entries (≥ 50 ms) overlapping the stretch, and the longest. */
  readonly longTasks: number
  readonly longestTaskMs: number
}

/** A streaming turn after a loaded history. */
export interface TranscriptSample extends FrameStats {
  readonly turns: number
  /** `load()` of the history to the next frame. */
  readonly loadMs: number
  /** `send()` to the turn done in the store (plus one frame). */
  readonly streamMs: number
  /** `.as-turn` elements in the DOM after the turn, and every item of the list (user messages too). */
  readonly renderedTurns: number
  readonly renderedItems: number
  readonly status: string
  readonly lastText: string
}

/** Live turns, one after another, after a loaded history. */
export interface TurnsSample extends FrameStats {
  readonly historyTurns: number
  readonly liveTurns: number
  readonly medianTurnMs: number
}

/** One turn of `before` blocks, then `measured` more (a subagent's, in a lane, for `longTurn(…, true)`). */
export interface LongTurnSample extends FrameStats {
  readonly before: number
  readonly measured: number
  /** The renderer's main-thread time (CDP TaskDuration) per measured event, to the last one's text on screen. */
  readonly perEventUs: number
  /** The measured blocks' first event to the last one's text on screen, per block. */
  readonly perBlockWallMs: number
  /** `[data-as-block]` elements in the DOM at the end of the turn. */
  readonly renderedBlocks: number
  readonly status: string
}

/** The 27k-event stream to the final text on screen. */
export interface StreamSample extends FrameStats {
  readonly finalTextMs: number
}

/** The page's API, as `window.transcriptBench`. */
export interface TranscriptBenchPage {
  longTranscript(turns: number, textDeltas: number): Promise<TranscriptSample>
  turnsAfter(historyTurns: number, liveTurns: number): Promise<TurnsSample>
  longTurn(before: number, measured: number, lane?: boolean): Promise<LongTurnSample>
  kitStream(): Promise<StreamSample>
  bareStream(): Promise<StreamSample>
}
