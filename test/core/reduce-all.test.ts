import fc from 'fast-check'
import { expect, it } from 'vitest'
import { createAgentState, endStream, parseAgentEvent, reduce, toSnapshot } from '../../src/core'
import type { AgentEvent, AgentState } from '../../src/core'
import { reduceAll } from '../../src/core/reduce-all'

// reduceAll folds runs of deltas into one append; whatever the stream and however it is cut into frames, the
// outcome must be the one of reduce applied event by event.

// Runs of deltas into one block (what reduceAll folds), each delta with its own id (some repeated) and text.
const run = fc
  .tuple(
    fc.record(
      {
        type: fc.constantFrom('TEXT_BLOCK_DELTA', 'THINKING_BLOCK_DELTA', 'DATA_BLOCK_DELTA'),
        replyId: fc.constantFrom('M1', 'M2'),
        blockId: fc.constantFrom('a', 'b'),
        source: fc.constantFrom('sub', undefined),
        metadata: fc.constantFrom(undefined, undefined, { taskId: 't' }, { mediaType: 'image/png' }),
      },
      { requiredKeys: ['type', 'replyId', 'blockId'] },
    ),
    fc.array(fc.record({ id: fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', ''), delta: fc.constantFrom('', 'x', 'yz', '{"') }), {
      minLength: 1,
      maxLength: 8,
    }),
  )
  .map(([template, deltas]) => deltas.map((fields) => ({ ...template, ...fields })))
// Runs of text and data deltas, in any order, into one tool result
const resultRun = fc
  .tuple(
    fc.record(
      {
        toolCallId: fc.constantFrom('c1', 'c2'),
        replyId: fc.constantFrom('A1', 'A2'),
        source: fc.constantFrom('sub', undefined),
        // upstream's non-streaming tools put the result's metadata on every delta; a taskId names another scope
        metadata: fc.constantFrom(undefined, { toolName: 'read' }, { taskId: 't' }),
      },
      { requiredKeys: ['toolCallId', 'replyId'] },
    ),
    fc.array(
      fc.oneof(
        fc.record({
          type: fc.constant('TOOL_RESULT_TEXT_DELTA'),
          id: fc.constantFrom('r1', 'r2', 'r3', ''),
          delta: fc.constantFrom('', 'ok', ' more'),
        }),
        fc.record({
          type: fc.constant('TOOL_RESULT_DATA_DELTA'),
          id: fc.constantFrom('r4', 'r5', 'r1', ''),
          data: fc.constantFrom({ type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }, { type: 'text', text: 'as data' }),
        }),
      ),
      { minLength: 1, maxLength: 8 },
    ),
  )
  .map(([template, deltas]) => deltas.map((fields) => ({ ...template, ...fields })))
const other = fc.oneof(
  fc.record({
    type: fc.constantFrom('TOOL_RESULT_START', 'TOOL_RESULT_END'),
    id: fc.constantFrom('t1', 't2', 'r2'),
    replyId: fc.constantFrom('A1', 'A2'),
    toolCallId: fc.constantFrom('c1', 'c2'),
  }),
  fc.record({
    type: fc.constantFrom('TEXT_BLOCK_START', 'TEXT_BLOCK_END', 'THINKING_BLOCK_END'),
    id: fc.constantFrom('o1', 'o2', 'd1'),
    replyId: fc.constantFrom('M1', 'M2'),
    blockId: fc.constantFrom('a', 'b'),
  }),
  fc.record({ type: fc.constantFrom('AGENT_START', 'AGENT_END'), id: fc.constantFrom('s1', 's2', 's3'), replyId: fc.constantFrom('R1', 'R2') }),
  fc.record({ type: fc.constant('MODEL_CALL_START'), id: fc.constantFrom('m1', 'm2'), replyId: fc.constantFrom('M1', 'M2') }),
)
const stream = fc
  .array(fc.oneof({ weight: 3, arbitrary: run }, { weight: 2, arbitrary: resultRun }, { weight: 1, arbitrary: other.map((event) => [event]) }), {
    maxLength: 16,
  })
  .map((segments) => segments.flat())

function parsed(values: readonly unknown[]): AgentEvent[] {
  return values.flatMap((value) => {
    const result = parseAgentEvent(JSON.parse(JSON.stringify(value)))
    return result.ok ? [result.event] : []
  })
}

const comparable = (state: AgentState) => ({
  scopes: JSON.parse(JSON.stringify(state.scopes)) as unknown,
  seen: state.seenCount,
  snapshot: toSnapshot(endStream(state)),
})

it('gives the state of reduce applied event by event, for any stream cut into any frames', () => {
  fc.assert(
    fc.property(stream, fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }), (values, cuts) => {
      const events = parsed(values)
      let sequential = createAgentState()
      for (const event of events) sequential = reduce(sequential, event)
      let folded = createAgentState()
      let start = 0
      for (let cut = 0; start < events.length; cut++) {
        const end = Math.min(events.length, start + (cuts[cut % cuts.length] as number))
        folded = reduceAll(folded, events.slice(start, end))
        start = end
      }
      expect(comparable(folded)).toEqual(comparable(sequential))
      // Replayed, every event with an id is a duplicate: nothing changes.
      expect(
        reduceAll(
          folded,
          events.filter((event) => event.id),
        ),
      ).toBe(folded)
    }),
    { numRuns: 500 },
  )
})

it('keeps the rest of a run when one of its deltas cannot be applied, and names that delta', () => {
  // structuredClone of a data block nested deeper than the call stack goes throws: reduce skips that delta only
  let deep: Record<string, unknown> = { type: 'text', text: 'deep' }
  for (let depth = 0; depth < 20_000; depth++) deep = { type: 'nested', inner: deep }
  const text = (index: number) => ({ type: 'TOOL_RESULT_TEXT_DELTA', id: `x${index}`, replyId: 'A', toolCallId: 'c1', delta: `part${index} ` })
  const values = [
    { type: 'AGENT_START', id: 's', replyId: 'R' },
    { type: 'TOOL_RESULT_START', id: 'r', replyId: 'A', toolCallId: 'c1', toolCallName: 'read' },
    ...[1, 2, 3].map(text),
    { type: 'TOOL_RESULT_DATA_DELTA', id: 'bad', replyId: 'A', toolCallId: 'c1', data: deep },
    ...[4, 5].map(text),
  ]
  const events = values.map((value) => {
    const parsed = parseAgentEvent(value)
    if (!parsed.ok) throw parsed.error
    return parsed.event
  })
  const byOne: string[] = []
  const oneByOne = events.reduce((state: AgentState, event) => reduce(state, event, (error) => byOne.push(error.eventId ?? '')), createAgentState())
  const inRuns: string[] = []
  const folded = reduceAll(createAgentState(), events, (error) => inRuns.push(error.eventId ?? ''))
  expect(inRuns).toEqual(['bad'])
  expect(byOne).toEqual(['bad'])
  expect(toSnapshot(folded)).toEqual(toSnapshot(oneByOne))
  expect(JSON.stringify(toSnapshot(folded).messages)).toContain('part1 part2 part3 part4 part5 ')
})
