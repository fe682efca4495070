import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentState } from '../../src/core'
import { medianTimeRatio } from '../fixtures/cost-ratio'

// Complexity as ratios of sizes: the cost of the next blocks (or turns) after a long prefix over the cost after a
// short one. Constant cost gives ~1×; copying what came before (the old O(n) append) gives the ratio of the sizes.

let serial = 0
const event = (type: string, replyId: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, replyId, ...fields })

const apply = (state: AgentState, values: readonly unknown[]) => applyEvents(state, values, { endOfStream: false })

const textBlock = (index: number) => [
  event('TEXT_BLOCK_START', 'M', { blockId: `b${index}` }),
  event('TEXT_BLOCK_DELTA', 'M', { blockId: `b${index}`, delta: 'words' }),
  event('TEXT_BLOCK_END', 'M', { blockId: `b${index}` }),
]
const toolCall = (index: number) => [
  event('TOOL_CALL_START', 'M', { toolCallId: `c${index}`, toolCallName: 'read' }),
  event('TOOL_CALL_DELTA', 'M', { toolCallId: `c${index}`, delta: '{}' }),
  event('TOOL_CALL_END', 'M', { toolCallId: `c${index}` }),
  event('TOOL_RESULT_START', 'A', { toolCallId: `c${index}`, toolCallName: 'read' }),
  event('TOOL_RESULT_TEXT_DELTA', 'A', { toolCallId: `c${index}`, delta: 'ok' }),
  event('TOOL_RESULT_END', 'A', { toolCallId: `c${index}`, state: 'success' }),
]
// A ReAct turn: a model call, its text, a tool call, and the result.
const turn = (index: number) => [
  event('AGENT_START', `R${index}`),
  event('MODEL_CALL_START', `M${index}`),
  event('TEXT_BLOCK_DELTA', `M${index}`, { blockId: 'text', delta: 'thinking out loud' }),
  event('TOOL_CALL_START', `M${index}`, { toolCallId: `t${index}`, toolCallName: 'search' }),
  event('TOOL_CALL_END', `M${index}`, { toolCallId: `t${index}` }),
  event('MODEL_CALL_END', `M${index}`),
  event('TOOL_RESULT_START', `A${index}`, { toolCallId: `t${index}` }),
  event('TOOL_RESULT_END', `A${index}`, { toolCallId: `t${index}`, state: 'success' }),
  event('AGENT_END', `R${index}`),
]

/** A chat of `prefix` units, and a step that applies `count` more to it (fresh ids each time). */
function grower(prefix: number, count: number, unit: (index: number) => unknown[], start: unknown[]): () => void {
  let state = apply(createAgentState(), start)
  for (let index = 0; index < prefix; index++) state = apply(state, unit(index))
  let next = prefix
  return () => {
    const values: unknown[] = []
    for (let index = 0; index < count; index++) values.push(...unit(next++))
    state = apply(state, values)
  }
}

// The median of a few runs of (cost after the long prefix / cost after the short one), each run timing the two back
// to back (see cost-ratio.ts), so a busy machine slows both sides of a ratio, not one.
function costRatio(short: number, long: number, count: number, unit: (index: number) => unknown[], start: unknown[] = []): number {
  return medianTimeRatio(grower(short, count, unit, start), grower(long, count, unit, start))
}

const opened = () => [event('AGENT_START', 'R'), event('MODEL_CALL_START', 'M')]

describe('appends cost the same however long the turn or the chat (#11)', () => {
  it('a text block after 16,000 costs what one after 1,000 does', () => {
    expect(costRatio(1_000, 16_000, 500, textBlock, opened())).toBeLessThan(4)
  })

  it('a tool call and its result after 8,000 cost what they do after 500', () => {
    expect(costRatio(500, 8_000, 300, toolCall, opened())).toBeLessThan(4)
  })

  it('a turn after 1,600 turns costs what one after 50 does', () => {
    expect(costRatio(50, 1_600, 40, turn)).toBeLessThan(4)
  })

  it('a CUSTOM event after 16,000 costs what one after 1,000 does; the newest 1,000 are kept', () => {
    const custom = (index: number) => [event('CUSTOM', 'R', { name: 'progress', value: { index } })]
    expect(costRatio(1_000, 16_000, 500, custom, opened())).toBeLessThan(4)
    let state = apply(createAgentState(), opened())
    for (let index = 0; index < 1_500; index++) state = apply(state, custom(index))
    expect(state.customEvents).toHaveLength(1_000)
    expect(state.customEvents[0]?.value).toEqual({ index: 500 })
    expect(state.customEvents.at(-1)?.value).toEqual({ index: 1_499 })
  })

  it('keeps every untouched block identical at 16,000 blocks', () => {
    let state = apply(createAgentState(), opened())
    for (let index = 0; index < 16_000; index++) state = apply(state, textBlock(index))
    const before = state.scopes['']!.turns[0]!
    const after = apply(state, textBlock(16_000)).scopes['']!.turns[0]!
    expect(after.entries).toHaveLength(16_001)
    expect(after.entries[0]).toBe(before.entries[0])
    expect(after.entries[15_999]).toBe(before.entries[15_999])
    expect(before.entries).toHaveLength(16_000)
  })
})
