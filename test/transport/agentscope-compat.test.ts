import { expect, it } from 'vitest'
import { withAgentScopeCompat } from '../../src/core'
import type { RunRequest } from '../../src/core'
import { event, start } from '../fixtures/script'

const confirm: RunRequest = {
  kind: 'confirm',
  confirmResults: [
    { confirmed: true, toolCall: { type: 'tool_use', id: 'c1', name: 'bash', input: {}, content: '{}', metadata: {}, state: 'asking' }, rules: null },
  ],
}

function deliver(request: RunRequest, values: readonly unknown[]): unknown[] {
  const received: unknown[] = []
  const handlers = withAgentScopeCompat(
    request,
    { requestReplyId: 'R-ask' },
    { signal: new AbortController().signal, onEvent: (value) => received.push(value) },
  )
  for (const value of values) handlers.onEvent(value)
  return received
}

it('supplies the echo AgentScope 2.0.0 leaves out, dated like the AGENT_START it follows (#12)', () => {
  const opening = start('R1', { createdAt: '2026-05-14T09:12:09Z' })
  const next = event('MODEL_CALL_START', { replyId: 'M2' })
  const received = deliver(confirm, [opening, next])
  expect(received).toEqual([
    opening,
    { type: 'USER_CONFIRM_RESULT', createdAt: '2026-05-14T09:12:09Z', replyId: 'R-ask', confirmResults: confirm.confirmResults },
    next,
  ])
})

it('passes the events through when the server echoes the answer itself (2.0.1)', () => {
  const values = [start('R1'), event('USER_CONFIRM_RESULT', { replyId: 'R-ask', confirmResults: confirm.confirmResults }), event('MODEL_CALL_START')]
  expect(deliver(confirm, values)).toEqual(values)
})

it('leaves a run that carries a message alone', () => {
  const values = [start('R1'), event('MODEL_CALL_START')]
  expect(deliver({ kind: 'message', messages: [] }, values)).toEqual(values)
})

it("delivers the answer once when the server's own echo comes after another event", () => {
  const opening = start('R1')
  const custom = event('CUSTOM', { name: 'progress', value: {} })
  const echo = event('USER_CONFIRM_RESULT', { replyId: 'R-ask', confirmResults: confirm.confirmResults })
  const next = event('MODEL_CALL_START', { replyId: 'M2' })
  const received = deliver(confirm, [opening, custom, echo, next])
  expect(received.filter((value) => (value as { type: string }).type === 'USER_CONFIRM_RESULT')).toHaveLength(1)
  expect(received.at(-1)).toBe(next)
})
