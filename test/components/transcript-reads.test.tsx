// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { applyEvents } from '../../src/core'
import { PersistentVector } from '../../src/core/persistent-vector'
import { AgentChat } from '../../src/components/agent-chat'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, event, start, text, textStart } from '../fixtures/script'

afterEach(cleanup)

const TURNS = 3_000

// #11: what a frame of a streaming turn costs must not grow with the turns before it. Listing the transcript's turns
// as an array (PersistentVector.toArray, O(turns)) is what made it grow: the usage sum, the live announcer and the
// turn summaries each did, once per frame.
it(`streams a turn after ${TURNS.toLocaleString('en')} loaded turns without listing them at any frame`, async () => {
  const events: unknown[] = []
  for (let index = 0; index < TURNS; index++) {
    const usage = { inputTokens: 3, outputTokens: 2, cachedTokens: 0, time: 0.5, totalTokens: 5 }
    events.push(start(`R${index}`), text(`answer ${index}`, `M${index}`), event('MODEL_CALL_END', { replyId: `M${index}`, usage }), end(`R${index}`))
  }
  events.push(start('LIVE'), textStart('LIVE-M'), text('streaming', 'LIVE-M'))
  const store = storeFromEvents(events)
  render(<AgentChat store={store} />)
  await screen.findByText('streaming')
  const toArray = vi.spyOn(PersistentVector.prototype, 'toArray')
  try {
    for (let frame = 0; frame < 20; frame++) {
      act(() => store.setState({ agent: applyEvents(store.getState().agent, [text(` word${frame}`, 'LIVE-M')], { endOfStream: false }) }))
    }
    await screen.findByText(/word19/)
    const listed = toArray.mock.contexts.filter((vector) => (vector as PersistentVector<unknown>).size >= TURNS)
    expect(listed).toHaveLength(0)
  } finally {
    toArray.mockRestore()
  }
})
