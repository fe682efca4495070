/**
 * The browser benchmark's page: `<AgentChat>` inside a `<Profiler>`, fed by an in-page transport that hands the
 * workload's events (events.json, written next to the build) to the store in bursts of 64 per macrotask or all
 * at once. bench/browser-bench.ts loads it once per run and calls `window.agentBench.prepare()`, then `run()`.
 * The instruments and the run are harness.ts's, shared with the bare baseline (bench/browser-bare/).
 */
import { Profiler } from 'react'
// The bench build aliases react-dom/client to react-dom/profiling, so onRender fires in a production build.
import { createRoot } from 'react-dom/client'
import { preloadChatParts } from '../../src/components/chat-parts'
import { AgentChat, createAgentStore } from '../../src/index'
import type { AgentState, AgentStore, AgentTransport } from '../../src/index'
import type { WireEvent } from '../workload'
import { deliver, measureRun, nextFrame, onRender } from './harness'
import type { AgentBenchPage, PageInfo, PageSample, RunOptions } from './protocol'
import '../../src/components/styles.css'
import '../../src/components/markdown/markdown.css'
import './page.css'

declare global {
  interface Window {
    agentBench?: AgentBenchPage
  }
}

/** The in-page transport: opens at once, then delivers the events after the UI has shown the user message. */
function createBenchTransport(events: readonly WireEvent[], currentOptions: () => RunOptions): AgentTransport {
  return {
    run: (_request, { signal, onOpen, onEvent }) => {
      const options = currentOptions()
      onOpen?.()
      return deliver(events, options, onEvent, signal)
    },
    interrupt: async () => {},
  }
}

function textOf(agent: AgentState): string | undefined {
  const entry = agent.scopes['']?.turns[0]?.entries.find((candidate) => candidate.kind === 'text')
  return entry?.kind === 'text' ? entry.block.text : undefined
}

interface Page {
  readonly events: readonly WireEvent[]
  readonly expectedText: string
  readonly container: HTMLElement
  readonly store: AgentStore
  options: RunOptions | null
}

let page: Page | null = null

// Loads the events and mounts the idle chat, so the heap measured before the run holds both.
async function prepare(): Promise<PageInfo> {
  const response = await fetch('./events.json')
  const events = (await response.json()) as WireEvent[]
  const deltas = events.filter((event) => event.type === 'TEXT_BLOCK_DELTA')
  const container = document.getElementById('root') as HTMLElement
  const store = createAgentStore({
    transport: createBenchTransport(events, () => {
      if (page?.options == null) throw new Error('the transport ran outside run()')
      return page.options
    }),
  })
  page = { events, expectedText: deltas.map((event) => event.delta as string).join(''), container, store, options: null }
  createRoot(container).render(
    <Profiler id="agent-chat" onRender={onRender}>
      <AgentChat store={store} />
    </Profiler>,
  )
  await nextFrame()
  await nextFrame()
  // The chat loads the parts a first paint does not need right after it shows; a run is measured once they are
  // here, as a user's first question would find them, so that a chunk arriving mid-run adds no commit to the figures.
  await preloadChatParts()
  return { events: events.length, textDeltas: deltas.length, expectedText: page.expectedText }
}

async function run(options: RunOptions): Promise<PageSample> {
  if (page === null) throw new Error('call prepare() first')
  page.options = options
  const { events, expectedText, container, store } = page
  return measureRun(
    {
      container,
      subscribe: (listener) => store.subscribe(listener),
      start: () => store.getState().send('Write the streaming report.'),
      verify: () => {
        const problems: string[] = []
        const state = store.getState()
        if (state.status !== 'done') problems.push(`status ${state.status}${state.error ? ` (${state.error.message})` : ''}, expected done`)
        if (state.warnings.length > 0) problems.push(`${state.warnings.length} warnings, first: ${state.warnings[0]?.message}`)
        if (textOf(state.agent) !== expectedText) problems.push('the store text differs from the concatenated TEXT_BLOCK_DELTAs')
        return problems
      },
    },
    options,
    events.length,
  )
}

window.agentBench = { prepare, run }
