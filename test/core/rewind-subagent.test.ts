import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState, reduce, replayEvents, rewindEvent, toSnapshot, userMessage, userMessageEvent } from '../../src/core'
import type { AgentState } from '../../src/core'
import { end, event, resultEnd, resultStart, start, toolEnd, toolStart } from '../fixtures/script'

const ask = (words: string) => userMessageEvent(userMessage(words))

// A top-level turn whose `agent_spawn` call runs the researcher subagent, which says `words`.
function research(replyId: string, callId: string, subReplyId: string, words: string) {
  return [
    start(replyId),
    toolStart(callId, 'agent_spawn', `${replyId}m`),
    toolEnd(callId, 'agent_spawn', `${replyId}m`),
    resultStart(callId, `${replyId}a`),
    event('AGENT_START', { replyId: subReplyId, name: 'researcher', source: 'researcher' }),
    event('TEXT_BLOCK_DELTA', { replyId: `${subReplyId}m`, blockId: 'text', delta: words, source: 'researcher' }),
    event('CUSTOM', { name: 'progress', value: words, source: 'researcher' }),
    event('AGENT_END', { replyId: subReplyId, source: 'researcher' }),
    resultEnd(callId, 'success', `${replyId}a`),
    end(replyId),
  ]
}

// Everything a reader of the state sees, indexes aside (the JSON of a scope leaves them out), and the seen ids.
function visible(state: AgentState) {
  const { seenIds: _seenIds, seenCount: _seenCount, ...rest } = state
  return JSON.parse(JSON.stringify(rest)) as unknown
}

const laneTexts = (state: AgentState) =>
  state.scopes['researcher']?.turns.map((turn) => turn.entries.map((entry) => (entry.kind === 'text' ? entry.block.text : entry.kind)).join(' '))

describe('REWIND of an exchange in which a subagent from an earlier exchange took part again (#13)', () => {
  const first = [ask('research'), ...research('R1', 'call-1', 'S1', 'digging')]
  const second = [ask('more'), ...research('R2', 'call-2', 'S2', 'deeper')]
  const retried = [ask('more'), ...research('R3', 'call-3', 'S3', 'elsewhere')]
  const rewind = rewindEvent(1, 'rewind-1')

  it('takes the removed turn out of the reused lane: the state equals a replay of the surviving events', () => {
    const live = applyEvents(createAgentState(), [...first, ...second, rewind, ...retried])
    const kept = applyEvents(createAgentState(), [...first, ...retried])
    expect(laneTexts(live)).toEqual(['digging', 'elsewhere'])
    expect(visible(live)).toEqual(visible(kept))
    expect(toSnapshot(live)).toEqual(replayEvents([...first, ...retried]))
  })

  it('right after the rewind, the lane is as it was before the removed message', () => {
    const before = applyEvents(createAgentState(), first)
    const rewound = applyEvents(before, [...second, rewind])
    expect(laneTexts(rewound)).toEqual(['digging'])
    expect(visible(rewound)).toEqual(visible(before))
    // Structural sharing: the lane's surviving turn and the kept top-level turn are the same objects.
    expect(rewound.scopes['researcher']!.turns[0]).toBe(before.scopes['researcher']!.turns[0])
    expect(rewound.scopes['']!.turns[0]).toBe(before.scopes['']!.turns[0])
  })

  it('an event of the removed subagent turn is not late any more, and one of the kept turn still is', () => {
    const rewound = applyEvents(createAgentState(), [...first, ...second, rewind], { endOfStream: false })
    const late = (replyId: string) => event('TEXT_BLOCK_DELTA', { replyId, blockId: 'text', delta: ' again', source: 'researcher' }) as never
    expect(laneTexts(reduce(rewound, late('S1m')))).toEqual(['digging'])
    expect(laneTexts(reduce(rewound, late('S2m')))).toEqual(['digging', ' again'])
  })

  it('applies once: replaying the same log twice, or the rewind twice, gives the same state', () => {
    const values = [...first, ...second, rewind, ...retried]
    const once = applyEvents(createAgentState(), values)
    expect(applyEvents(once, values)).toBe(once)
    expect(reduce(once, rewind)).toBe(once)
  })
})
