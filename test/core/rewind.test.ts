import { describe, expect, it } from 'vitest'
import {
  applyEvents,
  createAgentState,
  isLocalEventValue,
  parseLocalEvent,
  reduce,
  replayEvents,
  rewindEvent,
  toSnapshot,
  userMessage,
  userMessageEvent,
} from '../../src/core'
import type { AgentEvent } from '../../src/core'
import { end, event, resultEnd, resultStart, start, text, textEnd, textStart, toolEnd, toolStart } from '../fixtures/script'

const ask = (words: string) => userMessageEvent(userMessage(words))
const answer = (replyId: string, words: string) => [
  start(replyId),
  textStart(`${replyId}m`),
  text(words, `${replyId}m`),
  textEnd(`${replyId}m`),
  end(replyId),
]
const textsOf = (values: readonly unknown[]) =>
  replayEvents(values).messages.map((message) => (message.content[0] as { text?: string } | undefined)?.text ?? '')

describe('REWIND (the retry and edit-and-resend local event)', () => {
  it('takes the last exchange out, so the next message and answer replace it', () => {
    const first = [ask('hello'), ...answer('R1', 'hi')]
    const second = [ask('weather'), ...answer('R2', 'sunny')]
    const retried = [rewindEvent(1, 'rewind-1'), ask('weather'), ...answer('R3', 'rainy')]
    expect(textsOf([...first, ...second])).toEqual(['hello', 'hi', 'weather', 'sunny'])
    expect(textsOf([...first, ...second, ...retried])).toEqual(['hello', 'hi', 'weather', 'rainy'])
    // The same as if the replaced exchange had never happened.
    const replaced = replayEvents([...first, ...second, ...retried])
    const direct = replayEvents([...first, ...retried.slice(1)])
    expect(replaced).toEqual(direct)
  })

  it('keeps the earlier turns as they were (same objects) and re-opens nothing', () => {
    const state = applyEvents(createAgentState(), [ask('a'), ...answer('R1', 'one'), ask('b'), ...answer('R2', 'two')])
    const rewound = reduce(state, rewindEvent(1, 'rw'))
    const turns = rewound.scopes['']!.turns
    expect(turns).toHaveLength(1)
    expect(turns[0]).toBe(state.scopes['']!.turns[0])
    expect(rewound.scopes['']!.open).toBe(false)
    expect(rewound.userMessages.map((entry) => entry.turnIndex)).toEqual([0])
    // A late event of the removed turn is not late any more, and one of the kept turn still is.
    expect(toSnapshot(reduce(rewound, text('late', 'R1m') as unknown as AgentEvent)).messages).toHaveLength(2)
    expect(toSnapshot(reduce(rewound, text('again', 'R2m') as unknown as AgentEvent)).messages).toHaveLength(3)
  })

  it('removes the subagents started in the removed turns, and what they waited for', () => {
    const values = [
      ask('research'),
      start('R1'),
      toolStart('call-1', 'agent_spawn', 'R1m'),
      toolEnd('call-1', 'agent_spawn', 'R1m'),
      resultStart('call-1', 'R1a'),
      event('AGENT_START', { replyId: 'S1', name: 'researcher', source: 'researcher' }),
      event('TEXT_BLOCK_DELTA', { replyId: 'S1m', blockId: 'text', delta: 'digging', source: 'researcher' }),
      event('AGENT_END', { replyId: 'S1', source: 'researcher' }),
      resultEnd('call-1', 'success', 'R1a'),
      end('R1'),
    ]
    const state = applyEvents(createAgentState(), values)
    expect(Object.keys(state.scopes)).toContain('researcher')
    const rewound = reduce(state, rewindEvent(0, 'rw'))
    expect(Object.keys(rewound.scopes)).toEqual([''])
    expect(toSnapshot(rewound).messages).toEqual([])
  })

  it('clears a confirmation the removed turn was waiting for', () => {
    const values = [
      ask('delete it'),
      start('R1'),
      toolStart('call-1', 'bash', 'R1m'),
      toolEnd('call-1', 'bash', 'R1m'),
      event('REQUIRE_USER_CONFIRM', { replyId: 'R1', toolCalls: [{ type: 'tool_use', id: 'call-1', name: 'bash', input: {} }] }),
      end('R1'),
    ]
    const state = applyEvents(createAgentState(), values)
    expect(state.pendingConfirmation).not.toBeNull()
    expect(reduce(state, rewindEvent(0, 'rw')).pendingConfirmation).toBeNull()
  })

  it('applies once per id, changes nothing past the messages, and validates like USER_MESSAGE', () => {
    const state = applyEvents(createAgentState(), [ask('a'), ...answer('R1', 'one')])
    expect(reduce(state, rewindEvent(3, 'far')).scopes).toBe(state.scopes)
    const once = reduce(state, rewindEvent(0, 'same'))
    const again = reduce(reduce(once, ask('b')), rewindEvent(0, 'same'))
    expect(again.userMessages).toHaveLength(1)
    expect(isLocalEventValue({ type: 'REWIND', fromUserMessage: 0 })).toBe(true)
    expect(parseLocalEvent({ type: 'REWIND', id: 'x', fromUserMessage: 2 }).ok).toBe(true)
    const bad = parseLocalEvent({ type: 'REWIND', fromUserMessage: -1 })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toContain('REWIND')
    const errors: number[] = []
    replayEvents([ask('a'), { type: 'REWIND', fromUserMessage: 'x' }], { onError: (_error, index) => errors.push(index) })
    expect(errors).toEqual([1])
  })
})
