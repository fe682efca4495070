/**
 * Long-transcript benchmark (`npm run bench -- transcript`): `<AgentChat>` in headless Chromium with a loaded
 * history of 1,000 turns and a new turn streaming in (commits per frame, long tasks, what is in the DOM), the cost
 * of a live turn at turn 10, 100 and 1,000, and the 27k-event stream rendered by the kit beside a bare zustand
 * store published on requestAnimationFrame. One fresh page per sample; timings print PASS/MISS, never fail the run.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { buildPage, launchChromium, startStaticServer } from './browser-build'
import type { RunPlan } from './measure'
import { againstTarget, formatNumber, printSection, printTable } from './report'
import type { LongTurnSample, StreamSample, TranscriptSample, TurnsSample } from './transcript/protocol'
import { createWorkload } from './workload'

const PAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'transcript')
const HISTORY_SIZES = [10, 100, 1_000] as const
const LIVE_TURNS = 7
const LONG_TURN_BLOCKS = [10, 1_000, 100_000] as const
const LONG_TURN_MEASURED = 600

/** The targets of issue #11. */
export const TRANSCRIPT_TARGETS = {
  commitsPerFrame: 1,
  longestTaskMs: 50,
  /** Per live turn at turn 1,000 over turn 10; per event at block 100,000 of a turn over block 10. */
  flatness: 1.5,
  /** The kit's wall time over the bare zustand + rAF render of the same stream. */
  kitOverBare: 2,
} as const

/** What the transcript suite measured (medians over the samples). */
export interface TranscriptResults {
  readonly longTranscript: TranscriptSample
  readonly turns: readonly TurnsSample[]
  readonly longTurns: readonly LongTurnSample[]
  readonly kit: StreamSample
  readonly bare: StreamSample
  /** Every sample's time to the final text, in run order (the bare page's are bimodal: see the report). */
  readonly kitFinalTextMs: readonly number[]
  readonly bareFinalTextMs: readonly number[]
}

// A fresh page per sample; the call is an expression on `window.transcriptBench`, evaluated in the page, which
// can read the renderer's main-thread time so far as `window.benchCpuMs()`.
async function inFreshPage<T>(browser: Browser, url: string, call: string, failures: string[]): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => failures.push(`transcript: page error ${error.message}`))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.exposeFunction('benchCpuMs', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN) * 1000
    })
    await page.goto(url)
    await page.waitForFunction(() => 'transcriptBench' in window)
    return (await page.evaluate(`window.transcriptBench.${call}`)) as T
  } finally {
    await context.close()
  }
}

function medianBy<T>(samples: readonly T[], key: (sample: T) => number): T {
  const sorted = [...samples].sort((a, b) => key(a) - key(b))
  return sorted[Math.floor(sorted.length / 2)] as T
}

function progress(message: string): void {
  process.stderr.write(`  transcript: ${message}\n`)
}

/** Builds the page, opens one Chromium, and runs every scenario `plan.runs` times (after `plan.warmups`). */
export async function runTranscriptBench(plan: RunPlan, failures: string[]): Promise<TranscriptResults> {
  progress('building the page')
  const built = await buildPage(createWorkload(1), PAGE_ROOT)
  const server = await startStaticServer(built.directory)
  const browser = await launchChromium()
  try {
    const repeat = async <T>(label: string, call: () => Promise<T>): Promise<T[]> => {
      const samples: T[] = []
      for (let run = 0; run < plan.warmups + plan.runs; run++) {
        progress(`${label} ${run + 1}/${plan.warmups + plan.runs}`)
        const sample = await call()
        if (run >= plan.warmups) samples.push(sample)
      }
      return samples
    }
    const open = <T>(call: string) => inFreshPage<T>(browser, server.url, call, failures)
    const long = await repeat('1,000 turns + a streaming turn', () => open<TranscriptSample>('longTranscript(1000, 1500)'))
    for (const sample of long) {
      if (sample.status !== 'idle' && sample.status !== 'done') failures.push(`transcript: status ${sample.status} after the streaming turn`)
    }
    const turns: TurnsSample[] = []
    for (const history of HISTORY_SIZES) {
      const samples = await repeat(`live turns after ${history}`, () => open<TurnsSample>(`turnsAfter(${history}, ${LIVE_TURNS})`))
      turns.push(medianBy(samples, (sample) => sample.medianTurnMs))
    }
    const longTurns: LongTurnSample[] = []
    for (const blocks of LONG_TURN_BLOCKS) {
      const samples = await repeat(`a turn of ${blocks} blocks`, () => open<LongTurnSample>(`longTurn(${blocks}, ${LONG_TURN_MEASURED})`))
      for (const sample of samples) {
        if (sample.status !== 'idle' && sample.status !== 'done') failures.push(`transcript: status ${sample.status} after the long turn`)
      }
      longTurns.push(medianBy(samples, (sample) => sample.perEventUs))
    }
    const kit = await repeat('27k events, kit', () => open<StreamSample>('kitStream()'))
    const bare = await repeat('27k events, bare zustand + rAF', () => open<StreamSample>('bareStream()'))
    return {
      longTranscript: medianBy(long, (sample) => sample.streamMs),
      turns,
      longTurns,
      kit: medianBy(kit, (sample) => sample.finalTextMs),
      bare: medianBy(bare, (sample) => sample.finalTextMs),
      kitFinalTextMs: kit.map((sample) => sample.finalTextMs),
      bareFinalTextMs: bare.map((sample) => sample.finalTextMs),
    }
  } finally {
    await browser.close()
    await server.close()
    built.remove()
  }
}

/** Prints the transcript tables. */
export function printTranscriptReport(results: TranscriptResults): void {
  const long = results.longTranscript
  printSection('Transcript 1. 1,000 loaded turns, then a turn streaming 1,500 text deltas (bursts of 64), Chromium')
  printTable(
    ['measure', 'value', 'target'],
    [
      ['load() to the next frame', `${formatNumber(long.loadMs)} ms`, '–'],
      ['streaming turn, send() to done', `${formatNumber(long.streamMs)} ms`, '–'],
      ['commits / frames', `${long.commits} / ${long.frames}`, '–'],
      ['commits per frame', formatNumber(long.commitsPerFrame), againstTarget(long.commitsPerFrame, TRANSCRIPT_TARGETS.commitsPerFrame)],
      ['most commits in one frame', String(long.maxCommitsInOneFrame), '–'],
      ['long tasks (≥ 50 ms) while streaming', String(long.longTasks), '–'],
      [
        'longest task while streaming',
        `${formatNumber(long.longestTaskMs)} ms`,
        long.longTasks === 0 ? 'none (≤ 50 ms: PASS)' : againstTarget(long.longestTaskMs, TRANSCRIPT_TARGETS.longestTaskMs, ' ms'),
      ],
      ['turns in the DOM (of 1,001)', String(long.renderedTurns), '–'],
      ['list items in the DOM (of 2,002)', String(long.renderedItems), '–'],
    ],
  )
  printSection('Transcript 2. One live turn after N loaded turns, ms per turn (median), Chromium')
  const first = results.turns[0] as TurnsSample
  const last = results.turns[results.turns.length - 1] as TurnsSample
  printTable(
    ['turns before', ...results.turns.map((turn) => turn.historyTurns.toLocaleString('en-US')), `${last.historyTurns} ÷ ${first.historyTurns}`],
    [
      [
        'ms per live turn',
        ...results.turns.map((turn) => formatNumber(turn.medianTurnMs)),
        againstTarget(last.medianTurnMs / first.medianTurnMs, TRANSCRIPT_TARGETS.flatness, '×'),
      ],
      ['commits per frame', ...results.turns.map((turn) => formatNumber(turn.commitsPerFrame)), '–'],
      ['longest task, ms', ...results.turns.map((turn) => formatNumber(turn.longestTaskMs)), '–'],
    ],
    [`each live turn: thinking (10 deltas), text (200 deltas), a tool call and its result; ${LIVE_TURNS} turns per page`],
  )
  printSection(`Transcript 3. One turn of N blocks, then ${LONG_TURN_MEASURED} more at a burst of 64 events per frame, Chromium`)
  const small = results.longTurns[0] as LongTurnSample
  const large = results.longTurns[results.longTurns.length - 1] as LongTurnSample
  printTable(
    [
      'blocks before',
      ...results.longTurns.map((turn) => turn.before.toLocaleString('en-US')),
      `${large.before.toLocaleString('en-US')} ÷ ${small.before}`,
    ],
    [
      [
        'main thread per event, µs',
        ...results.longTurns.map((turn) => formatNumber(turn.perEventUs)),
        againstTarget(large.perEventUs / small.perEventUs, TRANSCRIPT_TARGETS.flatness, '×'),
      ],
      ['wall per block, ms', ...results.longTurns.map((turn) => formatNumber(turn.perBlockWallMs)), '–'],
      ['commits per frame', ...results.longTurns.map((turn) => formatNumber(turn.commitsPerFrame)), '–'],
      ['longest task, ms', ...results.longTurns.map((turn) => formatNumber(turn.longestTaskMs)), '–'],
      ['blocks in the DOM at the end', ...results.longTurns.map((turn) => turn.renderedBlocks.toLocaleString('en-US')), '–'],
    ],
    [
      'each step: a model call with a text (2 deltas) and a search call, then its result; main thread: CDP TaskDuration (script, React, style, layout, paint)',
    ],
  )
  printSection('Transcript 4. The 27k-event workload in bursts of 64: <AgentChat> beside a bare zustand + rAF render, Chromium')
  const kitBest = Math.min(...results.kitFinalTextMs)
  const bareBest = Math.min(...results.bareFinalTextMs)
  const ratio = kitBest / bareBest
  const samples = (times: readonly number[]) => times.map((time) => formatNumber(time)).join(' ')
  printTable(
    ['renderer', 'to final text (median)', 'best', 'every sample, ms', 'commits', 'commits per frame', 'longest task'],
    [
      [
        'bare zustand + rAF',
        `${formatNumber(results.bare.finalTextMs)} ms`,
        `${formatNumber(bareBest)} ms`,
        samples(results.bareFinalTextMs),
        String(results.bare.commits),
        formatNumber(results.bare.commitsPerFrame),
        `${formatNumber(results.bare.longestTaskMs)} ms`,
      ],
      [
        '<AgentChat>',
        `${formatNumber(results.kit.finalTextMs)} ms`,
        `${formatNumber(kitBest)} ms`,
        samples(results.kitFinalTextMs),
        String(results.kit.commits),
        formatNumber(results.kit.commitsPerFrame),
        `${formatNumber(results.kit.longestTaskMs)} ms`,
      ],
    ],
    [
      `kit ÷ bare, best run of each: ${againstTarget(ratio, TRANSCRIPT_TARGETS.kitOverBare, '×')}; medians: ${formatNumber(results.kit.finalTextMs / results.bare.finalTextMs)}×`,
      'the bare wall is bimodal: Chromium either runs the bursts back to back between a handful of frames, or renders after every few bursts,',
      'each frame laying out the whole text again; the best run of each is what no scheduling mode flatters (commits: the median sample)',
    ],
  )
}
