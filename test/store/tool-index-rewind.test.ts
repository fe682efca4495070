import { expect, it } from 'vitest'
import { applyEvents, createAgentState, rewindEvent, userMessage, userMessageEvent } from '../../src/core'
import type { AgentState } from '../../src/core'
import type { AgentStoreState } from '../../src/store/agent-store-state'
import { selectToolCall } from '../../src/store/selectors'
import { end, resultEnd, resultStart, start, toolEnd, toolStart } from '../fixtures/script'

const asStore = (agent: AgentState) => ({ agent }) as unknown as AgentStoreState
const exchange = (words: string, replyId: string, toolCallId: string) => [
  userMessageEvent(userMessage(words)),
  start(replyId),
  toolStart(toolCallId, 'bash', `${replyId}m`),
  toolEnd(toolCallId, 'bash', `${replyId}m`),
  resultStart(toolCallId, replyId),
  resultEnd(toolCallId, 'success', replyId),
  end(replyId),
]

// The store's tool index follows a scope's revisions; a rewind takes turns out, and time travel goes back to them.
it('finds no call of a rewound exchange, and finds it again in an older revision', () => {
  const both = applyEvents(createAgentState(), [...exchange('one', 'R1', 'c1'), ...exchange('two', 'R2', 'c2')])
  expect(selectToolCall(asStore(both), 'c2')?.result?.block.state).toBe('success')
  const rewound = applyEvents(both, [rewindEvent(1, 'rewind-1')])
  expect(selectToolCall(asStore(rewound), 'c2')).toBeUndefined()
  expect(selectToolCall(asStore(rewound), 'c1')?.call.block.id).toBe('c1')
  expect(selectToolCall(asStore(both), 'c2')?.call.block.id).toBe('c2')
  const again = applyEvents(rewound, exchange('two again', 'R3', 'c3'))
  expect(selectToolCall(asStore(again), 'c2')).toBeUndefined()
  expect(selectToolCall(asStore(again), 'c3')?.result?.block.state).toBe('success')
})
