import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { applyEvents, createAgentState, partialToolInput } from '../../src/core'
import type { AgentState, ToolUseEntry } from '../../src/core'

let serial = 0
const event = (type: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, replyId: 'M', toolCallId: 'c1', ...fields })
const apply = (state: AgentState, values: readonly unknown[]) => applyEvents(state, values, { endOfStream: false })
const callOf = (state: AgentState) => state.scopes['']!.turns[0]!.entries.find((entry): entry is ToolUseEntry => entry.kind === 'tool_use')!

it('lets go of the argument fragments once the call is done (they held 3 to 4 times the text)', async () => {
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void
  let state = apply(createAgentState(), [{ type: 'AGENT_START', id: 's', replyId: 'R' }, event('TOOL_CALL_START', { toolCallName: 'write' })])
  state = apply(state, [event('TOOL_CALL_DELTA', { delta: '{"text":"' })])
  const fragments: WeakRef<object>[] = []
  for (let index = 0; index < 50; index++) {
    state = apply(state, [event('TOOL_CALL_DELTA', { delta: 'words ' })])
    // what a card shows while the arguments stream: the partial parser of the call's lineage
    expect(partialToolInput(callOf(state))).toMatchObject({ text: expect.stringMatching(/^(words )+$/) })
    fragments.push(new WeakRef(callOf(state).argumentsTail as object))
  }
  state = apply(state, [event('TOOL_CALL_DELTA', { delta: '"}' }), event('TOOL_CALL_END', { toolCallName: 'write' })])
  // a WeakRef holds its target until the end of the task that made it
  await new Promise((resolve) => setTimeout(resolve, 0))
  collect()
  expect(fragments.filter((ref) => ref.deref() !== undefined)).toHaveLength(0)
  expect(callOf(state).block.input).toEqual({ text: 'words '.repeat(50) })
})

it('goes on from the whole text when a done call streams again (AgentScope 2.0.0 sends fragments after the END)', () => {
  let state = apply(createAgentState(), [
    { type: 'AGENT_START', id: 's', replyId: 'R' },
    event('TOOL_CALL_START', { toolCallName: 'read' }),
    event('TOOL_CALL_DELTA', { delta: '{"path":"a' }),
    event('TOOL_CALL_END', { toolCallName: 'read' }),
    event('TOOL_CALL_DELTA', { delta: '.txt", "line' }),
  ])
  expect(callOf(state).status).toBe('streaming')
  expect(partialToolInput(callOf(state))).toEqual({ path: 'a.txt', line: undefined })
  state = apply(state, [event('TOOL_CALL_DELTA', { delta: '": 3}' }), event('TOOL_CALL_END', { toolCallName: 'read' })])
  expect(callOf(state).block.input).toEqual({ path: 'a.txt', line: 3 })
})

it('applies an approval echoed with arguments nested too deeply to write back, and the denial beside it', () => {
  let deep: unknown = 1
  for (let depth = 0; depth < 20_000; depth++) deep = { a: deep }
  const call = (id: string, input: unknown) => ({ type: 'tool_use', id, name: 'bash', input, metadata: {}, state: 'asking' })
  let state = apply(createAgentState(), [
    { type: 'AGENT_START', id: 's', replyId: 'R' },
    { type: 'REQUIRE_USER_CONFIRM', id: 'ask', replyId: 'A', toolCalls: [call('deep', deep), call('other', {})] },
    { type: 'REQUEST_STOP', id: 'stop', generateReason: 'PERMISSION_ASKING' },
    { type: 'AGENT_END', id: 'end', replyId: 'R' },
  ])
  const errors: string[] = []
  const echo = {
    type: 'USER_CONFIRM_RESULT',
    id: 'echo',
    replyId: 'A',
    confirmResults: [
      { confirmed: true, toolCall: call('deep', deep), rules: null },
      { confirmed: false, toolCall: call('other', {}), rules: null },
    ],
  }
  state = applyEvents(state, [{ type: 'AGENT_START', id: 's2', replyId: 'R2' }, echo], {
    endOfStream: false,
    onError: (error) => errors.push(error.message),
  })
  expect(errors).toEqual([])
  const [first, second] = state.scopes['']!.turns
  expect(first!.entries.filter((entry) => entry.kind === 'tool_use').map((entry) => entry.kind === 'tool_use' && entry.block.state)).toEqual([
    'allowed',
    'asking',
  ])
  expect(second!.entries.map((entry) => entry.kind === 'tool_result' && [entry.block.id, entry.block.state])).toEqual([['other', 'denied']])
})
