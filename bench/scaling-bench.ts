/**
 * Scaling benchmark (`npm run bench -- scaling`): what one more block costs in a turn that already holds 10,
 * 1,000 or 100,000, what one more turn costs at turn 10, 100 and 1,000 of a chat, through the core and
 * through the store; and the store's hot path on the PERFORMANCE.md workload beside a bare zustand store with
 * per-frame batching doing the same fold, in the same run. Timings are printed with PASS/MISS, never asserted.
 */
import { createStore } from 'zustand/vanilla'
import { createAgentState, parseAgentEvent, reduce } from '../src/core'
import type { AgentState } from '../src/core'
import { createAgentStore } from '../src/store/create-agent-store'
import type { AgentStore } from '../src/store/agent-store-state'
import type { AgentTransport, RunHandlers } from '../src/transport/agent-transport'
import { collectGarbage } from './measure'
import type { RunPlan } from './measure'
import { againstTarget, formatNumber, printSection, printTable } from './report'
import { createWorkload } from './workload'

/** The targets of issue #11. */
export const SCALING_TARGETS = {
  /** Per-event cost at the largest size over the smallest, for blocks in a turn and for turns in a chat. */
  flatness: 1.5,
  /** Store hot path, µs per event at 1×, ids and de-duplication kept. */
  microsPerEvent: 0.6,
  /** Store hot path, per-event cost at 4× over 1×. */
  growth: 1.3,
} as const

const BLOCK_SIZES = [10, 1_000, 100_000] as const
const TURN_SIZES = [10, 100, 1_000] as const
const MEASURED_BLOCKS = 2_000
const MEASURED_TURNS = 20
const EVENTS_PER_FRAME = 64

type Kind = 'text' | 'tool'
type WireValue = Record<string, unknown>

function eventMaker(prefix: string) {
  let serial = 0
  return (type: string, replyId: string, fields: WireValue = {}): WireValue => ({
    type,
    id: `${prefix}-${++serial}`,
    createdAt: '2026-05-14T17:12:44.610Z',
    replyId,
    ...fields,
  })
}

function blockEvents(make: ReturnType<typeof eventMaker>, kind: Kind, index: number): WireValue[] {
  if (kind === 'text') {
    const blockId = `b${index}`
    return [
      make('TEXT_BLOCK_START', 'M', { blockId }),
      make('TEXT_BLOCK_DELTA', 'M', { blockId, delta: 'Some words ' }),
      make('TEXT_BLOCK_DELTA', 'M', { blockId, delta: 'and more.' }),
      make('TEXT_BLOCK_END', 'M', { blockId }),
    ]
  }
  const toolCallId = `call-${index}`
  return [
    make('TOOL_CALL_START', 'M', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_CALL_DELTA', 'M', { toolCallId, toolCallName: '__fragment__', delta: '{"path":' }),
    make('TOOL_CALL_DELTA', 'M', { toolCallId, toolCallName: '__fragment__', delta: `"/tmp/${index}"}` }),
    make('TOOL_CALL_END', 'M', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_RESULT_START', 'A', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_RESULT_TEXT_DELTA', 'A', { toolCallId, toolCallName: 'read_file', delta: 'contents' }),
    make('TOOL_RESULT_END', 'A', { toolCallId, toolCallName: 'read_file', state: 'success' }),
  ]
}

function turnEvents(make: ReturnType<typeof eventMaker>, turn: number): WireValue[] {
  const replyId = `R${turn}`
  const model = `M${turn}`
  const events = [make('AGENT_START', replyId, { name: 'assistant' }), make('MODEL_CALL_START', model)]
  events.push(make('TEXT_BLOCK_START', model, { blockId: 'text' }))
  for (let delta = 0; delta < 40; delta++) events.push(make('TEXT_BLOCK_DELTA', model, { blockId: 'text', delta: 'word ' }))
  events.push(make('TEXT_BLOCK_END', model, { blockId: 'text' }))
  const toolCallId = `call-${turn}`
  events.push(make('TOOL_CALL_START', model, { toolCallId, toolCallName: 'search' }))
  for (let delta = 0; delta < 10; delta++)
    events.push(make('TOOL_CALL_DELTA', model, { toolCallId, toolCallName: '__fragment__', delta: delta === 0 ? '{"q":"' : 'x' }))
  events.push(make('TOOL_CALL_DELTA', model, { toolCallId, toolCallName: '__fragment__', delta: '"}' }))
  events.push(make('TOOL_CALL_END', model, { toolCallId, toolCallName: 'search' }))
  events.push(make('MODEL_CALL_END', model, { usage: { inputTokens: 10, outputTokens: 20, cachedTokens: 0, time: 0.1, totalTokens: 30 } }))
  events.push(make('TOOL_RESULT_START', `A${turn}`, { toolCallId, toolCallName: 'search' }))
  for (let delta = 0; delta < 5; delta++)
    events.push(make('TOOL_RESULT_TEXT_DELTA', `A${turn}`, { toolCallId, toolCallName: 'search', delta: 'found ' }))
  events.push(make('TOOL_RESULT_END', `A${turn}`, { toolCallId, toolCallName: 'search', state: 'success' }))
  events.push(make('AGENT_END', replyId))
  return events
}

function applyAll(state: AgentState, values: readonly unknown[]): AgentState {
  let next = state
  for (const value of values) {
    const parsed = parseAgentEvent(value)
    if (parsed.ok) next = reduce(next, parsed.event)
  }
  return next
}

// ---------------------------------------------------------------------------------------------
// A store driven by hand: the run's events are handed in, one frame per EVENTS_PER_FRAME.

interface DrivenStore {
  readonly store: AgentStore
  /** Feeds the events in frames of EVENTS_PER_FRAME, each frame flushed as the browser would. */
  feed(values: readonly unknown[]): void
}

function drivenStore(): DrivenStore {
  let handlers: RunHandlers | null = null
  let pending: (() => void) | null = null
  const transport: AgentTransport = {
    run: (_request, given) =>
      new Promise(() => {
        handlers = given
      }),
    interrupt: async () => {},
  }
  const store = createAgentStore({
    transport,
    scheduleFrame: (callback) => {
      pending = callback
      return () => {
        pending = null
      }
    },
    sliceMs: 1e9,
    maxEventsPerFrame: 1e9,
  })
  void store
    .getState()
    .send('go')
    .catch(() => {})
  const frame = () => {
    const callback = pending
    pending = null
    callback?.()
  }
  return {
    store,
    feed(values) {
      for (let start = 0; start < values.length; start += EVENTS_PER_FRAME) {
        const end = Math.min(values.length, start + EVENTS_PER_FRAME)
        for (let index = start; index < end; index++) handlers?.onEvent(values[index])
        frame()
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

interface SizeResult {
  readonly size: number
  readonly core: number
  readonly store: number
}

interface KindResult {
  readonly kind: Kind
  readonly sizes: readonly SizeResult[]
}

/** µs per event for MEASURED_BLOCKS more blocks in a turn that holds `size` already, median of the samples. */
function timeBlocks(kind: Kind, size: number, plan: RunPlan): SizeResult {
  const make = eventMaker(`${kind}-${size}`)
  const prefix: WireValue[] = [make('AGENT_START', 'R', { name: 'assistant' }), make('MODEL_CALL_START', 'M')]
  for (let index = 0; index < size; index++) prefix.push(...blockEvents(make, kind, index))
  const base = applyAll(createAgentState(), prefix)
  const samples = plan.warmups + plan.runs
  const core: number[] = []
  const store: number[] = []
  let coreState = base
  const driven = drivenStore()
  driven.store.setState({ agent: base })
  let next = size
  for (let sample = 0; sample < samples; sample++) {
    const values: WireValue[] = []
    for (let count = 0; count < MEASURED_BLOCKS; count++) values.push(...blockEvents(make, kind, next++))
    const storeValues: WireValue[] = []
    for (let count = 0; count < MEASURED_BLOCKS; count++) storeValues.push(...blockEvents(make, kind, next++))
    collectGarbage()
    let started = performance.now()
    coreState = applyAll(coreState, values)
    if (sample >= plan.warmups) core.push(((performance.now() - started) * 1000) / values.length)
    collectGarbage()
    started = performance.now()
    driven.feed(storeValues)
    if (sample >= plan.warmups) store.push(((performance.now() - started) * 1000) / storeValues.length)
  }
  return { size, core: median(core), store: median(store) }
}

/** µs per turn for MEASURED_TURNS more turns after `size` turns, median of the samples. */
function timeTurns(size: number, plan: RunPlan): SizeResult {
  const make = eventMaker(`turns-${size}`)
  const prefix: WireValue[] = []
  for (let turn = 0; turn < size; turn++) prefix.push(...turnEvents(make, turn))
  const base = applyAll(createAgentState(), prefix)
  const core: number[] = []
  const store: number[] = []
  let coreState = base
  const driven = drivenStore()
  const transcript = Array.from({ length: size }, (_, index) => ({ kind: 'turn' as const, key: `turn-${index}`, index }))
  driven.store.setState({ agent: base, transcript })
  let next = size
  for (let sample = 0; sample < plan.warmups + plan.runs; sample++) {
    const values: WireValue[] = []
    for (let count = 0; count < MEASURED_TURNS; count++) values.push(...turnEvents(make, next++))
    collectGarbage()
    let started = performance.now()
    coreState = applyAll(coreState, values)
    if (sample >= plan.warmups) core.push(((performance.now() - started) * 1000) / MEASURED_TURNS)
    // The store's turns go on after the core's, in the store's own chat.
    const storeValues: WireValue[] = []
    for (let count = 0; count < MEASURED_TURNS; count++) storeValues.push(...turnEvents(make, next++))
    collectGarbage()
    started = performance.now()
    driven.feed(storeValues)
    if (sample >= plan.warmups) store.push(((performance.now() - started) * 1000) / MEASURED_TURNS)
  }
  return { size, core: median(core), store: median(store) }
}

// ---------------------------------------------------------------------------------------------
// The hot path beside a bare zustand store

interface BareState {
  readonly blocks: Readonly<Record<string, string>>
}

// What a hand-written zustand reducer does with the same stream: append each delta to its block's string,
// with ids and no de-duplication, published once per frame.
function bareFold(values: readonly unknown[]): BareState {
  const store = createStore<BareState>()(() => ({ blocks: {} }))
  for (let start = 0; start < values.length; start += EVENTS_PER_FRAME) {
    const end = Math.min(values.length, start + EVENTS_PER_FRAME)
    const pending: Record<string, string> = { ...store.getState().blocks }
    for (let index = start; index < end; index++) {
      const event = values[index] as { type: string; blockId?: string; toolCallId?: string; delta?: string }
      if (typeof event.delta !== 'string') continue
      const key = event.blockId ?? event.toolCallId ?? ''
      pending[key] = (pending[key] ?? '') + event.delta
    }
    store.setState({ blocks: pending })
  }
  return store.getState()
}

interface HotPathResult {
  readonly scale: number
  readonly events: number
  readonly bare: number
  readonly store: number
}

function timeHotPath(scale: number, plan: RunPlan): HotPathResult {
  const values = createWorkload(scale).events as readonly unknown[]
  const bare: number[] = []
  const store: number[] = []
  for (let sample = 0; sample < plan.warmups + plan.runs; sample++) {
    collectGarbage()
    let started = performance.now()
    bareFold(values)
    if (sample >= plan.warmups) bare.push(((performance.now() - started) * 1000) / values.length)
    const driven = drivenStore()
    collectGarbage()
    started = performance.now()
    driven.feed(values)
    if (sample >= plan.warmups) store.push(((performance.now() - started) * 1000) / values.length)
  }
  return { scale, events: values.length, bare: median(bare), store: median(store) }
}

// ---------------------------------------------------------------------------------------------

/** What the scaling suite measured. */
export interface ScalingResults {
  readonly blocks: readonly KindResult[]
  readonly turns: readonly SizeResult[]
  readonly hotPath: readonly HotPathResult[]
}

function progress(message: string): void {
  process.stderr.write(`  scaling: ${message}\n`)
}

/** Runs the scaling suite. */
export function runScalingBench(plan: RunPlan, _failures: string[]): ScalingResults {
  const blocks: KindResult[] = []
  for (const kind of ['text', 'tool'] as const) {
    const sizes: SizeResult[] = []
    for (const size of BLOCK_SIZES) {
      progress(`${kind} blocks after ${size}`)
      sizes.push(timeBlocks(kind, size, plan))
    }
    blocks.push({ kind, sizes })
  }
  const turns: SizeResult[] = []
  for (const size of TURN_SIZES) {
    progress(`turns after ${size}`)
    turns.push(timeTurns(size, plan))
  }
  const hotPath: HotPathResult[] = []
  for (const scale of [1, 4]) {
    progress(`hot path at ${scale}×`)
    hotPath.push(timeHotPath(scale, plan))
  }
  return { blocks, turns, hotPath }
}

/** Prints the scaling tables. */
export function printScalingReport(results: ScalingResults): void {
  printSection('Scaling 1. One more block in a long turn, µs per event (median)')
  const rows = results.blocks.flatMap(({ kind, sizes }) => {
    const first = sizes[0] as SizeResult
    const last = sizes[sizes.length - 1] as SizeResult
    return [
      [`${kind}, core`, ...sizes.map((size) => formatNumber(size.core)), againstTarget(last.core / first.core, SCALING_TARGETS.flatness, '×')],
      [`${kind}, store`, ...sizes.map((size) => formatNumber(size.store)), againstTarget(last.store / first.store, SCALING_TARGETS.flatness, '×')],
    ]
  })
  printTable(
    [
      'blocks already in the turn',
      ...BLOCK_SIZES.map((size) => size.toLocaleString('en-US')),
      `${BLOCK_SIZES.at(-1)!.toLocaleString('en-US')} ÷ ${BLOCK_SIZES[0]}`,
    ],
    rows,
    [
      `each sample adds ${MEASURED_BLOCKS.toLocaleString('en-US')} blocks (text: START, 2 deltas, END; tool: a call with 2 argument deltas and its result)`,
      `the store is fed in frames of ${EVENTS_PER_FRAME} events, each flushed (validate + reduce + one setState), like the browser's rAF`,
    ],
  )
  printSection('Scaling 2. One more turn in a long chat, µs per turn (median)')
  const first = results.turns[0] as SizeResult
  const last = results.turns[results.turns.length - 1] as SizeResult
  printTable(
    ['turns already in the chat', ...results.turns.map((turn) => turn.size.toLocaleString('en-US')), `${last.size} ÷ ${first.size}`],
    [
      ['core', ...results.turns.map((turn) => formatNumber(turn.core)), againstTarget(last.core / first.core, SCALING_TARGETS.flatness, '×')],
      ['store', ...results.turns.map((turn) => formatNumber(turn.store)), againstTarget(last.store / first.store, SCALING_TARGETS.flatness, '×')],
    ],
    [
      `a turn: AGENT_START, a model call with a 40-delta text block and an 11-delta tool call, its 5-delta result, AGENT_END (${MEASURED_TURNS} turns per sample)`,
    ],
  )
  printSection('Scaling 3. Store hot path beside a bare zustand store (per-frame publish), µs per event (median)')
  const one = results.hotPath[0] as HotPathResult
  const four = results.hotPath[results.hotPath.length - 1] as HotPathResult
  printTable(
    ['scale', 'events', 'bare zustand', 'kit store', 'kit ÷ bare'],
    results.hotPath.map((row) => [
      `${row.scale}×`,
      row.events.toLocaleString('en-US'),
      formatNumber(row.bare),
      formatNumber(row.store),
      `${formatNumber(row.store / row.bare)}×`,
    ]),
    [
      `kit store at 1×: ${againstTarget(one.store, SCALING_TARGETS.microsPerEvent, ' µs')}; growth 4×/1×: ${againstTarget(four.store / one.store, SCALING_TARGETS.growth, '×')}`,
      'kit store = the real createAgentStore: parseAgentEvent, reduce with ids and de-duplication, one setState per frame of 64 events',
      'bare zustand = append each delta to its block string in a copied record, one setState per frame of 64 events (no validation, no ids)',
    ],
  )
}
