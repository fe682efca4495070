import { expect, it } from 'vitest'
import { applyEvents, createAgentState, toSnapshot } from '../../src/core'
import type { ToolUseEntry } from '../../src/core'

// Some providers number tool calls per reply, so every turn has a `call_0`: a call streams into its own turn.
let serial = 0
const event = (type: string, replyId: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, replyId, ...fields })
const turnWithCall = (turn: number, path: string, withEnd = true) => [
  event('AGENT_START', `R${turn}`),
  event('MODEL_CALL_START', `M${turn}`),
  event('TOOL_CALL_START', `M${turn}`, { toolCallId: 'call_0', toolCallName: 'read_file' }),
  event('TOOL_CALL_DELTA', `M${turn}`, { toolCallId: 'call_0', toolCallName: '__fragment__', delta: JSON.stringify({ path }) }),
  ...(withEnd ? [event('TOOL_CALL_END', `M${turn}`, { toolCallId: 'call_0', toolCallName: 'read_file' })] : []),
  event('MODEL_CALL_END', `M${turn}`),
  event('TOOL_RESULT_START', `A${turn}`, { toolCallId: 'call_0', toolCallName: 'read_file' }),
  event('TOOL_RESULT_TEXT_DELTA', `A${turn}`, { toolCallId: 'call_0', delta: `contents of ${path}` }),
  event('TOOL_RESULT_END', `A${turn}`, { toolCallId: 'call_0', state: 'success' }),
  event('AGENT_END', `R${turn}`),
]

it('a tool call id used again in a later turn is a new call there, and the earlier one is left as it was', () => {
  const state = applyEvents(createAgentState(), [...turnWithCall(1, 'a.txt'), ...turnWithCall(2, 'b.txt', false)])
  const turns = state.scopes['']!.turns
  const calls = turns.map((turn) => turn.entries.filter((entry): entry is ToolUseEntry => entry.kind === 'tool_use'))
  expect(calls.map((list) => list.map((call) => [call.block.input, call.status]))).toEqual([
    [[{ path: 'a.txt' }, 'done']],
    [[{ path: 'b.txt' }, 'done']],
  ])
  const messages = toSnapshot(state).messages.filter((message) => message.role === 'ASSISTANT')
  expect(messages.map((message) => message.content.map((block) => block.type))).toEqual([
    ['tool_use', 'tool_result'],
    ['tool_use', 'tool_result'],
  ])
})
