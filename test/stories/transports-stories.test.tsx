// @vitest-environment jsdom
// The Chat/Transports stories stream their recorded bodies through the real transports to a completed turn.
import { cleanup, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, expect, it } from 'vitest'
import * as stories from '../../stories/transports.stories'

afterEach(cleanup)

function show(story: { readonly render?: unknown }): void {
  const renderStory = story.render as (args: unknown, context: unknown) => ReactElement
  render(renderStory({}, { globals: {} }))
}

const statuses = () => [...document.querySelectorAll('.as-list-content > .as-turn')].map((node) => node.getAttribute('data-status'))
const transcript = () => document.querySelector('.as-list-content')?.textContent ?? ''
const ANSWER = "It's 18°C with light rain in Paris right now — bring an umbrella!"

for (const name of ['NativeBridge', 'AgUi', 'AgentProtocol'] as const) {
  it(`${name} streams the weather answer to a completed turn`, async () => {
    show(stories[name])
    await waitFor(() => expect(statuses()).toEqual(['completed']), { timeout: 15_000 })
    expect(transcript().split(ANSWER)).toHaveLength(2)
  }, 20_000)
}

it('AgentProtocolReconnect says reconnecting, then reconnected, and the answer completes once', async () => {
  show(stories.AgentProtocolReconnect)
  const notices: string[] = []
  await waitFor(
    () => {
      const notice = document.querySelector('.as-connection')?.textContent ?? ''
      if (notice !== '' && notices.at(-1) !== notice) notices.push(notice)
      expect(statuses()).toEqual(['completed'])
    },
    { timeout: 20_000, interval: 20 },
  )
  expect(notices).toEqual(['Connection lost: reconnecting…', 'Reconnected: nothing was lost.'])
  expect(transcript().split(ANSWER)).toHaveLength(2)
}, 25_000)
