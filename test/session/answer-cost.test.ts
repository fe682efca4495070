import { expect, it } from 'vitest'
import type { AgentTransport } from '../../src/core'
import { createAgentSession } from '../../src/session/create-agent-session'
import { medianTimeRatio } from '../fixtures/cost-ratio'

// Answering every call of a request costs O(calls): each answer looked its call up among all of them (32,000
// approvals at once took 2.1 to 2.7 s).
const microtaskFrames = (callback: () => void) => (queueMicrotask(callback), () => {})

async function waitingOn(calls: number) {
  const toolCalls = Array.from({ length: calls }, (_, index) => ({
    type: 'tool_use',
    id: `c${index}`,
    name: 'bash',
    input: { command: `echo ${index}` },
    content: '',
    metadata: {},
    state: 'asking',
  }))
  const transport: AgentTransport = {
    async run(request, handlers) {
      handlers.onOpen?.()
      if (request.kind !== 'message') return 'ended'
      handlers.onEvent({ type: 'AGENT_START', id: 's', replyId: 'R' })
      handlers.onEvent({ type: 'REQUIRE_USER_CONFIRM', id: 'ask', replyId: 'A', toolCalls })
      handlers.onEvent({ type: 'REQUEST_STOP', id: 'stop', generateReason: 'PERMISSION_ASKING' })
      handlers.onEvent({ type: 'AGENT_END', id: 'e', replyId: 'R' })
      return 'ended'
    },
    interrupt: async () => {},
  }
  const session = createAgentSession({ transport, scheduleFrame: microtaskFrames })
  await session.send('clean up')
  expect(session.getState().agent.pendingConfirmation?.toolCalls).toHaveLength(calls)
  return session
}

it('approves 8,000 waiting calls at once for 8 times what 1,000 cost', async () => {
  const RUNS = 5
  // a fresh session per timing (one answered waits no longer); the answer's own work is synchronous up to the request
  const small = await Promise.all(Array.from({ length: RUNS + 1 }, () => waitingOn(1_000)))
  const large = await Promise.all(Array.from({ length: RUNS + 1 }, () => waitingOn(8_000)))
  const answering: Promise<void>[] = []
  const approveAll = (sessions: Awaited<ReturnType<typeof waitingOn>>[]) => () => {
    const session = sessions.pop()!
    const calls = session.getState().agent.pendingConfirmation!.toolCalls
    answering.push(session.confirm(calls.map((call) => ({ toolCallId: call.id, approved: true }))))
  }
  const ratio = medianTimeRatio(approveAll(small), approveAll(large), RUNS) / 8
  await Promise.all(answering)
  expect(ratio).toBeLessThan(3)
})
