/**
 * CPU profile of the core ingest loop on the 1× workload, summarised by self time:
 * `node --import tsx bench/profile-core.ts [validate-reduce|reduce|partial] [repeats]`.
 * Also writes bench/results/core-<mode>.cpuprofile (open it in Chrome DevTools › Performance).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import type { Profiler } from 'node:inspector'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAgentState, endStream, parseAgentEvent, partialToolInput, reduce } from '../src/core'
import type { AgentEvent, AgentState, ToolUseEntry } from '../src/core'
import { createToolCallWorkload, createWorkload } from './workload'

const MODES = ['validate-reduce', 'reduce', 'partial'] as const
type Mode = (typeof MODES)[number]

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T)))
  })
}

function workloadFor(mode: Mode): () => unknown {
  if (mode === 'partial') {
    const events = createToolCallWorkload(1).wire.map((json) => {
      const parsed = parseAgentEvent(JSON.parse(json))
      if (!parsed.ok) throw new Error(parsed.error.message)
      return parsed.event
    })
    return () => {
      let state: AgentState = createAgentState()
      for (const event of events) {
        state = reduce(state, event)
        const turn = state.scopes['']?.turns.at(-1)
        const entry = turn?.entries.at(-1)
        if (event.type === 'TOOL_CALL_DELTA' && entry?.kind === 'tool_use') partialToolInput(entry as ToolUseEntry)
      }
      return state
    }
  }
  const values = createWorkload(1).wire.map((json) => JSON.parse(json) as unknown)
  if (mode === 'reduce') {
    const events = values.map((value) => (parseAgentEvent(value) as { event: AgentEvent }).event)
    return () => {
      let state = createAgentState()
      for (const event of events) state = reduce(state, event)
      return endStream(state)
    }
  }
  return () => {
    let state = createAgentState()
    for (const value of values) {
      const parsed = parseAgentEvent(value)
      if (parsed.ok) state = reduce(state, parsed.event)
    }
    return endStream(state)
  }
}

async function main(): Promise<void> {
  const mode = (process.argv[2] ?? 'validate-reduce') as Mode
  if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(', ')}`)
  const repeats = Number(process.argv[3] ?? 40)
  const run = workloadFor(mode)
  for (let index = 0; index < 3; index++) run()
  const session = new Session()
  session.connect()
  await post(session, 'Profiler.enable')
  await post(session, 'Profiler.setSamplingInterval', { interval: 100 })
  await post(session, 'Profiler.start')
  const start = performance.now()
  for (let index = 0; index < repeats; index++) run()
  const elapsed = performance.now() - start
  const { profile } = await post<{ profile: Profiler.Profile }>(session, 'Profiler.stop')
  session.disconnect()

  const directory = join(dirname(fileURLToPath(import.meta.url)), 'results')
  mkdirSync(directory, { recursive: true })
  writeFileSync(join(directory, `core-${mode}.cpuprofile`), JSON.stringify(profile))

  // Self time per function: samples whose leaf is that node, merged by name and location.
  const counts = new Map<number, number>()
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  const total = profile.samples?.length ?? 0
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const frame = node.callFrame
    const file = frame.url.replace(/^.*\/(src|bench)\//, '$1/')
    const name = `${frame.functionName || '(anonymous)'}  ${file}${file ? `:${frame.lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + (counts.get(node.id) ?? 0))
  }
  const top = [...byFunction].sort((left, right) => right[1] - left[1]).slice(0, 25)
  console.log(`mode ${mode}: ${repeats} runs in ${elapsed.toFixed(0)} ms; ${total} samples; top self time (line numbers are in tsx's output):`)
  for (const [name, samples] of top) console.log(`${((100 * samples) / total).toFixed(1).padStart(5)}%  ${name}`)
}

await main()
