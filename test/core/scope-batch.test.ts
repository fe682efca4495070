import { describe, expect, it, vi } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentEvent, AgentState, AgentStreamError } from '../../src/core'
import { reduceAll } from '../../src/core/reduce-all'

// Inside one fold the scopes record is written in place (see scope-batch.ts): these check that no state a fold
// was given or returned is ever written afterwards, and that a handler that throws takes its writes back.

let serial = 0
const event = (type: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, ...fields })
const inScope = (source: string, type: string, fields: Record<string, unknown> = {}) => event(type, { source, ...fields })
const subagentTurn = (source: string) => [
  inScope(source, 'AGENT_START', { name: source }),
  inScope(source, 'TEXT_BLOCK_DELTA', { replyId: `${source}-m`, blockId: 't', delta: 'hi' }),
]
const live = (state: AgentState, events: readonly unknown[]) => applyEvents(state, events, { endOfStream: false })

describe('the scopes record of a fold (#11)', () => {
  it('never writes into the record of a state it was given or one it returned', () => {
    const first = live(createAgentState(), [event('AGENT_START', { replyId: 'R' }), ...subagentTurn('main/a')])
    const keysOfFirst = Object.keys(first.scopes)
    const scopeA = first.scopes['main/a']
    const second = live(first, [...subagentTurn('main/b'), ...subagentTurn('main/c'), inScope('main/a', 'AGENT_END')])
    expect(Object.keys(first.scopes)).toEqual(keysOfFirst)
    expect(first.scopes['main/a']).toBe(scopeA)
    expect(first.scopes['main/a']?.open).toBe(true)
    const keysOfSecond = Object.keys(second.scopes)
    const third = reduceAll(second, [...subagentTurn('main/d')] as AgentEvent[])
    expect(Object.keys(second.scopes)).toEqual(keysOfSecond)
    expect(second.scopes['main/d']).toBeUndefined()
    expect(third.scopes['main/d']?.turns).toHaveLength(1)
    expect(third.scopes['main/a']?.open).toBe(false)
  })

  it('takes back the scope a handler wrote before it threw, and keeps the events before and after', () => {
    const opened = live(createAgentState(), [event('AGENT_START', { replyId: 'R' })])
    // An AGENT_RESULT in a subagent whose source throws on its last read: after the handler wrote the scope.
    const resultIn = (throwOnRead: number) => {
      let reads = 0
      return {
        ...event('AGENT_RESULT', { result: { id: 'r', name: 'a', role: 'ASSISTANT', content: [], metadata: {}, timestamp: null } }),
        get source() {
          if (++reads === throwOnRead) throw new Error('boom')
          return 'main/a'
        },
      }
    }
    let readsOfOne = 0
    const counting = {
      ...resultIn(0),
      get source() {
        readsOfOne++
        return 'main/a'
      },
    }
    reduceAll(live(opened, subagentTurn('main/a')), [counting as unknown as AgentEvent])
    expect(readsOfOne).toBeGreaterThan(1)
    const errors: AgentStreamError[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const after = reduceAll(
      opened,
      [
        ...subagentTurn('main/a'),
        resultIn(readsOfOne),
        inScope('main/a', 'TEXT_BLOCK_DELTA', { replyId: 'main/a-m', blockId: 't', delta: '!' }),
      ] as AgentEvent[],
      (error) => errors.push(error),
    )
    consoleError.mockRestore()
    expect(errors).toMatchObject([{ code: 'reducer-failed', eventType: 'AGENT_RESULT' }])
    const turn = after.scopes['main/a']?.turns[0]
    expect(turn?.result).toBeNull()
    expect(turn?.entries.map((entry) => (entry.kind === 'text' ? entry.block.text : entry.kind))).toEqual(['hi!'])
  })
})
