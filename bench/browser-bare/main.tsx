/**
 * The browser benchmark's floor: the same events, delivered and measured the same way (bench/browser/harness.ts),
 * folded by the plainest code that shows them: a bare zustand store that takes the deltas into strings and
 * publishes at most once per animation frame, and one React component that renders the accumulated text and the
 * tool call's name, arguments and result as plain text. No validation, no de-duplication, no markdown, no
 * thinking card: what any React app pays at least for this stream. `<AgentChat>`'s wall time is compared to it.
 */
import { Profiler } from 'react'
// The bench build aliases react-dom/client to react-dom/profiling, so onRender fires in a production build.
import { createRoot } from 'react-dom/client'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { StoreApi } from 'zustand/vanilla'
import type { WireEvent } from '../workload'
import { deliver, measureRun, nextFrame, onRender } from '../browser/harness'
import type { AgentBenchPage, PageInfo, PageSample, RunOptions } from '../browser/protocol'

declare global {
  interface Window {
    agentBench?: AgentBenchPage
  }
}

type Status = 'idle' | 'streaming' | 'done'

/** What the page shows; strings only, published whole once per frame. */
interface BareState {
  readonly status: Status
  readonly question: string
  /** null until the text block starts. */
  readonly text: string | null
  readonly textDone: boolean
  readonly thinking: string
  readonly tool: { readonly name: string; readonly arguments: string; readonly result: string } | null
}

const INITIAL: BareState = { status: 'idle', question: '', text: null, textDone: false, thinking: '', tool: null }

/** A store that folds wire events into a mutable draft and publishes a copy of it at most once per frame. */
function createBareStore(): { store: StoreApi<BareState>; apply: (event: unknown) => void; ask: (question: string) => void } {
  const store = createStore<BareState>(() => INITIAL)
  let draft: { -readonly [K in keyof BareState]: BareState[K] } = { ...INITIAL }
  let tool: { name: string; arguments: string; result: string } | null = null
  let scheduled = false
  const flush = () => {
    scheduled = false
    store.setState({ ...draft, tool: tool === null ? null : { ...tool } })
  }
  const apply = (value: unknown) => {
    const event = value as WireEvent
    const delta = typeof event.delta === 'string' ? event.delta : ''
    switch (event.type) {
      case 'THINKING_BLOCK_DELTA': {
        draft.thinking += delta
        break
      }
      case 'TEXT_BLOCK_START': {
        draft.text ??= ''
        break
      }
      case 'TEXT_BLOCK_DELTA': {
        draft.text = (draft.text ?? '') + delta
        break
      }
      case 'TEXT_BLOCK_END': {
        draft.textDone = true
        break
      }
      case 'TOOL_CALL_START': {
        tool = { name: String(event.toolCallName), arguments: '', result: '' }
        break
      }
      case 'TOOL_CALL_DELTA': {
        if (tool !== null) tool.arguments += delta
        break
      }
      case 'TOOL_RESULT_TEXT_DELTA': {
        if (tool !== null) tool.result += delta
        break
      }
      case 'AGENT_END': {
        draft.status = 'done'
        break
      }
      default: {
        return
      }
    }
    if (!scheduled) {
      scheduled = true
      requestAnimationFrame(flush)
    }
  }
  const ask = (question: string) => {
    draft = { ...INITIAL, status: 'streaming', question }
    tool = null
    flush()
  }
  return { store, apply, ask }
}

function BareChat({ store }: { readonly store: StoreApi<BareState> }) {
  const { status, question, text, textDone, tool } = useStore(store)
  return (
    <div data-agentscope="" data-status={status}>
      {question !== '' && <p>{question}</p>}
      {text !== null && (
        <div data-as-block="text" data-status={textDone ? 'done' : 'streaming'} style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </div>
      )}
      {tool !== null && (
        <section>
          <strong>{tool.name}</strong>
          <pre>{tool.arguments}</pre>
          <pre>{tool.result}</pre>
        </section>
      )}
    </div>
  )
}

interface Page {
  readonly events: readonly unknown[]
  readonly expectedText: string
  readonly expectedArguments: string
  readonly container: HTMLElement
  readonly bare: ReturnType<typeof createBareStore>
}

let page: Page | null = null

async function prepare(): Promise<PageInfo> {
  const response = await fetch('./events.json')
  const events = (await response.json()) as WireEvent[]
  const join = (type: string) =>
    events
      .filter((event) => event.type === type)
      .map((event) => event.delta as string)
      .join('')
  const container = document.getElementById('root') as HTMLElement
  const bare = createBareStore()
  page = { events, expectedText: join('TEXT_BLOCK_DELTA'), expectedArguments: join('TOOL_CALL_DELTA'), container, bare }
  createRoot(container).render(
    <Profiler id="bare" onRender={onRender}>
      <BareChat store={bare.store} />
    </Profiler>,
  )
  await nextFrame()
  await nextFrame()
  return { events: events.length, textDeltas: events.filter((event) => event.type === 'TEXT_BLOCK_DELTA').length, expectedText: page.expectedText }
}

async function run(options: RunOptions): Promise<PageSample> {
  if (page === null) throw new Error('call prepare() first')
  const { events, expectedText, expectedArguments, container, bare } = page
  return measureRun(
    {
      container,
      subscribe: (listener) => bare.store.subscribe(listener),
      start: () => {
        bare.ask('Write the streaming report.')
        return deliver(events, options, bare.apply)
      },
      verify: () => {
        const state = bare.store.getState()
        const problems: string[] = []
        if (state.status !== 'done') problems.push(`status ${state.status}, expected done`)
        if (state.text !== expectedText) problems.push('the store text differs from the concatenated TEXT_BLOCK_DELTAs')
        if (state.tool?.arguments !== expectedArguments) problems.push('the tool arguments differ from the concatenated TOOL_CALL_DELTAs')
        return problems
      },
    },
    options,
    events.length,
  )
}

window.agentBench = { prepare, run }
