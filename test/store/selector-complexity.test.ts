import { expect, it } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentState } from '../../src/core'
import { selectBlock, selectToolCall } from '../../src/store/selectors'
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
