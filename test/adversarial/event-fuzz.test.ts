import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AGENT_EVENT_TYPES, createAgentState, endStream, parseAgentEvent, reduce, replayEvents, toSnapshot } from '../../src/core'
import type { AgentState } from '../../src/core'

// Every type the protocol knows, a few legacy aliases, and some it does not.
const TYPES = [...AGENT_EVENT_TYPES, 'text_block_delta', 'TOOL_RESULT_DELTA', 'NOT_A_TYPE', '', '__proto__']

// Few ids, so that events collide on blocks, tool calls and replies the way a confused server's would.
const id = fc.constantFrom('a', 'b', 'c', '', '__proto__', 'constructor', 'toString', '\u0000', 'x'.repeat(300))
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf')
const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), id)
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), hostileKey), tie('value'), { maxKeys: 4 }),
})).value

const field = <T>(value: fc.Arbitrary<T>) => fc.option(fc.oneof(value, json), { nil: undefined, freq: 3 })
const eventShape = fc.record(
  {
    type: fc.constantFrom(...TYPES),
    id: field(fc.oneof(id, fc.uuid())),
    replyId: field(id),
    blockId: field(id),
    toolCallId: field(id),
    toolCallName: field(fc.constantFrom('bash', '__fragment__', 'spawn_agent')),
    source: field(fc.constantFrom('main/researcher', 'main/coder', '')),
    delta: field(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('{"a":'), fc.constant('\ud83d'))),
    createdAt: field(fc.constantFrom('2026-05-14T17:12:44.610Z', 'not a date', '')),
    state: field(fc.constantFrom('success', 'error', 'denied', 'running', 'bogus')),
    toolCalls: field(fc.array(fc.record({ id, name: fc.string({ maxLength: 5 }), input: json }), { maxLength: 3 })),
    confirmResults: field(json),
    toolResults: field(json),
    data: field(json),
    metadata: field(json),
    result: field(json),
    usage: field(json),
    generateReason: field(fc.constantFrom('MODEL_STOP', 'PERMISSION_ASKING', 'TOOL_SUSPENDED', 'weird')),
  },
  { requiredKeys: ['type'] },
)
// Not only objects: a transport hands over whatever JSON.parse gave it.
const wireValue = fc.oneof({ arbitrary: eventShape, weight: 8 }, { arbitrary: json, weight: 1 })

function apply(state: AgentState, value: unknown): AgentState {
  const parsed = parseAgentEvent(value)
  return parsed.ok ? reduce(state, parsed.event) : state
}

describe('fuzzed events (#11)', () => {
  it('never throws, never pollutes prototypes, and always leaves a state that snapshots to plain JSON', () => {
    fc.assert(
      fc.property(fc.array(wireValue, { maxLength: 60 }), (values) => {
        let state = createAgentState()
        for (const value of values) {
          const parsed = parseAgentEvent(value)
          if (!parsed.ok) expect(parsed.error.code).toBe('invalid-event')
          state = apply(state, value)
        }
        const snapshot = toSnapshot(endStream(state))
        expect(JSON.parse(JSON.stringify(snapshot))).toEqual(JSON.parse(JSON.stringify(snapshot)))
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        expect(Object.getPrototypeOf({})).toBe(Object.prototype)
      }),
      { numRuns: 300 },
    )
  })

  it('is idempotent: applying every event a second time changes nothing', () => {
    fc.assert(
      fc.property(fc.array(eventShape, { maxLength: 40 }), (shapes) => {
        const values = shapes.map((shape, index) => ({ ...shape, id: `event-${index}` }))
        let state = createAgentState()
        for (const value of values) state = apply(state, value)
        let again = state
        for (const value of values) again = apply(again, value)
        expect(again).toBe(state)
      }),
      { numRuns: 150 },
    )
  })

  it('replays the same events to the same snapshot, whatever state was branched from on the way', () => {
    fc.assert(
      fc.property(fc.array(eventShape, { maxLength: 40 }), fc.nat(40), (shapes, branchAt) => {
        const values = shapes.map((shape, index) => ({ ...shape, id: `event-${index}` }))
        let state = createAgentState()
        values.forEach((value, index) => {
          // A side branch from an intermediate state must not disturb the main line (shared indexes, seen ids).
          if (index === branchAt) for (const other of values.slice(0, 5)) apply(state, { ...other, id: `side-${index}` })
          state = apply(state, value)
        })
        expect(toSnapshot(endStream(state))).toEqual(replayEvents(values))
      }),
      { numRuns: 150 },
    )
  })
})
