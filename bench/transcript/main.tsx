/**
 * The long-transcript page (bench/transcript-bench.ts, test/browser/long-transcript.test.ts): `<AgentChat>` in a
 * `<Profiler>`, fed by an in-page transport in bursts of 64 events per macrotask. It measures a streaming turn
 * after a loaded history of N turns, the cost of each live turn at turn N, and the same 27k-event stream rendered by
 * the kit and by a bare zustand store published on requestAnimationFrame.
 */
import { Profiler, memo, useSyncExternalStore } from 'react'
import type { ProfilerOnRenderCallback } from 'react'
import { createRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { createStore } from 'zustand/vanilla'
import { preloadChatParts } from '../../src/components/chat-parts'
import { AgentChat, createAgentStore } from '../../src/index'
import type { AgentStore, AgentTransport, Msg } from '../../src/index'
import type { WireEvent } from '../workload'
import type { FrameStats, LongTurnSample, StreamSample, TranscriptBenchPage, TranscriptSample, TurnsSample } from './protocol'
import '../../src/components/styles.css'
import '../../src/components/markdown/markdown.css'
import '../browser/page.css'

const EVENTS_PER_BURST = 64

const commits: number[] = []
const frames: number[] = []
const longTasks: PerformanceEntry[] = []
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true })

const onRender: ProfilerOnRenderCallback = () => {
  commits.push(performance.now())
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve))
}

let framing = false
function countFrames(): void {
  framing = true
  const onFrame = (stamp: number) => {
    if (!framing) return
    frames.push(performance.now())
    void stamp
    requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
}

function statsBetween(from: number, to: number): FrameStats {
  const inRun = commits.filter((stamp) => stamp >= from && stamp <= to)
  const inFrames = frames.filter((stamp) => stamp >= from && stamp <= to)
  let maxInOneFrame = 0
  let frame = 0
  let count = 0
  for (const commit of inRun) {
    while (frame < inFrames.length && (inFrames[frame] as number) <= commit) {
      frame++
      count = 0
    }
    count++
    maxInOneFrame = Math.max(maxInOneFrame, count)
  }
  const tasks = longTasks.filter((entry) => entry.startTime < to && entry.startTime + entry.duration > from)
  return {
    commits: inRun.length,
    frames: inFrames.length,
    commitsPerFrame: inRun.length / Math.max(1, inFrames.length),
    maxCommitsInOneFrame: maxInOneFrame,
    longTasks: tasks.length,
    longestTaskMs: tasks.reduce((longest, entry) => Math.max(longest, entry.duration), 0),
  }
}

// ---------------------------------------------------------------------------------------------
// Scripts

let serial = 0
function event(type: string, replyId: string, fields: Record<string, unknown> = {}): WireEvent {
  return { type, id: `live-${++serial}`, createdAt: new Date(Date.UTC(2026, 4, 14, 17, 12, 44)).toISOString(), replyId, ...fields }
}

/** A live ReAct turn: thinking, a text answer in `textDeltas` deltas, a tool call with its result. */
function liveTurn(turn: number, textDeltas: number): WireEvent[] {
  const replyId = `live-turn-${turn}`
  const model = `${replyId}-m`
  const events = [event('AGENT_START', replyId, { name: 'assistant' }), event('MODEL_CALL_START', model)]
  events.push(event('THINKING_BLOCK_START', model, { blockId: 'thinking' }))
  for (let delta = 0; delta < 10; delta++) events.push(event('THINKING_BLOCK_DELTA', model, { blockId: 'thinking', delta: 'Let me see. ' }))
  events.push(event('THINKING_BLOCK_END', model, { blockId: 'thinking' }))
  events.push(event('TEXT_BLOCK_START', model, { blockId: 'text' }))
  for (let delta = 0; delta < textDeltas; delta++) {
    events.push(event('TEXT_BLOCK_DELTA', model, { blockId: 'text', delta: delta % 40 === 39 ? ' **bold** words.\n\n' : ` word${delta}` }))
  }
  events.push(event('TEXT_BLOCK_END', model, { blockId: 'text' }))
  const toolCallId = `${replyId}-call`
  events.push(event('TOOL_CALL_START', model, { toolCallId, toolCallName: 'search' }))
  events.push(event('TOOL_CALL_DELTA', model, { toolCallId, toolCallName: '__fragment__', delta: '{"query":' }))
  events.push(event('TOOL_CALL_DELTA', model, { toolCallId, toolCallName: '__fragment__', delta: `"turn ${turn}"}` }))
  events.push(event('TOOL_CALL_END', model, { toolCallId, toolCallName: 'search' }))
  events.push(event('MODEL_CALL_END', model, { usage: { inputTokens: 100, outputTokens: 50, cachedTokens: 0, time: 0.5, totalTokens: 150 } }))
  events.push(event('TOOL_RESULT_START', `${replyId}-a`, { toolCallId, toolCallName: 'search' }))
  events.push(event('TOOL_RESULT_TEXT_DELTA', `${replyId}-a`, { toolCallId, toolCallName: 'search', delta: `3 results for turn ${turn}` }))
  events.push(event('TOOL_RESULT_END', `${replyId}-a`, { toolCallId, toolCallName: 'search', state: 'success' }))
  events.push(event('AGENT_END', replyId))
  return events
}

/** A stored conversation of `turns` question/answer pairs, as AgentScope keeps it (one Msg per model call). */
function history(turns: number): Msg[] {
  const messages: Msg[] = []
  for (let turn = 0; turn < turns; turn++) {
    const timestamp = '2026-05-14 17:12:44.610'
    messages.push({
      id: `u${turn}`,
      name: 'user',
      role: 'USER',
      content: [{ type: 'text', text: `Question ${turn}: what about item ${turn}?` }],
      metadata: {},
      timestamp,
    } as unknown as Msg)
    messages.push({
      id: `a${turn}`,
      name: 'assistant',
      role: 'ASSISTANT',
      content: [
        {
          type: 'text',
          text: `Answer ${turn}. Here is a paragraph with **bold**, \`code\` and a list:\n\n- one\n- two\n- three\n\nThat is all for item ${turn}.`,
        },
        { type: 'tool_use', id: `h${turn}`, name: 'search', input: { query: `item ${turn}` }, content: `{"query":"item ${turn}"}` },
      ],
      metadata: {},
      timestamp,
      usage: null,
    } as unknown as Msg)
    messages.push({
      id: `t${turn}`,
      name: 'assistant',
      role: 'TOOL',
      content: [
        { type: 'tool_result', id: `h${turn}`, name: 'search', output: [{ type: 'text', text: `found ${turn}` }], state: 'success', metadata: {} },
      ],
      metadata: {},
      timestamp,
    } as unknown as Msg)
  }
  return messages
}

// ---------------------------------------------------------------------------------------------
// The kit: one chat, one store, a transport that plays the next script in bursts

let root: Root | null = null
let nextScript: readonly WireEvent[] = []

// Set while longTurn() runs: its turn is played by its own script.
let longTurnRun: AgentTransport['run'] | null = null

const transport: AgentTransport = {
  run: (request, options) => (longTurnRun === null ? playScript(options) : longTurnRun(request, options)),
  interrupt: async () => {},
}

function playScript({ signal, onOpen, onEvent }: Parameters<AgentTransport['run']>[1]): ReturnType<AgentTransport['run']> {
  return new Promise((resolve) => {
    const events = nextScript
    onOpen?.()
    let index = 0
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      if (signal.aborted) {
        channel.port1.close()
        resolve('aborted')
        return
      }
      const end = Math.min(index + EVENTS_PER_BURST, events.length)
      for (; index < end; index++) onEvent(events[index])
      if (index < events.length) channel.port2.postMessage(null)
      else {
        channel.port1.close()
        resolve('ended')
      }
    }
    requestAnimationFrame(() => channel.port2.postMessage(null))
  })
}

async function mountKit(): Promise<AgentStore> {
  root?.unmount()
  const container = document.getElementById('root') as HTMLElement
  const store = createAgentStore({ transport })
  root = createRoot(container)
  root.render(
    <Profiler id="chat" onRender={onRender}>
      <AgentChat store={store} />
    </Profiler>,
  )
  await nextFrame()
  await nextFrame()
  // As in bench/browser: measured once the parts the chat loads after its first paint are here.
  await preloadChatParts()
  return store
}

async function settle(): Promise<void> {
  await nextFrame()
  await nextFrame()
  await new Promise((resolve) => setTimeout(resolve, 60))
}

async function streamTurn(store: AgentStore, events: readonly WireEvent[]): Promise<number> {
  nextScript = events
  const started = performance.now()
  await store.getState().send('next question')
  // Done in the store; the last frame is committed by the time the next frame starts.
  await nextFrame()
  return performance.now() - started
}

async function longTranscript(turns: number, textDeltas: number): Promise<TranscriptSample> {
  const store = await mountKit()
  const loadStarted = performance.now()
  store.getState().load(history(turns))
  await nextFrame()
  const loadMs = performance.now() - loadStarted
  await settle()
  // Made before the clock starts: the page's own event building is not the kit's work.
  const events = liveTurn(turns, textDeltas)
  countFrames()
  const from = performance.now()
  const streamMs = await streamTurn(store, events)
  const to = performance.now()
  await settle()
  framing = false
  const container = document.getElementById('root') as HTMLElement
  return {
    turns,
    loadMs,
    streamMs,
    renderedTurns: container.querySelectorAll('.as-list-content > .as-turn').length,
    renderedItems: container.querySelector('.as-list-content')?.children.length ?? 0,
    status: store.getState().status,
    lastText: [...container.querySelectorAll('[data-as-block="text"]')].at(-1)?.textContent?.slice(0, 40) ?? '',
    ...statsBetween(from, to),
  }
}

async function turnsAfter(historyTurns: number, liveTurns: number): Promise<TurnsSample> {
  const store = await mountKit()
  store.getState().load(history(historyTurns))
  await settle()
  const perTurn: number[] = []
  const scripts = Array.from({ length: liveTurns }, (_, turn) => liveTurn(historyTurns + turn, 200))
  countFrames()
  const from = performance.now()
  for (const script of scripts) perTurn.push(await streamTurn(store, script))
  const to = performance.now()
  framing = false
  perTurn.sort((a, b) => a - b)
  return { historyTurns, liveTurns, medianTurnMs: perTurn[Math.floor(perTurn.length / 2)] as number, ...statsBetween(from, to) }
}

// ---------------------------------------------------------------------------------------------
// One long turn: the cost of a new block after N blocks

/** Step `step` of a long ReAct turn: a model call writing a short text and calling a tool, then the tool's result (two blocks). */
function turnStep(replyId: string, step: number, source?: string): WireEvent[] {
  const model = `${replyId}-m${step}`
  const toolCallId = `${replyId}-c${step}`
  const blockId = `${replyId}-t${step}`
  const events = [
    event('MODEL_CALL_START', model),
    event('TEXT_BLOCK_START', model, { blockId }),
    event('TEXT_BLOCK_DELTA', model, { blockId, delta: `Step ${step}: ` }),
    event('TEXT_BLOCK_DELTA', model, { blockId, delta: 'looking it up.' }),
    event('TEXT_BLOCK_END', model, { blockId }),
    event('TOOL_CALL_START', model, { toolCallId, toolCallName: 'search' }),
    event('TOOL_CALL_DELTA', model, { toolCallId, toolCallName: '__fragment__', delta: `{"query":"step ${step}"}` }),
    event('TOOL_CALL_END', model, { toolCallId, toolCallName: 'search' }),
    event('MODEL_CALL_END', model),
    event('TOOL_RESULT_START', `${model}-a`, { toolCallId, toolCallName: 'search' }),
    event('TOOL_RESULT_TEXT_DELTA', `${model}-a`, { toolCallId, toolCallName: 'search', delta: `found ${step}` }),
    event('TOOL_RESULT_END', `${model}-a`, { toolCallId, toolCallName: 'search', state: 'success' }),
  ]
  return source === undefined ? events : events.map((item) => ({ ...item, source }))
}

// How many events the page hands over per macrotask while it fills the turn, before the measured blocks.
const FILL_EVENTS_PER_TASK = 4_096

// The renderer's main-thread time so far (CDP Performance.getMetrics' TaskDuration), exposed by the bench runner.
const cpuMs = (): Promise<number> => (window as unknown as { benchCpuMs?: () => Promise<number> }).benchCpuMs?.() ?? Promise.resolve(Number.NaN)

/**
 * One turn streaming `before` blocks as fast as the chat takes them, then, measured, `measured` more at one burst
 * of 64 events per frame (a fast stream: every burst is rendered): the main thread's time per event (the core, React,
 * style, layout and paint), frames, long tasks, and how many blocks the DOM holds at the end. With `lane`, the
 * blocks are a subagent's, in its lane inside the turn.
 */
async function longTurn(before: number, measured: number, lane = false): Promise<LongTurnSample> {
  const store = await mountKit()
  const replyId = 'long-turn'
  const source = lane ? 'researcher' : undefined
  const fill = [event('AGENT_START', replyId, { name: 'assistant' })]
  if (lane) fill.push(event('AGENT_START', 'lane', { name: 'researcher', source }))
  for (let step = 0; step < before / 2; step++) fill.push(...turnStep(replyId, step, source))
  const timed: WireEvent[] = []
  for (let step = before / 2; step < (before + measured) / 2; step++) timed.push(...turnStep(replyId, step, source))
  const lastText = `Step ${(before + measured) / 2 - 1}: looking it up.`
  const container = document.getElementById('root') as HTMLElement
  let from = 0
  let to = 0
  let cpu = 0
  longTurnRun = (_request, { onOpen, onEvent }) => {
    onOpen?.()
    return (async () => {
      for (let index = 0; index < fill.length; index += FILL_EVENTS_PER_TASK) {
        for (const item of fill.slice(index, index + FILL_EVENTS_PER_TASK)) onEvent(item)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      await settle()
      await settle()
      countFrames()
      const cpuFrom = await cpuMs()
      from = performance.now()
      for (let index = 0; index < timed.length; index += EVENTS_PER_BURST) {
        for (const item of timed.slice(index, index + EVENTS_PER_BURST)) onEvent(item)
        await nextFrame()
      }
      // The measured blocks are done once the last one's text is on screen.
      while (![...container.querySelectorAll('[data-as-block="text"]')].some((block) => block.textContent === lastText)) await nextFrame()
      to = performance.now()
      cpu = (await cpuMs()) - cpuFrom
      framing = false
      if (lane) onEvent(event('AGENT_END', 'lane', { source }))
      onEvent(event('AGENT_END', replyId))
      return 'ended' as const
    })()
  }
  await store.getState().send('go')
  longTurnRun = null
  await settle()
  return {
    before,
    measured,
    perEventUs: (cpu * 1000) / timed.length,
    perBlockWallMs: (to - from) / measured,
    renderedBlocks: container.querySelectorAll('[data-as-block]').length,
    status: store.getState().status,
    ...statsBetween(from, to),
  }
}

// ---------------------------------------------------------------------------------------------
// The 27k-event stream, by the kit and by a bare zustand store published on rAF

async function workloadEvents(): Promise<WireEvent[]> {
  return (await (await fetch('./events.json')).json()) as WireEvent[]
}

function expectedTextOf(events: readonly WireEvent[]): string {
  return events
    .filter((item) => item.type === 'TEXT_BLOCK_DELTA')
    .map((item) => item.delta as string)
    .join('')
}

async function kitStream(): Promise<StreamSample> {
  const events = await workloadEvents()
  const expected = expectedTextOf(events)
  const store = await mountKit()
  const container = document.getElementById('root') as HTMLElement
  countFrames()
  nextScript = events
  const started = performance.now()
  const done = store.getState().send('go')
  // The final text is on screen when the text block says done and holds every delta.
  let finalMs = Number.NaN
  const watch = () => {
    const block = container.querySelector('[data-as-block="text"]')
    if (block?.getAttribute('data-status') === 'done' && (block.textContent ?? '').length >= expected.length * 0.9)
      finalMs = performance.now() - started
    else requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
  await done
  while (Number.isNaN(finalMs)) await nextFrame()
  const ended = performance.now()
  framing = false
  await settle()
  return { finalTextMs: finalMs, ...statsBetween(started, ended) }
}

interface BareBlock {
  readonly id: string
  readonly kind: string
  readonly text: string
}

interface BareState {
  readonly order: readonly string[]
  readonly blocks: Readonly<Record<string, BareBlock>>
  readonly done: boolean
}

const BareBlockView = memo(function BareBlockView({ store, id }: { store: ReturnType<typeof createBareStore>; id: string }) {
  const block = useSyncExternalStore(store.subscribe, () => store.getState().blocks[id])
  if (block === undefined) return null
  return (
    <div data-bare-block={block.kind} data-done={store.getState().done ? '' : undefined}>
      {block.text}
    </div>
  )
})

function BareChat({ store }: { store: ReturnType<typeof createBareStore> }) {
  const order = useSyncExternalStore(store.subscribe, () => store.getState().order)
  const done = useSyncExternalStore(store.subscribe, () => store.getState().done)
  return (
    <div data-bare-chat={done ? 'done' : 'streaming'}>
      {order.map((id) => (
        <BareBlockView key={id} store={store} id={id} />
      ))}
    </div>
  )
}

function createBareStore() {
  return createStore<BareState>()(() => ({ order: [], blocks: {}, done: false }))
}

// The floor an app could write by hand: fold each event into per-block strings, publish once per frame.
async function bareStream(): Promise<StreamSample> {
  const events = await workloadEvents()
  const expected = expectedTextOf(events)
  root?.unmount()
  const container = document.getElementById('root') as HTMLElement
  const store = createBareStore()
  root = createRoot(container)
  root.render(
    <Profiler id="bare" onRender={onRender}>
      <BareChat store={store} />
    </Profiler>,
  )
  await settle()
  countFrames()
  const started = performance.now()
  let pending: { order: string[]; blocks: Record<string, BareBlock> } | null = null
  let frame = 0
  let ended = false
  const publish = () => {
    frame = 0
    if (pending !== null) store.setState({ order: pending.order, blocks: pending.blocks, done: ended })
    pending = null
  }
  const fold = (item: WireEvent) => {
    pending ??= { order: [...store.getState().order], blocks: { ...store.getState().blocks } }
    const key = (item.blockId ?? item.toolCallId) as string | undefined
    if (key === undefined || typeof item.delta !== 'string') return
    const block = pending.blocks[key]
    if (block === undefined) pending.order.push(key)
    pending.blocks[key] = { id: key, kind: item.type.split('_')[0] as string, text: (block?.text ?? '') + item.delta }
  }
  await new Promise<void>((resolve) => {
    let index = 0
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      const end = Math.min(index + EVENTS_PER_BURST, events.length)
      for (; index < end; index++) fold(events[index] as WireEvent)
      if (frame === 0) frame = requestAnimationFrame(publish)
      if (index < events.length) channel.port2.postMessage(null)
      else {
        ended = true
        channel.port1.close()
        pending ??= { order: [...store.getState().order], blocks: { ...store.getState().blocks } }
        resolve()
      }
    }
    requestAnimationFrame(() => channel.port2.postMessage(null))
  })
  let finalMs = Number.NaN
  while (Number.isNaN(finalMs)) {
    await nextFrame()
    const text = container.querySelector('[data-bare-block="TEXT"]')?.textContent ?? ''
    if (container.querySelector('[data-bare-chat="done"]') !== null && text.length >= expected.length * 0.9) finalMs = performance.now() - started
  }
  const endedAt = performance.now()
  framing = false
  await settle()
  return { finalTextMs: finalMs, ...statsBetween(started, endedAt) }
}

const page: TranscriptBenchPage = { longTranscript, turnsAfter, longTurn, kitStream, bareStream }
;(window as unknown as { transcriptBench: TranscriptBenchPage }).transcriptBench = page
