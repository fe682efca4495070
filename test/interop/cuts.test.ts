/**
 * Agent Protocol against AgentScope 2.0.2's own replay buffer (`AgentProtocolTaskEventBus`, `Last-Event-ID` /
 * `from_seq`): a long task's event stream cut 50 times at seeded byte offsets by a
 * proxy ends in the same state as the uncut run (the essay is ASCII: cuts inside a UTF-8 character are covered by
 * test/transport/chaos.test.ts against the scripted imitation), with one POST for the one user action and no event twice.
 *
 * The cuts stay in the first 85% of the stream and of the task's time: 2.0.2 drops a task's channel once the task ends, so a
 * connection cut after the final frames and reopened finds nothing (the transport's watchdog then reads the task
 * snapshot and reports the end as incomplete — measured, not hidden: see the README's transport table).
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createAgentProtocolTransport, userMessage } from '../../src/core'
import type { RunRequest } from '../../src/core'
import { createSeededRandom } from '../../src/testing/seeded-random'
import { startChaosProxy, type ChaosProxy } from '../fixtures/chaos-proxy'
import { converse, shapeOf, snapshotOf } from '../transport/protocol-shape'

const url = new URL(inject('agentscopeUrl'))
const proxies: ChaosProxy[] = []
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()))
})

const longAnswer: RunRequest = { kind: 'message', messages: [userMessage('Give me a long answer')] }
const reconnect = { maxAttempts: 8, baseDelayMs: 1, maxDelayMs: 8 }
const isEvents = (requestLine: string) => /^GET \S+\/events/.test(requestLine)

async function proxy(cutAfter: Parameters<typeof startChaosProxy>[0]['cutAfter']): Promise<ChaosProxy> {
  const started = await startChaosProxy({ targetPort: Number(url.port), cutAfter })
  proxies.push(started)
  return started
}

describe('Agent Protocol cut 50 times against the real replay buffer', () => {
  it('ends in the state of the uncut run, with one POST and no event twice', async () => {
    const uncut = await proxy(() => null)
    const session = () => `cuts-${globalThis.crypto.randomUUID().slice(0, 8)}`
    const started = Date.now()
    const reference = await converse(
      createAgentProtocolTransport({ url: `http://127.0.0.1:${uncut.port}/api`, agentId: 'assistant', sessionId: session() }),
      [longAnswer],
    )
    expect(reference.errors).toEqual([])
    const duration = Date.now() - started
    const total = uncut.bytes.filter((_, index) => isEvents(uncut.requests[index] ?? '')).reduce((sum, size) => sum + size, 0)

    const random = createSeededRandom(0x2002)
    let planned = 0
    let cutStarted = 0
    const cut = await proxy((connection) => {
      if (!isEvents(connection.requestLine) || planned >= 50) return null
      // only in the first 85% of the stream and of the task's time: a cut after its end would find the channel gone
      const delivered = cut.bytes.reduce((sum, size, index) => sum + (isEvents(cut.requests[index] ?? '') ? size : 0), 0)
      if (delivered > 0.85 * total || (cutStarted !== 0 && Date.now() - cutStarted > 0.85 * duration)) return null
      cutStarted ||= Date.now()
      planned += 1
      // past the response headers (~200 bytes) and about one frame (~600 bytes)
      return { afterBytes: 800 + Math.floor(random() * 400) }
    })
    const transport = createAgentProtocolTransport({ url: `http://127.0.0.1:${cut.port}/api`, agentId: 'assistant', sessionId: session(), reconnect })
    const survived = await converse(transport, [longAnswer])

    expect(survived.errors).toEqual([])
    expect(survived.ends).toEqual(['ended'])
    expect(cut.cuts.total).toBe(50)
    expect(cut.requests.filter((line) => line.startsWith('POST'))).toHaveLength(1)
    const ids = survived.events.map((event) => (event as { id?: string }).id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(survived.events).toHaveLength(reference.events.length)
    expect(shapeOf(snapshotOf(survived))).toEqual(shapeOf(snapshotOf(reference)))
    console.info(
      `[cuts] Agent Protocol on AgentScope 2.0.2: ${cut.cuts.total} cuts over a ${total}-byte stream, ${cut.requests.length} requests, ${transport.duplicateFrames} replayed frames dropped by seq`,
    )
  }, 120_000)
})
