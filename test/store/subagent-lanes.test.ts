import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentState } from '../../src/core'
import { selectSubagentKeysOf, selectUnattachedSubagentKeys } from '../../src/store/selectors'
import { medianTimeRatio } from '../fixtures/cost-ratio'
import type { AgentStoreState } from '../../src/store/agent-store-state'

const SOURCE = 'session-1/researcher'
let serial = 0
const event = (type: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, ...fields })
const spawn = (toolCallId: string) => [
  event('TOOL_CALL_START', { replyId: 'M', toolCallId, toolCallName: 'agent_spawn' }),
  event('TOOL_CALL_DELTA', { replyId: 'M', toolCallId, delta: '{"agent_id":"researcher"}' }),
  event('TOOL_CALL_END', { replyId: 'M', toolCallId }),
  event('TOOL_RESULT_START', { replyId: 'A', toolCallId, toolCallName: 'agent_spawn' }),
]
const childDelta = (replyId: string, delta: string) => event('TEXT_BLOCK_DELTA', { replyId, blockId: 'text', delta, source: SOURCE })

const apply = (state: AgentState, values: readonly unknown[]) => applyEvents(state, values, { endOfStream: false })
const asStore = (agent: AgentState) => ({ agent }) as unknown as AgentStoreState

describe('subagent lanes', () => {
  it('tie each turn of a subagent called twice to the tool call that spawned it', () => {
    let state = apply(createAgentState(), [event('AGENT_START', { replyId: 'R' }), ...spawn('s1')])
    state = apply(state, [event('AGENT_START', { replyId: 'C1', source: SOURCE }), childDelta('C1', 'one')])
    // a second turn while s1 still runs belongs to the same run
    state = apply(state, [event('AGENT_END', { replyId: 'C1', source: SOURCE }), event('AGENT_START', { replyId: 'C2', source: SOURCE })])
    state = apply(state, [event('AGENT_END', { replyId: 'C2', source: SOURCE })])
    state = apply(state, [event('TOOL_RESULT_END', { replyId: 'A', toolCallId: 's1', state: 'success' }), ...spawn('s2')])
    state = apply(state, [event('AGENT_START', { replyId: 'C3', source: SOURCE }), childDelta('C3', 'two')])
    const scope = state.scopes[SOURCE]!
    expect(scope.parentToolCallId).toBe('s1')
    expect(scope.turns.map((turn) => turn.parentToolCallId)).toEqual(['s1', 's1', 's2'])
    expect(selectSubagentKeysOf(asStore(state), 's1')).toEqual([SOURCE])
    expect(selectSubagentKeysOf(asStore(state), 's2')).toEqual([SOURCE])
    expect(selectUnattachedSubagentKeys(asStore(state), 0)).toEqual([])
  })

  it('keep the lanes of a call the same array while a subagent streams, so its card does not re-render', () => {
    let state = apply(createAgentState(), [event('AGENT_START', { replyId: 'R' }), ...spawn('s1')])
    state = apply(state, [event('AGENT_START', { replyId: 'C1', source: SOURCE }), childDelta('C1', 'a')])
    const before = selectSubagentKeysOf(asStore(state), 's1')
    const next = apply(state, [childDelta('C1', 'b')])
    expect(next.scopes).not.toBe(state.scopes)
    expect(selectSubagentKeysOf(asStore(next), 's1')).toBe(before)
  })

  it('show a subagent no running call spawned under the turn it started in', () => {
    const state = apply(createAgentState(), [event('AGENT_START', { replyId: 'R' }), event('AGENT_START', { replyId: 'C1', source: SOURCE })])
    expect(state.scopes[SOURCE]!.turns.map((turn) => turn.parentToolCallId)).toEqual([null])
    expect(selectUnattachedSubagentKeys(asStore(state), 0)).toEqual([SOURCE])
  })

  it('group 4,000 lanes under one call in a frame for about 32 times what 125 cost (each lane copied its group: 158 times)', () => {
    const laneFrames = (lanes: number) => {
      let state = apply(createAgentState(), [event('AGENT_START', { replyId: 'R' }), ...spawn('team')])
      state = apply(
        state,
        Array.from({ length: lanes }, (_, index) => event('AGENT_START', { replyId: `L${index}`, source: `session-1/member${index}` })),
      )
      let delta = 0
      return () => {
        for (let frame = 0; frame < 5; frame++) {
          // a frame: one subagent streams, the scopes are another record, and the card asks for its lanes
          state = apply(state, [event('TEXT_BLOCK_DELTA', { replyId: 'L0', blockId: 'text', delta: `${delta++}`, source: 'session-1/member0' })])
          expect(selectSubagentKeysOf(asStore(state), 'team')).toHaveLength(lanes)
        }
      }
    }
    expect(medianTimeRatio(laneFrames(125), laneFrames(4_000))).toBeLessThan(80)
  })
})
