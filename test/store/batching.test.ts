import { afterEach, expect, it } from 'vitest'
import { createSseTransport } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { frame, startHttpServer } from '../fixtures/http-server'
import { end, start, text, textStart } from '../fixtures/script'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

it('publishes at most once per frame, in ~8 ms slices when thousands of events arrive at once', async () => {
  const events = [start(), textStart(), ...Array.from({ length: 5_000 }, () => text('abcd')), end()]
  const server = await startHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(events.map(frame).join(''))
  })
  close = server.close
  const frames: (() => void)[] = []
  let clock = 0
  const store = createAgentStore({
    transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }),
    scheduleFrame: (callback) => {
      frames.push(callback)
      return () => frames.splice(frames.indexOf(callback), 1)
    },
    // Every read of the clock costs 1 ms, so a slice ends after 8 checks of 64 events.
    now: () => clock++,
  })
  const perFrame: number[] = []
  let updates = 0
  store.subscribe((state, previous) => {
    if (state.agent !== previous.agent) updates++
  })
  let finished = false
  const sending = store
    .getState()
    .send('go')
    .then(() => (finished = true))
  while (!finished) {
    await new Promise((resolve) => setTimeout(resolve, 2))
    const due = frames.splice(0)
    const before = updates
    for (const callback of due) callback()
    if (due.length > 0) perFrame.push(updates - before)
  }
  await sending
  const block = store.getState().agent.scopes['']!.turns[0]!.entries[0]!.block
  expect(block).toEqual({ type: 'text', text: 'abcd'.repeat(5_000) })
  expect(Math.max(...perFrame)).toBe(1)
  expect(perFrame.length).toBeGreaterThanOrEqual(9)
  expect(store.getState().status).toBe('done')
})
