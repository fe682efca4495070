import fc from 'fast-check'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { createAgentState, parseAgentEvent, reduce, replayEvents } from '../../src/core'
import type { AgentEvent } from '../../src/core'
import { comparable } from '../fixtures/compare-snapshot'
import { loadFixtures } from '../fixtures/load-fixtures'

const fixtures = loadFixtures()
const fixtureIndex = fc.integer({ min: 0, max: fixtures.length - 1 })

// Wire-like values: right keys with wrong values, arbitrary JSON, deep nesting and huge strings.
const eventTypes = [
  'AGENT_START',
  'TEXT_BLOCK_DELTA',
  'TOOL_CALL_DELTA',
  'TOOL_RESULT_END',
  'REQUIRE_USER_CONFIRM',
  'USER_CONFIRM_RESULT',
  'EXTERNAL_EXECUTION_RESULT',
  'TOOL_RESULT_DATA_DELTA',
  'AGENT_RESULT',
  'MODEL_CALL_END',
  'DATA_BLOCK_DELTA',
  'CUSTOM',
  'SUBAGENT_EXPOSED',
  'REPLY_START',
  'HINT_BLOCK',
  'nope',
]
const fieldNames = [
  'id',
  'replyId',
  'blockId',
  'delta',
  'toolCallId',
  'toolCallName',
  'state',
  'toolCalls',
  'confirmResults',
  'toolResults',
  'data',
  'result',
  'usage',
  'source',
  'metadata',
  'name',
  'value',
  'subagentId',
]
const deep = fc.integer({ min: 1, max: 5_000 }).map((depth) => {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { nested: value }
  return value
})
const wireValue = fc.oneof(
  fc.jsonValue(),
  deep,
  fc.constant('x'.repeat(1_000_000)),
  fc
    .record({
      type: fc.constantFrom(...eventTypes),
      fields: fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(fc.jsonValue(), deep)),
    })
    .map(({ type, fields }) => ({ ...fields, type })),
)

describe('reduce (properties)', () => {
  it('gives the same snapshot when events with an id are re-sent anywhere later', () => {
    fc.assert(
      fc.property(fixtureIndex, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }), (index, resends) => {
        const { events, expected } = fixtures[index] as (typeof fixtures)[number]
        const stream = [...events]
        for (const [pick, place] of resends) {
          const original = events[pick % events.length]
          const at = stream.indexOf(original)
          stream.splice(at + 1 + (place % (stream.length - at)), 0, original)
        }
        const { ignoredEvents: _ignored, checkpoints: _checkpoints, ...rest } = expected
        expect(comparable(replayEvents(stream))).toEqual(comparable(rest))
      }),
      { numRuns: 200 },
    )
  })

  it('never throws on arbitrary wire values, and reduce never throws on whatever parses', () => {
    // Unparsed values handed to reduce on purpose make its handlers fail; each failure is reported (a dev console
    // error), which this test expects and keeps out of the output. What parses must apply without one.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => reported.mockRestore())
    const failures: string[] = []
    fc.assert(
      fc.property(fc.array(wireValue, { maxLength: 20 }), (values) => {
        let state = createAgentState()
        for (const value of values) {
          const parsed = parseAgentEvent(value)
          if (parsed.ok) state = reduce(state, parsed.event, (error) => failures.push(error.message))
          state = reduce(state, value as AgentEvent)
        }
        replayEvents(values)
      }),
      { numRuns: 150 },
    )
    expect(failures).toEqual([])
  })

  it('applies every valid event after a bad one', () => {
    fc.assert(
      fc.property(fixtureIndex, fc.array(fc.tuple(fc.nat(), wireValue), { maxLength: 8 }), (index, inserts) => {
        const { events, expected } = fixtures[index] as (typeof fixtures)[number]
        const stream: unknown[] = [...events]
        const invalid = inserts.filter(([, value]) => !parseAgentEvent(value).ok)
        for (const [place, value] of invalid) stream.splice(place % (stream.length + 1), 0, value)
        let errors = 0
        const snapshot = replayEvents(stream, { onError: () => errors++ })
        const { ignoredEvents: _ignored, checkpoints: _checkpoints, ...rest } = expected
        expect(errors).toBe(invalid.length)
        expect(comparable(snapshot)).toEqual(comparable(rest))
      }),
      { numRuns: 200 },
    )
  })
})
