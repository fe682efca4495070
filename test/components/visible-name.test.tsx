// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { visibleName } from '../../src/components/visible-name'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'

afterEach(cleanup)

const HIDDEN = /[\u0000-\u001f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/
// U+202E reverses what follows it: the card would read "read_file" and a harmless tail while the tool is another
const SPOOFED_NAME = 'read_file\u202e\u2066sksid_lla_etele\u2069'

function confirmationEvents(name: string): unknown[] {
  const fixture = loadFixtures().find((entry) => entry.name === 'user-confirm-pause-and-resume')
  if (!fixture) throw new Error('fixture missing')
  const end = fixture.events.findIndex((event) => (event as { type: string }).type === 'AGENT_END')
  return (JSON.parse(JSON.stringify(fixture.events.slice(0, end + 1))) as Record<string, unknown>[]).map((event) => {
    if (typeof event.toolCallName === 'string' && event.toolCallName !== '__fragment__') event.toolCallName = name
    if (Array.isArray(event.toolCalls)) for (const call of event.toolCalls as Record<string, unknown>[]) call.name = name
    return event
  })
}

describe('names from the model or the server (attack review: bidi controls in a tool name)', () => {
  it('spells out control, bidirectional and invisible characters, and leaves the rest alone', () => {
    expect(visibleName(SPOOFED_NAME)).toBe('read_file⟨U+202E⟩⟨U+2066⟩sksid_lla_etele⟨U+2069⟩')
    expect(visibleName('a\u0000b\u200bc\ufeffd\u{e0041}')).toBe('a⟨U+0000⟩b⟨U+200B⟩c⟨U+FEFF⟩d⟨U+E0041⟩')
    expect(visibleName('搜索_web · بحث 🔎')).toBe('搜索_web · بحث 🔎')
  })

  it('shows a spoofed tool name spelled out, isolated, on the card the user approves and in every label', async () => {
    const view = render(<AgentChat store={storeFromEvents(confirmationEvents(SPOOFED_NAME), { endOfStream: true })} />)
    await act(async () => {
      await vi.dynamicImportSettled()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    const names = [...view.container.querySelectorAll('.as-tool-name')]
    expect(names.length).toBeGreaterThan(0)
    for (const element of names) {
      expect(element.localName).toBe('bdi')
      expect(element.textContent).toBe('read_file⟨U+202E⟩⟨U+2066⟩sksid_lla_etele⟨U+2069⟩')
    }
    expect(HIDDEN.test(view.container.textContent ?? '')).toBe(false)
    const labels = [...view.container.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? '')
    expect(labels.filter((label) => HIDDEN.test(label))).toEqual([])
  })
})
