/**
 * Benchmark entry: `npm run bench` (all suites) or `npm run bench -- core --runs 7 --warmups 2`.
 * Each suite prints its tables and writes bench/results/<suite>.json. Timing targets are printed
 * as PASS/MISS and never fail the run; a correctness check that fails exits with code 1.
 * `--runs`/`--warmups` override each suite's own default plan.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runBrowserBench } from './browser-bench'
import { printBrowserReport } from './browser-report'
import { printCoreReport, runCoreBench } from './core-bench'
import { printMarkdownReport, runMarkdownBench } from './markdown-bench'
import { canCollectGarbage } from './measure'
import type { RunPlan } from './measure'
import { printScalingReport, runScalingBench } from './scaling-bench'
import { printSizeReport, runSizeBench } from './size-bench'
import { printStoreReport, runStoreBench } from './store-bench'
import { printTranscriptReport, runTranscriptBench } from './transcript-bench'

interface Suite {
  readonly name: string
  /** Runs and warm-ups when the command line doesn't say. @default 7 runs after 2 warm-ups */
  readonly plan?: RunPlan
  /** Measures, prints, and returns what goes into results/<name>.json. */
  readonly run: (plan: RunPlan, failures: string[]) => unknown
}

const DEFAULT_PLAN: RunPlan = { runs: 7, warmups: 2 }

const SUITES: readonly Suite[] = [
  {
    name: 'core',
    run: (plan, failures) => {
      const results = runCoreBench(plan, failures)
      printCoreReport(results)
      return results
    },
  },
  {
    name: 'store',
    // Each store run streams the workload over HTTP in real time: 5 runs keep the suite under a minute.
    plan: { runs: 5, warmups: 1 },
    run: async (plan, failures) => {
      const results = await runStoreBench(plan, failures)
      printStoreReport(results)
      return results
    },
  },
  {
    name: 'scaling',
    // Each sample adds thousands of blocks or 20 turns to a state that keeps growing: 5 runs after 1 warm-up.
    plan: { runs: 5, warmups: 1 },
    run: async (plan, failures) => {
      const results = await runScalingBench(plan, failures)
      printScalingReport(results)
      return results
    },
  },
  {
    name: 'markdown',
    // Each sample parses 64 deltas to texts of up to 400 K characters, and the whole text once, then renders 40 in a fresh
    // Chromium page: 3 runs after 1 warm-up keep it near a minute and a half.
    plan: { runs: 3, warmups: 1 },
    run: async (plan, failures) => {
      const results = await runMarkdownBench(plan, failures)
      printMarkdownReport(results)
      return results
    },
  },
  {
    name: 'transcript',
    // Fresh Chromium pages with 1,000-turn histories: 3 samples per scenario after 1 warm-up keep it near a minute.
    plan: { runs: 3, warmups: 1 },
    run: async (plan, failures) => {
      const results = await runTranscriptBench(plan, failures)
      printTranscriptReport(results)
      return results
    },
  },
  {
    name: 'browser',
    // Each run loads a fresh page in headless Chromium: 5 runs per delivery keep the suite near a minute.
    // The calibration run that records the final text warms the browser up, so no other warm-up is needed.
    plan: { runs: 5, warmups: 0 },
    run: async (plan, failures) => {
      const results = await runBrowserBench(plan, failures)
      printBrowserReport(results)
      return results
    },
  },
  {
    name: 'size',
    // Sizes are exact: one build of each app, no runs to repeat.
    plan: { runs: 1, warmups: 0 },
    run: async (_plan, failures) => {
      const results = await runSizeBench(failures)
      printSizeReport(results)
      return results
    },
  },
]

const RESULTS_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), 'results')

function readPlan(args: readonly string[]): { plan: Partial<RunPlan>; names: string[] } {
  const plan: { runs?: number; warmups?: number } = {}
  const names: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    if (arg === '--runs') plan.runs = Number(args[++index])
    else if (arg === '--warmups') plan.warmups = Number(args[++index])
    else names.push(arg)
  }
  if (plan.runs !== undefined && !(plan.runs >= 1)) throw new Error('--runs must be ≥ 1')
  if (plan.warmups !== undefined && !(plan.warmups >= 0)) throw new Error('--warmups must be ≥ 0')
  return { plan, names }
}

function machine() {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memoryGigabytes: Math.round(os.totalmem() / 1e8) / 10,
  }
}

async function main(): Promise<void> {
  const { plan: overrides, names } = readPlan(process.argv.slice(2))
  const unknown = names.filter((name) => !SUITES.some((suite) => suite.name === name))
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')}; known: ${SUITES.map((suite) => suite.name).join(', ')}`)
  const selected = names.length === 0 ? SUITES : SUITES.filter((suite) => names.includes(suite.name))
  const about = machine()
  console.log(`# agentscope-react benchmarks — ${new Date().toISOString()}`)
  console.log(`${about.cpu} × ${about.cores}, Node ${about.node} (V8 ${about.v8}), ${about.platform}`)
  if (!canCollectGarbage()) console.log('warning: no --expose-gc; runs are not separated by gc and memory is skipped')
  const failures: string[] = []
  mkdirSync(RESULTS_DIRECTORY, { recursive: true })
  for (const suite of selected) {
    const plan: RunPlan = { ...DEFAULT_PLAN, ...suite.plan, ...overrides }
    const started = performance.now()
    const results = await suite.run(plan, failures)
    const seconds = (performance.now() - started) / 1000
    const file = join(RESULTS_DIRECTORY, `${suite.name}.json`)
    const record = { suite: suite.name, date: new Date().toISOString(), machine: about, seconds, failures, results }
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`)
    console.log(`\n${suite.name}: ${seconds.toFixed(1)} s, results in ${file}`)
  }
  if (failures.length > 0) {
    console.log('\nCORRECTNESS FAILURES:')
    for (const failure of failures) console.log(`  - ${failure}`)
    process.exitCode = 1
  }
}

await main()
