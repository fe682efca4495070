// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { MessageList } from '../../src/components/message-list'
import { AgentProvider } from '../../src/react/agent-provider'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, event, start, text, textEnd, textStart } from '../fixtures/script'

afterEach(cleanup)

// Below the turn's own windowing (see windowed-turn.test.tsx), so every block is mounted.
const BLOCKS = 50

// Every subscription runs its selector at every published frame: a long turn's cost per frame is its blocks times
// what each of them watches. A text block watches itself, and nothing else (#11: per frame, O(what changed) is the goal).
it(`subscribes a turn of ${BLOCKS} text blocks about once per block`, async () => {
  const events: unknown[] = [start()]
  for (let index = 0; index < BLOCKS; index++) {
    events.push(
      event('MODEL_CALL_START', { replyId: `M${index}` }),
      textStart(`M${index}`),
      text(`block ${index}`, `M${index}`),
      textEnd(`M${index}`),
    )
    events.push(event('MODEL_CALL_END', { replyId: `M${index}` }))
  }
  events.push(end())
  const store = storeFromEvents(events, { endOfStream: true })
  const subscribe = vi.spyOn(store, 'subscribe')
  render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
  await screen.findByText(`block ${BLOCKS - 1}`)
  const active = subscribe.mock.results.length
  // one per block, and a few for the list and the turn; two per block before
  expect(active).toBeGreaterThanOrEqual(BLOCKS)
  expect(active).toBeLessThan(BLOCKS * 1.25)
})
