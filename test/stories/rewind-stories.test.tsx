// @vitest-environment jsdom
// The AfterRetry and AfterEditAndResend stories (#13): the replaced exchange is gone, the new one streamed in its place.
import { cleanup, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, expect, it } from 'vitest'
import * as stories from '../../stories/agent-chat.stories'
import { recordedScript } from '../../stories/support/scripts'

afterEach(cleanup)

function show(story: { readonly render?: unknown }): void {
  const renderStory = story.render as (args: unknown, context: unknown) => ReactElement
  render(renderStory({}, { globals: {} }))
}

const statuses = () => [...document.querySelectorAll('.as-list-content > .as-turn')].map((node) => node.getAttribute('data-status'))
const userTexts = () => [...document.querySelectorAll('.as-list-content .as-user-text')].map((node) => node.textContent)
const transcript = () => document.querySelector('.as-list-content')?.textContent ?? ''
const lanes = () => [...document.querySelectorAll('.as-lane')]
const occurrences = (text: string, part: string) => text.split(part).length - 1
const requestText = (name: string) => (recordedScript(name).requests[0] as { text: string }).text

it('AfterRetry shows each exchange once, the retried answer complete, and each run of the reused subagent under its own call', async () => {
  show(stories.AfterRetry)
  // The researcher is one subagent, called by the second and the third question: each agent_spawn card shows the
  // run it spawned. One lane after the first research answer, two after the second, back to one at the retry (the
  // removed answer's run goes), then two again with the retried answer's run. Never a lane with two runs.
  const laneTurns = () =>
    lanes()
      .map((lane) => lane.querySelectorAll('.as-turn').length)
      .join(',')
  const seen: string[] = []
  await waitFor(
    () => {
      if (seen.at(-1) !== laneTurns()) seen.push(laneTurns())
      expect(seen.slice(1)).toEqual(['1', '1,1', '1', '1,1'])
      expect(statuses()).toEqual(['completed', 'completed', 'completed'])
    },
    { timeout: 20_000, interval: 5 },
  )
  expect(userTexts()).toEqual([requestText('plain-text'), requestText('subagent'), requestText('subagent')])
  expect(lanes().map((lane) => occurrences(lane.textContent ?? '', 'The three most cited papers are:'))).toEqual([1, 1])
  expect(lanes().map((lane) => lane.closest('article')?.getAttribute('data-tool'))).toEqual(['agent_spawn', 'agent_spawn'])
}, 25_000)

it('AfterEditAndResend shows the edited question and its answer, and not the greeting it replaced', async () => {
  show(stories.AfterEditAndResend)
  await waitFor(() => expect(userTexts()).toEqual(["What's the weather in Paris right now?"]), { timeout: 20_000 })
  await waitFor(() => expect(statuses()).toEqual(['completed']), { timeout: 20_000 })
  expect(transcript()).toContain('18°C')
  expect(transcript()).not.toContain(requestText('plain-text'))
}, 25_000)
