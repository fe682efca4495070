// @vitest-environment jsdom
// The Inspector stories: each renders its state from a real store over the replay transport.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, expect, it } from 'vitest'
import * as stories from '../../stories/inspector.stories'

afterEach(cleanup)

function show(story: { readonly render?: unknown }): void {
  const renderStory = story.render as (args: unknown, context: unknown) => ReactElement
  render(renderStory({}, { globals: {} }))
}

const rows = () => within(screen.getByRole('listbox', { name: 'Event log', hidden: true })).queryAllByRole('option')
const status = () => screen.getByRole('region', { name: 'Agent inspector' }).querySelector('[role="status"]')?.textContent

it('Live follows the events as they stream', async () => {
  show(stories.Live)
  await waitFor(() => expect(status()).toBe('Following live events'))
  await waitFor(() => expect(rows().length).toBeGreaterThan(5), { timeout: 10_000 })
}, 15_000)

it('Scrubbed shows the chat half-way through, read-only', async () => {
  show(stories.Scrubbed)
  await waitFor(() => expect(status()).toMatch(/^After event \d+ of \d+$/), { timeout: 10_000 })
  expect(document.querySelector('[data-read-only]')).not.toBeNull()
})

it('Filtered keeps only the tool-call fragments', async () => {
  show(stories.Filtered)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 10_000 })
  for (const row of rows()) expect(row.textContent).toContain('TOOL_CALL_DELTA')
})

it('Warnings lists the skipped values', async () => {
  show(stories.Warnings)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 10_000 })
  for (const row of rows()) expect(row.getAttribute('data-tone')).toBe('warning')
})

it('ImportedLogReplay shows the imported log at its end', async () => {
  show(stories.ImportedLogReplay)
  await waitFor(() => expect(status()).toBe('Imported: confirmation'), { timeout: 10_000 })
})

it('Timeline draws the bars of the subagent run', () => {
  show(stories.Timeline)
  expect(screen.getAllByRole('button', { name: /jump to its first event/ }).length).toBeGreaterThan(2)
})

it('AttachedLate says the chat was under way, and its first entry rebuilds the researcher lane', async () => {
  show(stories.AttachedLate)
  await waitFor(() => expect(screen.getByText(/^Attached to a chat already under way\./).textContent).toContain('1 subagent lane'), {
    timeout: 10_000,
  })
  expect(rows()[0]?.textContent).toContain('attached')
  fireEvent.click(rows()[0]!)
  const chat = document.querySelector('[data-read-only]') as HTMLElement
  expect(within(chat).getByRole('region', { name: 'Subagent: researcher' })).toBeTruthy()
})
