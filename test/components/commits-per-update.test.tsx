// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import type { AgentStoreState } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, start, text, textStart } from '../fixtures/script'

afterEach(cleanup)

// The store publishes once per frame; each publish must be one React commit, or the chat renders twice in a frame
// (#11: ≤ 1 commit per frame). An effect or a ref callback that sets state after a commit makes a second one.
function chatOf(events: readonly unknown[]) {
  const store = storeFromEvents(events)
  let commits = 0
  render(
    <Profiler id="chat" onRender={() => void (commits += 1)}>
      <AgentChat store={store} />
    </Profiler>,
  )
  return {
    /** The commits `update` of the store's state causes. */
    commitsOf(update: Partial<AgentStoreState>): number {
      commits = 0
      act(() => store.setState(update))
      return commits
    },
  }
}

it('commits a new turn once', () => {
  const first = [start('R0'), textStart('M0'), text('first', 'M0'), end('R0')]
  const chat = chatOf(first)
  const next = storeFromEvents([...first, start('R1'), textStart('M1'), text('second', 'M1')]).getState()
  expect(chat.commitsOf({ agent: next.agent, transcript: next.transcript, status: 'streaming' })).toBe(1)
})

it('commits the end of a run once', () => {
  const events = [start('R0'), textStart('M0'), text('an answer', 'M0')]
  const chat = chatOf(events)
  const ended = storeFromEvents([...events, end('R0')], { endOfStream: true }).getState()
  expect(chat.commitsOf({ agent: ended.agent, status: 'done' })).toBe(1)
})
