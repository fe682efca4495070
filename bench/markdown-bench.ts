/**
 * `npm run bench -- markdown`: what one delta to a streaming text costs the markdown parser, at 25 K, 100 K and
 * 400 K characters, for the shapes a model writes: many short blocks, one long list, one long table, one long
 * code block. Each delta is half a line, then the rest of it, parsed from the state the last parse left (as the
 * chat does once per frame), beside a full parse of the same text (what every delta would cost without it). The
 * counted steps (characters scanned, nodes built) show the work; the target is that they stay flat as the text
 * grows. Then the same deltas rendered by `<StreamingMarkdown>` in Chromium (bench/markdown/), each committed and
 * laid out. Times are printed, never asserted.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseMarkdownBlocks, parseMarkdownIncremental } from '../src/components/markdown/parse-markdown'
import type { MarkdownParseState } from '../src/components/markdown/parse-markdown'
import { PARSE_WORK } from '../src/components/markdown/parse-work'
import { buildPage, launchChromium, startStaticServer } from './browser-build'
import { MARKDOWN_SHAPES, MARKDOWN_SIZES, shapeDeltas, shapeText, type BrowserDeltaSample } from './markdown/shapes'
import { measure, toTiming, type RunPlan, type Timing } from './measure'
import { formatNumber, printSection, printTable, verdict } from './report'

const DELTAS = 64
/** Counted steps per delta at the largest size over the smallest: flat work grows by at most this. */
const STEP_GROWTH_TARGET = 1.5
/** Deltas per sample in Chromium, each waiting for a frame. */
const BROWSER_DELTAS = 40

const PAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'markdown')

export interface MarkdownRow {
  readonly shape: string
  readonly characters: number
  /** One delta (half a line) parsed from the state before it, per delta. */
  readonly deltaMs: Timing
  readonly stepsPerDelta: number
  /** A full parse of the same text. */
  readonly fullMs: Timing
}

export interface MarkdownResults {
  readonly deltas: number
  readonly rows: readonly MarkdownRow[]
  /** The same deltas rendered by `<StreamingMarkdown>` in Chromium, each committed and laid out (median of the samples). */
  readonly browser: readonly BrowserDeltaSample[]
  /** Per shape: counted steps per delta at the largest size over the smallest. */
  readonly stepGrowth: Readonly<Record<string, number>>
}

function streamDeltas(start: MarkdownParseState, text: string, deltas: readonly string[]): MarkdownParseState {
  let state = start
  let current = text
  for (const delta of deltas) {
    current += delta
    state = parseMarkdownIncremental(state, current, { streaming: true })
  }
  return state
}

export async function runMarkdownBench(plan: RunPlan, failures: string[]): Promise<MarkdownResults> {
  const rows: MarkdownRow[] = []
  const stepGrowth: Record<string, number> = {}
  for (const shape of Object.keys(MARKDOWN_SHAPES)) {
    const steps: number[] = []
    for (const characters of MARKDOWN_SIZES) {
      const { text, lines } = shapeText(shape, characters)
      const deltas = shapeDeltas(shape, lines, DELTAS)
      const setup = () => parseMarkdownIncremental(undefined, text, { streaming: true })
      const start = setup()
      const stepsBefore = PARSE_WORK.steps
      const streamed = streamDeltas(start, text, deltas)
      const stepsPerDelta = (PARSE_WORK.steps - stepsBefore) / DELTAS
      const final = text + deltas.join('')
      const expected = parseMarkdownBlocks(final, { streaming: true })
      if (JSON.stringify(streamed.blocks.map((block) => block.node)) !== JSON.stringify(expected.map((block) => block.node)))
        failures.push(`markdown: ${shape} at ${characters} characters streamed differs from a full parse`)
      const total = measure(plan, (start) => streamDeltas(start, text, deltas), setup)
      const deltaMs: Timing = {
        medianMs: total.medianMs / DELTAS,
        minMs: total.minMs / DELTAS,
        samplesMs: total.samplesMs.map((sample) => sample / DELTAS),
      }
      const fullMs = measure(
        plan,
        () => parseMarkdownBlocks(text, { streaming: true }),
        () => undefined,
      )
      rows.push({ shape, characters: text.length, deltaMs, stepsPerDelta, fullMs })
      steps.push(stepsPerDelta)
    }
    stepGrowth[shape] = (steps.at(-1) as number) / (steps[0] as number)
  }
  return { deltas: DELTAS, rows, stepGrowth, browser: await runInChromium(plan, failures) }
}

// Each shape and size in a fresh page, `plan.runs` times; the median of the samples' medians.
async function runInChromium(plan: RunPlan, failures: string[]): Promise<BrowserDeltaSample[]> {
  const built = await buildPage(null, PAGE_ROOT)
  const server = await startStaticServer(built.directory)
  const browser = await launchChromium()
  try {
    const results: BrowserDeltaSample[] = []
    for (const shape of Object.keys(MARKDOWN_SHAPES)) {
      for (const characters of MARKDOWN_SIZES) {
        const samples: BrowserDeltaSample[] = []
        for (let run = 0; run < plan.warmups + plan.runs; run++) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
          try {
            page.on('pageerror', (error) => failures.push(`markdown: page error ${error.message}`))
            await page.goto(server.url)
            await page.waitForFunction(() => 'markdownBench' in window)
            const sample = await page.evaluate(
              ([name, size, count]) => (window.markdownBench as NonNullable<Window['markdownBench']>).run(name, size, count),
              [shape, characters, BROWSER_DELTAS] as const,
            )
            if (run >= plan.warmups) samples.push(sample)
          } finally {
            await page.close()
          }
        }
        const medians = toTiming(samples.map((sample) => sample.medianMs))
        results.push({ shape, characters, medianMs: medians.medianMs, maxMs: Math.max(...samples.map((sample) => sample.maxMs)) })
      }
    }
    return results
  } finally {
    await browser.close()
    await server.close()
    built.remove()
  }
}

export function printMarkdownReport(results: MarkdownResults): void {
  printSection(`Streaming markdown: one delta to a growing text, parsed from the last parse (median of the runs, ${results.deltas} deltas each)`)
  printTable(
    ['shape', 'characters', 'ms / delta', 'steps / delta', 'full parse ms', 'full ÷ delta'],
    results.rows.map((row) => [
      row.shape,
      row.characters,
      row.deltaMs.medianMs,
      row.stepsPerDelta,
      row.fullMs.medianMs,
      row.fullMs.medianMs / Math.max(row.deltaMs.medianMs, 1e-6),
    ]),
    ['"steps": the parser\'s counted work (characters scanned, nodes built); "full parse": the same text parsed from nothing.'],
  )
  printTable(
    ['shape', `steps / delta, ${formatNumber(MARKDOWN_SIZES.at(-1) as number)} ÷ ${formatNumber(MARKDOWN_SIZES[0])} characters`, 'target', 'verdict'],
    Object.entries(results.stepGrowth).map(([shape, growth]) => [shape, growth, `≤ ${STEP_GROWTH_TARGET}`, verdict(growth, STEP_GROWTH_TARGET)]),
    [
      'No text is parsed again, but the time per delta still grows with the text: each parse compares it with the last one, walks the',
      "blocks (and a long list's or table's rows) by reference, and joins a long code block's lines again.",
    ],
  )
  printSection(
    `The same deltas in Chromium: <StreamingMarkdown> with the kit's stylesheets, each delta committed and laid out (${BROWSER_DELTAS} a sample)`,
  )
  printTable(
    ['shape', 'characters', 'ms / delta (median)', 'slowest delta ms'],
    results.browser.map((sample) => [sample.shape, sample.characters, sample.medianMs, sample.maxMs]),
    ["The work of the frame that shows a delta, but its paint: React's commit, style and layout (flushSync, then a read of the layout)."],
  )
}
