import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentStreamError, createReplayTransport, userMessage } from '../../src/core'
import type { RunHandlers, RunRequest } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { INTERRUPTED_REPLY } from '../../src/testing'
import type { RecordedScript } from '../../stories/support/recorded-script'

type WireEvent = Record<string, unknown> & { readonly type: string }

const script = (name: string) => JSON.parse(readFileSync(new URL(`../../stories/scripts/${name}.json`, import.meta.url), 'utf8')) as RecordedScript
const plain = script('plain-text')
const confirmation = script('confirmation')
const longRunning = script('long-running')
const crash = script('error-midway')
const interrupted = script('interrupted')

const message: RunRequest = { kind: 'message', messages: [userMessage('hello')] }
const types = (events: readonly unknown[]) => events.map((event) => (event as WireEvent).type)

function collect(controller = new AbortController()) {
  const events: WireEvent[] = []
  const opened = vi.fn()
  const handlers: RunHandlers = { signal: controller.signal, onOpen: opened, onEvent: (value) => events.push(value as WireEvent) }
  return { events, opened, handlers, controller }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createReplayTransport', () => {
  it('plays the recorded call through onEvent and resolves ended after AGENT_END', async () => {
    const transport = createReplayTransport({ calls: plain.calls, pace: 'instant' })
    const { events, opened, handlers } = collect()
    await expect(transport.run(message, handlers)).resolves.toBe('ended')
    expect(opened).toHaveBeenCalledOnce()
    expect(events).toEqual(plain.calls[0])
  })

  it('plays the n-th call for the n-th run and keeps every request', async () => {
    const transport = createReplayTransport({ calls: confirmation.calls, pace: 'instant' })
    const first = collect()
    const second = collect()
    await transport.run(message, first.handlers)
    await transport.run({ kind: 'confirm', confirmResults: [] }, second.handlers)
    expect(first.events).toEqual(confirmation.calls[0])
    expect(second.events).toEqual(confirmation.calls[1])
    expect(transport.requests.map((request) => request.kind)).toEqual(['message', 'confirm'])
  })

  it('rejects a run beyond the recorded calls', async () => {
    const transport = createReplayTransport({ calls: plain.calls, pace: 'instant' })
    await transport.run(message, collect().handlers)
    await expect(transport.run(message, collect().handlers)).rejects.toThrow(/no recorded call #2/)
    expect(transport.requests).toHaveLength(2)
  })

  it('waits deltaMs before each burst of events', async () => {
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls: plain.calls, pace: { deltaMs: 40, burst: 3 } })
    const { events, handlers } = collect()
    const done = transport.run(message, handlers)
    await vi.advanceTimersByTimeAsync(39)
    expect(events).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(events).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(40)
    expect(events).toHaveLength(6)
    await vi.runAllTimersAsync()
    await expect(done).resolves.toBe('ended')
  })

  it('stops emitting and resolves aborted when the signal aborts', async () => {
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls: plain.calls, pace: { deltaMs: 10 } })
    const { events, handlers, controller } = collect()
    const done = transport.run(message, handlers)
    await vi.advanceTimersByTimeAsync(30)
    controller.abort()
    await expect(done).resolves.toBe('aborted')
    await vi.runAllTimersAsync()
    expect(events).toHaveLength(3)
  })

  it('rejects with incomplete-stream when the script ends before AGENT_END, like the SSE transport', async () => {
    const transport = createReplayTransport({ calls: crash.calls, pace: 'instant' })
    const { events, handlers } = collect()
    const error = await transport.run(message, handlers).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AgentStreamError)
    expect((error as AgentStreamError).code).toBe('incomplete-stream')
    expect(events).toEqual(crash.calls[0])
  })

  it('holds a script cut short open until it is aborted', async () => {
    const calls = [plain.calls[0]!.slice(0, 5)]
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls, pace: 'instant', holdOpen: true })
    const { events, handlers, controller } = collect()
    const done = transport.run(message, handlers)
    // a minute on the fake clock: far past the last event, and the run is still held open
    await vi.advanceTimersByTimeAsync(60_000)
    expect(events).toHaveLength(5)
    controller.abort()
    await expect(done).resolves.toBe('aborted')
  })

  it('ends an interrupted run as the scripted server does: open results interrupted, the canned reply, AGENT_END', async () => {
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls: longRunning.calls, pace: { deltaMs: 10 } })
    const { events, handlers } = collect()
    const done = transport.run(message, handlers)
    // up to the third line of test output
    const stopAt = longRunning.calls[0]!.findIndex(
      (event, index, all) => all.slice(0, index + 1).filter((candidate) => (candidate as WireEvent).type === 'TOOL_RESULT_TEXT_DELTA').length === 3,
    )
    await vi.advanceTimersByTimeAsync((stopAt + 1) * 10)
    expect(events).toHaveLength(stopAt + 1)
    await transport.interrupt()
    await vi.runAllTimersAsync()
    await expect(done).resolves.toBe('ended')

    const ending = events.slice(stopAt + 1)
    // The same tail the server wrote when it was interrupted for real (stories/scripts/interrupted.json).
    expect(types(ending)).toEqual(types(interrupted.calls[0]!.slice(interrupted.interruptedAfter! + 1)))
    const [resultEnd, agentResult, agentEnd] = ending
    const start = events[0]!
    const toolResultStart = events.find((event) => event.type === 'TOOL_RESULT_START')!
    expect(resultEnd).toMatchObject({ toolCallId: toolResultStart.toolCallId, replyId: toolResultStart.replyId, state: 'interrupted' })
    expect(agentResult).toMatchObject({
      result: {
        role: 'ASSISTANT',
        name: start.name,
        content: [{ type: 'text', text: INTERRUPTED_REPLY }],
        metadata: { agentscope_generate_reason: 'INTERRUPTED' },
        usage: null,
      },
    })
    expect(agentEnd).toMatchObject({ replyId: start.replyId })
    expect(ending.every((event) => /^[0-9a-f]{32}$/.test(String(event.id)) && typeof event.createdAt === 'string')).toBe(true)
  })

  it('interrupts a run held open', async () => {
    const calls = [longRunning.calls[0]!.slice(0, 20)]
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls, pace: 'instant', holdOpen: true })
    const { events, handlers } = collect()
    const done = transport.run(message, handlers)
    await vi.advanceTimersByTimeAsync(10)
    expect(events).toHaveLength(20)
    await transport.interrupt()
    await expect(done).resolves.toBe('ended')
    expect(types(events.slice(20))).toEqual(['TOOL_RESULT_END', 'AGENT_RESULT', 'AGENT_END'])
  })

  it('dates the interrupted ending on the recording clock, so a stopped tool keeps a sensible duration', async () => {
    const calls = [longRunning.calls[0]!.slice(0, 20)]
    vi.useFakeTimers()
    const transport = createReplayTransport({ calls, pace: 'instant', holdOpen: true })
    const { events, handlers } = collect()
    const done = transport.run(message, handlers)
    await vi.advanceTimersByTimeAsync(30)
    await transport.interrupt()
    await done
    const lastRecorded = Date.parse(String((calls[0]!.at(-1) as WireEvent).createdAt))
    const endedAt = Date.parse(String(events.at(-1)!.createdAt))
    // the ending is dated 30 ms (on the fake clock) after the last recorded event, as long as the run was held
    expect(endedAt - lastRecorded).toBe(30)
  })

  it('stamps events with the time they are played when asked to retime, and leaves them as recorded otherwise', async () => {
    // a fixed clock (only Date is faked; the replay's timers stay real), so the stamp is exact, not "after the start"
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-04T05:06:07.089Z'))
    const retimed = collect()
    await createReplayTransport({ calls: plain.calls, pace: 'instant', retime: true }).run(message, retimed.handlers)
    vi.useRealTimers()
    expect(retimed.events.map((event) => event.createdAt)).toEqual(plain.calls[0]!.map(() => '2026-03-04T05:06:07.089Z'))
    expect(retimed.events.map(({ createdAt: _createdAt, ...rest }) => rest)).toEqual(
      plain.calls[0]!.map((event) => {
        const { createdAt: _createdAt, ...rest } = event as WireEvent
        return rest
      }),
    )
    const raw = collect()
    await createReplayTransport({ calls: plain.calls, pace: 'instant' }).run(message, raw.handlers)
    expect(raw.events[0]).toBe(plain.calls[0]![0])
  })

  it('ignores an interrupt once the run is finishing or over', async () => {
    const transport = createReplayTransport({ calls: plain.calls, pace: 'instant' })
    const { events, handlers } = collect()
    await transport.run(message, handlers)
    await transport.interrupt()
    expect(events).toEqual(plain.calls[0])
  })

  it('drives a real store through a confirmation round trip', async () => {
    const transport = createReplayTransport({ calls: confirmation.calls, pace: 'instant' })
    const store = createAgentStore({ transport, scheduleFrame: (callback) => (queueMicrotask(callback), () => {}) })
    await store.getState().send('Please clean up the build output and the temporary logs')
    expect(store.getState().status).toBe('awaiting-confirmation')
    const request = confirmation.requests[1]
    if (request?.kind !== 'confirm') throw new Error('The confirmation script has no recorded answer')
    await store.getState().confirm(request.decisions)
    expect(store.getState().status).toBe('done')
    expect(store.getState().agent.pendingConfirmation).toBeNull()
    expect(transport.requests.map((sent) => sent.kind)).toEqual(['message', 'confirm'])
  })

  it('uses no Node API, so it runs in the browser', () => {
    const source = readFileSync(new URL('../../src/transport/replay-transport.ts', import.meta.url), 'utf8')
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1])
    expect(imports).toEqual(['../core/errors', './agent-transport', './stream-endings'])
    expect(source).not.toMatch(/\b(process|Buffer|setImmediate|require)\b/)
  })
})
