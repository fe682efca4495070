/**
 * `npm run bench -- markdown`: what one delta to a streaming text costs the markdown parser, at 25 K, 100 K and
 * 400 K characters, for the shapes a model writes: many short blocks, one long list, one long table, one long
 * code block. Each delta is half a line, then the rest of it, parsed from the state the last parse left (as the
 * chat does once per frame), beside a full parse of the same text (what every delta would cost without it). The
 * counted steps (characters scanned, nodes built) show the work; the target is that they stay flat as the text
 * grows. Times are printed, never asserted.
 */
import { parseMarkdownBlocks, parseMarkdownIncremental } from '../src/components/markdown/parse-markdown'
import type { MarkdownParseState } from '../src/components/markdown/parse-markdown'
import { PARSE_WORK } from '../src/components/markdown/parse-work'
import { measure, type RunPlan, type Timing } from './measure'
import { formatNumber, printSection, printTable, verdict } from './report'

const SIZES = [25_000, 100_000, 400_000] as const
const DELTAS = 64
/** Counted steps per delta at the largest size over the smallest: flat work grows by at most this. */
const STEP_GROWTH_TARGET = 1.5

const SHAPES: Readonly<Record<string, { readonly head: string; readonly line: (index: number) => string }>> = {
  'short blocks': {
    head: '',
    line: (index) => (index % 3 === 2 ? '\n' : `Paragraph ${index} has **bold**, \`code\` and a [link](https://example.com/${index}).\n`),
  },
  list: { head: '', line: (index) => `- item ${index} with **bold**, \`code\` and [a link](https://example.com/${index})\n` },
  table: {
    head: '| name | value | link |\n|---|:---:|---|\n',
    line: (index) => `| row ${index} | **${index}** | [x](https://example.com/${index}) |\n`,
  },
  'code block': { head: '```ts\n', line: (index) => `const value${index} = compute(${index}, 'text') // a comment\n` },
}

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
  /** Per shape: counted steps per delta at the largest size over the smallest. */
  readonly stepGrowth: Readonly<Record<string, number>>
}

function textOf(head: string, line: (index: number) => string, characters: number): { text: string; lines: number } {
  let text = head
  let lines = 0
  while (text.length < characters) text += line(lines++)
  return { text, lines }
}

// The deltas after `text`: each line in two halves.
function deltasAfter(line: (index: number) => string, first: number): string[] {
  const deltas: string[] = []
  for (let index = first; deltas.length < DELTAS; index++) {
    const whole = line(index)
    const half = Math.ceil(whole.length / 2)
    deltas.push(whole.slice(0, half), whole.slice(half))
  }
  return deltas.slice(0, DELTAS)
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

export function runMarkdownBench(plan: RunPlan, failures: string[]): MarkdownResults {
  const rows: MarkdownRow[] = []
  const stepGrowth: Record<string, number> = {}
  for (const [shape, { head, line }] of Object.entries(SHAPES)) {
    const steps: number[] = []
    for (const characters of SIZES) {
      const { text, lines } = textOf(head, line, characters)
      const deltas = deltasAfter(line, lines)
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
  return { deltas: DELTAS, rows, stepGrowth }
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
    ['shape', `steps / delta, ${formatNumber(SIZES.at(-1) as number)} ÷ ${formatNumber(SIZES[0])} characters`, 'target', 'verdict'],
    Object.entries(results.stepGrowth).map(([shape, growth]) => [shape, growth, `≤ ${STEP_GROWTH_TARGET}`, verdict(growth, STEP_GROWTH_TARGET)]),
    [
      'No text is parsed again, but the time per delta still grows with the text: each parse compares it with the last one, walks the',
      "blocks (and a long list's or table's rows) by reference, and joins a long code block's lines again.",
    ],
  )
}
