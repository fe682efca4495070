import { expect, it, vi } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentState } from '../../src/core'
import { PersistentVector } from '../../src/core/persistent-vector'
import { addUsage } from '../../src/core/turns'
import { selectBlock, selectToolCall, selectTurn, selectUsage } from '../../src/store/selectors'
import type { AgentStoreState } from '../../src/store/agent-store-state'

// Complexity as a ratio of sizes (#11): selecting a block and a tool call after each new revision of an open turn
// that holds `size` calls already. Rebuilding an index per revision costs the size; following the changes does not.

let serial = 0
const event = (type: string, replyId: string, fields: Record<string, unknown>) => ({ type, id: `s${++serial}`, replyId, ...fields })
const call = (index: number) => [
  event('TOOL_CALL_START', 'M', { toolCallId: `c${index}`, toolCallName: 'read' }),
  event('TOOL_CALL_DELTA', 'M', { toolCallId: `c${index}`, delta: '{}' }),
  event('TOOL_CALL_END', 'M', { toolCallId: `c${index}` }),
  event('TOOL_RESULT_START', 'A', { toolCallId: `c${index}`, toolCallName: 'read' }),
  event('TOOL_RESULT_END', 'A', { toolCallId: `c${index}`, state: 'success' }),
]

const apply = (state: AgentState, values: readonly unknown[]) => applyEvents(state, values, { endOfStream: false })

const asStore = (agent: AgentState) => ({ agent }) as unknown as AgentStoreState

// The cheapest of a few samples: per new call, reduce its events, then select it, its result's block and the first call.
function selectCostAfter(size: number): number {
  let state = apply(createAgentState(), [event('AGENT_START', 'R', {}), event('MODEL_CALL_START', 'M', {})])
  const prefix: unknown[] = []
  for (let index = 0; index < size; index++) prefix.push(...call(index))
  state = apply(state, prefix)
  selectToolCall(asStore(state), 'c0')
  let next = size
  const samples: number[] = []
  for (let sample = 0; sample < 5; sample++) {
    const batches = Array.from({ length: 200 }, () => call(next++))
    const states: AgentState[] = []
    for (const batch of batches) states.push((state = apply(state, batch)))
    const started = performance.now()
    states.forEach((revision, offset) => {
      const id = `c${next - batches.length + offset}`
      const joined = selectToolCall(asStore(revision), id)
      const turn = revision.scopes['']!.turns[0]!
      if (joined === undefined || selectBlock(turn, joined.result!.key) !== joined.result) throw new Error(`${id} not found`)
      if (selectToolCall(asStore(revision), 'c0') === undefined) throw new Error('c0 not found')
    })
    samples.push(performance.now() - started)
  }
  return Math.min(...samples)
}

it('selects a block and a tool call of a turn with 20,000 calls at the cost it does with 100', () => {
  const small = selectCostAfter(100)
  const large = selectCostAfter(20_000)
  // An index rebuilt per revision makes this ratio about 200.
  expect(large / small, `${large} ms ÷ ${small} ms`).toBeLessThan(8)
})

// A chat of `size` finished turns, each with one model call's usage, then a live turn.
function chatOf(size: number): AgentState {
  const events: unknown[] = []
  for (let turn = 0; turn < size; turn++) {
    const usage = { inputTokens: turn, outputTokens: 2, cachedTokens: 1, time: 0.25, totalTokens: turn + 2 }
    events.push(
      event('AGENT_START', `R${turn}`, {}),
      event('MODEL_CALL_START', `M${turn}`, {}),
      event('MODEL_CALL_END', `M${turn}`, { usage }),
      event('AGENT_END', `R${turn}`, {}),
    )
  }
  return apply(createAgentState(), [...events, event('AGENT_START', 'live', {}), event('MODEL_CALL_START', 'live-m', {})])
}

// The usage summed afresh, turn by turn: what selectUsage must equal.
function naiveUsage(state: AgentState) {
  let total: ReturnType<typeof selectUsage> = null
  state.scopes['']!.turnList.forEach((turn) => (total = turn.usage === null ? total : addUsage(total, turn.usage)))
  return total
}

// How many turns the selectors read, through the vector, over 50 frames of a streaming live turn.
function turnReadsWhileStreaming(size: number): number {
  let state = chatOf(size)
  selectUsage(asStore(state))
  const get = vi.spyOn(PersistentVector.prototype, 'get')
  const toArray = vi.spyOn(PersistentVector.prototype, 'toArray')
  let selected = 0
  try {
    for (let frame = 0; frame < 50; frame++) {
      state = apply(state, [event('TEXT_BLOCK_DELTA', 'live-m', { blockId: 'text', delta: `w${frame} ` })])
      const reads = get.mock.calls.length
      const usage = selectUsage(asStore(state))
      expect(selectTurn(asStore(state), size)?.status).toBe('streaming')
      selected += get.mock.calls.length - reads
      expect(usage).toEqual(naiveUsage(state))
    }
    expect(toArray).not.toHaveBeenCalled()
    return selected
  } finally {
    get.mockRestore()
    toArray.mockRestore()
  }
}

it('sums the usage and reads the live turn of a 20,000-turn chat at each frame in the reads it takes for 20 turns', () => {
  const small = turnReadsWhileStreaming(20)
  const large = turnReadsWhileStreaming(20_000)
  // Summing every turn at every frame reads 20,000 turns a frame: a ratio of about 1,000.
  expect(large, `${large} reads ÷ ${small}`).toBeLessThanOrEqual(small * 2)
})

it('sums the usage again when turns are taken away or replaced, and keeps the same object while the sums are equal', () => {
  const whole = chatOf(40)
  const total = selectUsage(asStore(whole))
  expect(total).toEqual(naiveUsage(whole))
  // the same sums from another revision: the same object
  const next = apply(whole, [event('TEXT_BLOCK_DELTA', 'live-m', { blockId: 'text', delta: 'hi' })])
  expect(selectUsage(asStore(next))).toBe(total)
  // a rewound chat: fewer turns, and so less usage
  const shorter = chatOf(12)
  expect(selectUsage(asStore(shorter))).toEqual(naiveUsage(shorter))
  expect(selectUsage(asStore(whole))).toEqual(naiveUsage(whole))
  // no usage at all
  expect(selectUsage(asStore(createAgentState()))).toBeNull()
})
