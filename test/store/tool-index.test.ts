import { expect, it } from 'vitest'
import { applyEvents, createAgentState, parseAgentEvent, reduce } from '../../src/core'
import type { AgentState, Scope, ToolResultEntry, ToolUseEntry } from '../../src/core'
import { selectToolCall } from '../../src/store/selectors'
import type { AgentStoreState } from '../../src/store/agent-store-state'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, resultEnd, resultStart, resultText, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

// The join as it was computed before it became incremental: every turn of the scope, every time.
function reference(scope: Scope, id: string) {
  let call: { entry: ToolUseEntry; turn: number } | undefined
  let result: { entry: ToolResultEntry; turn: number } | undefined
  scope.turns.forEach((turn, index) => {
    for (const entry of turn.entries) {
      if (entry.kind === 'tool_use' && entry.block.id === id && call === undefined) call = { entry, turn: index }
      else if (entry.kind === 'tool_result' && entry.block.id === id) result = { entry, turn: index }
    }
  })
  if (call === undefined) return undefined
  const openTurn = scope.open ? scope.turns.length - 1 : -1
  const approved = call.entry.block.state === 'allowed' && result === undefined && scope.open
  return { call: call.entry, result: result?.entry, active: call.turn === openTurn || result?.turn === openTurn || approved }
}

function toolIds(state: AgentState): [string, string][] {
  const ids: [string, string][] = []
  for (const scope of Object.values(state.scopes)) {
    for (const turn of scope.turns)
      for (const entry of turn.entries) if (entry.kind === 'tool_use' || entry.kind === 'tool_result') ids.push([scope.key, entry.block.id])
  }
  return ids
}

const asStore = (agent: AgentState) => ({ agent }) as unknown as AgentStoreState

it('joins tool calls and results like a full scan, after every event of every fixture (#11)', () => {
  for (const fixture of loadFixtures()) {
    let state = createAgentState()
    for (const value of fixture.events) {
      const parsed = parseAgentEvent(value)
      if (!parsed.ok) continue
      state = reduce(state, parsed.event)
      for (const [scopeKey, id] of toolIds(state)) {
        expect(selectToolCall(asStore(state), id, scopeKey), `${fixture.name} ${id}`).toEqual(reference(state.scopes[scopeKey]!, id))
      }
    }
  }
})

it('keeps the joined object of a call nothing touched while another turn streams, and answers an older revision afresh', () => {
  const first = applyEvents(createAgentState(), [start('R1'), toolStart('c1'), toolEnd('c1'), resultStart('c1'), resultEnd('c1'), end('R1')])
  const before = selectToolCall(asStore(first), 'c1')
  let state = applyEvents(first, [start('R2'), toolStart('c2')], { endOfStream: false })
  const during = selectToolCall(asStore(state), 'c1')
  state = applyEvents(state, [toolDelta('c2', '{"a":1}'), toolEnd('c2'), resultStart('c2'), resultText('c2', 'ok')], { endOfStream: false })
  expect(selectToolCall(asStore(state), 'c1')).toBe(during)
  expect(selectToolCall(asStore(state), 'c2')).toEqual(reference(state.scopes['']!, 'c2'))
  // the first revision's index moved on; asked again, it is rebuilt, and right
  expect(selectToolCall(asStore(first), 'c1')).toEqual(before)
  expect(selectToolCall(asStore(first), 'c2')).toBeUndefined()
})
