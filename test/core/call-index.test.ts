import { describe, expect, it } from 'vitest'
import { CallIndex } from '../../src/core/call-index'
import { createAgentState, parseAgentEvent, reduce } from '../../src/core'
import type { AgentState } from '../../src/core'

function apply(state: AgentState, values: readonly Record<string, unknown>[]): AgentState {
  let next = state
  for (const value of values) {
    const parsed = parseAgentEvent(value)
    if (!parsed.ok) throw parsed.error
    next = reduce(next, parsed.event)
  }
  return next
}

describe('CallIndex', () => {
  it('lets each revision see only the calls it registered, and a branch copy its own part', () => {
    const empty = CallIndex.empty()
    const one = empty.add(0, 'a', 0)
    expect(one).not.toBe(empty)
    expect(empty.size).toBe(0)
    const two = one.add(1, 'b', 3)
    // The newest revision adds in place.
    expect(two).toBe(one)
    expect(two.lookup(2, 'b')).toBe(3)
    // A revision that knew one call does not see the second.
    expect(two.lookup(1, 'b')).toBeUndefined()
    expect(two.lookup(1, 'a')).toBe(0)
    // A branch from the one-call revision copies its part and does not disturb the other branch.
    const branch = two.add(1, 'c', 5)
    expect(branch).not.toBe(two)
    expect(branch.lookup(2, 'c')).toBe(5)
    expect(branch.lookup(2, 'b')).toBeUndefined()
    expect(two.lookup(2, 'b')).toBe(3)
    expect(two.lookup(2, 'c')).toBeUndefined()
    // First entry wins.
    expect(two.add(2, 'a', 9)).toBe(two)
    expect(two.lookup(2, 'a')).toBe(0)
  })

  it('keeps two branches of a reduced state apart', () => {
    let serial = 0
    const event = (type: string, fields: Record<string, unknown>) => ({ type, id: `e${++serial}`, replyId: 'M', ...fields })
    const start = (id: string) => event('TOOL_CALL_START', { toolCallId: id, toolCallName: 'read' })
    const delta = (id: string, text: string) => event('TOOL_CALL_DELTA', { toolCallId: id, toolCallName: '__fragment__', delta: text })
    const base = apply(createAgentState(), [event('AGENT_START', {}), event('MODEL_CALL_START', {}), start('a')])
    const left = apply(base, [start('b'), delta('b', '{"x":1}')])
    const right = apply(base, [start('c'), delta('c', '{"y":2}'), delta('a', '{"z":3}')])
    const leftAgain = apply(left, [delta('a', '{}')])
    const rightTurn = right.scopes['']!.turns[0]!
    const leftTurn = leftAgain.scopes['']!.turns[0]!
    expect(rightTurn.entries.map((entry) => (entry.kind === 'tool_use' ? [entry.block.id, entry.arguments] : null))).toEqual([
      ['a', '{"z":3}'],
      ['c', '{"y":2}'],
    ])
    expect(leftTurn.entries.map((entry) => (entry.kind === 'tool_use' ? [entry.block.id, entry.arguments] : null))).toEqual([
      ['a', '{}'],
      ['b', '{"x":1}'],
    ])
  })
})
