import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState, parseAgentEvent, partialToolInput, reduce, turnMessage } from '../../src/core'
import type { AgentState, ToolUseEntry } from '../../src/core'
import { costPerUnitRatio } from '../fixtures/cost-ratio'
import { end, start, text, textEnd, textStart, thinking, toolDelta, toolStart } from '../fixtures/script'

const live = (events: unknown[], from = createAgentState()): AgentState => applyEvents(from, events, { endOfStream: false })

function apply(state: AgentState, value: unknown): AgentState {
  const parsed = parseAgentEvent(value)
  if (!parsed.ok) throw parsed.error
  return reduce(state, parsed.event)
}

describe('structural sharing', () => {
  const before = live([
    start('R0'),
    text('first turn'),
    end('R0'),
    start('R1'),
    thinking('plan'),
    textEnd('M1', 'thinking'),
    textStart('M2'),
    text('Hel', 'M2'),
  ])

  it('leaves every other block, turn and message identical after a delta', () => {
    const after = apply(before, text('lo', 'M2'))
    const [oldFirst, oldSecond] = before.scopes['']!.turns
    const [newFirst, newSecond] = after.scopes['']!.turns
    expect(newFirst).toBe(oldFirst)
    expect(turnMessage(newFirst!)).toBe(turnMessage(oldFirst!))
    expect(newSecond!.entries[0]).toBe(oldSecond!.entries[0])
    expect(newSecond!.entries[1]).not.toBe(oldSecond!.entries[1])
    expect(newSecond!.entries[1]!.block).toEqual({ type: 'text', text: 'Hello' })
    expect(newSecond!.slots).toBe(oldSecond!.slots)
  })

  it('returns the same state for a duplicate and leaves the previous state as it was', () => {
    const delta = text('!', 'M2')
    const once = apply(before, delta)
    expect(apply(once, delta)).toBe(once)
    expect(before.scopes['']!.turns[1]!.entries[1]!.block).toEqual({ type: 'text', text: 'Hel' })
  })

  it('stays pure when two different events are applied to one state', () => {
    const left = apply(before, text('p', 'M2'))
    const right = apply(before, text('m', 'M2'))
    const echo = text('!', 'M2')
    expect(apply(apply(left, echo), echo).scopes['']!.turns[1]!.entries[1]!.block).toEqual({ type: 'text', text: 'Help!' })
    expect(apply(right, echo).scopes['']!.turns[1]!.entries[1]!.block).toEqual({ type: 'text', text: 'Helm!' })
  })
})

describe('partialToolInput', () => {
  const toolEntry = (state: AgentState) => state.scopes['']!.turns[0]!.entries[0] as ToolUseEntry

  it('exposes the raw arguments and a partial value while they stream', () => {
    let state = live([start(), toolStart('c1', 'write_file'), toolDelta('c1', '{"path":"/tmp/a.txt","content":"Hel')])
    expect(toolEntry(state).arguments).toBe('{"path":"/tmp/a.txt","content":"Hel')
    expect(partialToolInput(toolEntry(state))).toEqual({ path: '/tmp/a.txt', content: 'Hel' })
    state = live([toolDelta('c1', 'lo"')], state)
    expect(partialToolInput(toolEntry(state))).toEqual({ path: '/tmp/a.txt', content: 'Hello' })
  })

  it('computes the value once per revision and keeps finished members identical', () => {
    let state = live([start(), toolStart('c1'), toolDelta('c1', '{"list":[1,2],"b":"x')])
    const first = partialToolInput(toolEntry(state)) as { list: number[] }
    expect(partialToolInput(toolEntry(state))).toBe(first)
    state = live([toolDelta('c1', 'yz')], state)
    const second = partialToolInput(toolEntry(state)) as { list: number[]; b: string }
    expect(second.b).toBe('xyz')
    expect(second.list).toBe(first.list)
  })

  it('costs a stream of a large flat object its length, read after every delta (as a card reads it each frame)', () => {
    const stream = (keys: number) => {
      const json = `{${Array.from({ length: keys }, (_, index) => `"key${index}":${index}`).join(',')}}`
      return Array.from({ length: Math.ceil(json.length / 1_000) }, (_, index) => json.slice(index * 1_000, (index + 1) * 1_000))
    }
    const readAll = (deltas: readonly string[]) => {
      let state = live([start(), toolStart('c1', 'write')])
      for (const delta of deltas) {
        state = live([toolDelta('c1', delta)], state)
        partialToolInput(toolEntry(state))
      }
      return state
    }
    // reading copies the open object: once per delta that is its size each time, 4x the cost per key at 4x the keys
    expect(costPerUnitRatio({ small: 5_000, large: 20_000, prepare: stream, work: readAll, runs: 3 })).toBeLessThan(2)
    const state = readAll(stream(5_000))
    const value = partialToolInput(toolEntry(state)) as Record<string, number>
    // within an eighth of the end, and whole once complete
    expect(Object.keys(value).length).toBeGreaterThan((5_000 * 7) / 8)
    expect(partialToolInput(toolEntry(live([end()], state)))).toEqual(JSON.parse(toolEntry(state).arguments))
  })

  it('gives the right value for an older revision asked after a newer one', () => {
    const old = live([start(), toolStart('c1'), toolDelta('c1', '{"a":"1')])
    const newer = live([toolDelta('c1', '23')], old)
    expect(partialToolInput(toolEntry(newer))).toEqual({ a: '123' })
    expect(partialToolInput(toolEntry(old))).toEqual({ a: '1' })
    expect(partialToolInput(toolEntry(live([toolDelta('c1', '4"}')], newer)))).toEqual({ a: '1234' })
  })
})
