// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { ConfirmationTray } from '../../src/components/confirmation-tray'
import { createSseTransport } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import { createScriptedAgentHandler } from '../../src/testing'
import { startRecordingAgentServer, storeFromEvents } from '../fixtures/agent-store'
import { startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'
import { event, resultStart, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

type ConfirmResultBody = { confirmed: boolean; toolCall: { id: string; input: Record<string, unknown>; content: string }; rules: unknown[] | null }

let server: Awaited<ReturnType<typeof startRecordingAgentServer>>
let sessions = 0
beforeAll(async () => {
  server = await startRecordingAgentServer()
})
afterAll(() => server.close())
let closeOther: (() => Promise<void>) | undefined
afterEach(async () => {
  cleanup()
  await closeOther?.()
  closeOther = undefined
})

// A chat on the scripted server whose agent asks to run `rm -rf ./build` and `rm -f /tmp/app-*.log`.
async function askToClean() {
  const sessionId = `tray-${(sessions += 1)}`
  const store = createAgentStore({ transport: createSseTransport({ url: server.url, sessionId }) })
  render(<AgentChat store={store} />)
  await act(() => store.getState().send('clean the workspace'))
  // The confirmResults of every POST …/runs after the first one (the user's message), as the server received them.
  const answers = () =>
    server.requests
      .filter((request) => request.url === `/api/sessions/${sessionId}/runs`)
      .slice(1)
      .map((request) => (JSON.parse(request.body) as { confirmResults: ConfirmResultBody[] }).confirmResults)
  return { store, answers }
}

async function settled(store: AgentStore) {
  await waitFor(() => expect(['connecting', 'streaming']).not.toContain(store.getState().status))
}

const tray = () => screen.getByRole('region', { name: /^The agent wants to run/ })
// The calls being asked about are asked on their own tool cards in the conversation.
const card = (index: number) => screen.getAllByRole('article', { name: /approve with A/ })[index]!
const click = (scope: HTMLElement, name: string) => fireEvent.click(within(scope).getByRole('button', { name }))
const confirmEvents = loadFixtures()
  .find((fixture) => fixture.name === 'user-confirm-pause-and-resume')!
  .events.slice(0, 19)

describe('ConfirmationTray', () => {
  it("asks on each call's own card, with a compact batch bar, and gives the first call the focus", async () => {
    await askToClean()
    expect(tray().getAttribute('aria-label')).toBe('The agent wants to run 2 tools')
    // no second copy of the calls in the bar: just the count and the batch actions
    expect(within(tray()).queryAllByRole('article')).toHaveLength(0)
    expect(within(tray()).getByText('2 calls need your approval')).toBeTruthy()
    expect(screen.getAllByRole('article', { name: /approve with A/ })).toHaveLength(2)
    await waitFor(() => expect(document.activeElement).toBe(card(0)))
  })

  it("keeps each call's own state while the other is pending", async () => {
    const { answers } = await askToClean()
    click(card(0), 'Approve')
    expect(card(0).getAttribute('data-decision')).toBe('approved')
    expect(within(card(0)).getByText('Approved')).toBeTruthy()
    expect(within(card(1)).getByText('Needs your approval')).toBeTruthy()
    expect(within(tray()).getByText('1 call needs your approval')).toBeTruthy()
    expect(answers()).toEqual([])
  })

  it('answers from the keyboard: A approves the focused call and moves on to the next, D denies', async () => {
    const { store, answers } = await askToClean()
    await waitFor(() => expect(document.activeElement).toBe(card(0)))
    fireEvent.keyDown(card(0), { key: 'a' })
    expect(document.activeElement).toBe(card(1))
    // the answer shows on the card: its icon and border, and the button taken is pressed
    expect(card(0).querySelector('.as-tool-icon')?.textContent).toBe('✓')
    expect(within(card(0)).getByRole('button', { name: 'Approve' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(card(0)).getByRole('button', { name: 'Deny' }).getAttribute('aria-pressed')).toBe('false')
    expect(within(card(1)).getByRole('button', { name: 'Approve' }).hasAttribute('aria-pressed')).toBe(false)
    fireEvent.keyDown(card(1), { key: 'd' })
    await settled(store)
    expect(answers()[0]?.map((result) => result.confirmed)).toEqual([true, false])
  })

  it('sends one answer once every call is decided: approve one, deny the other', async () => {
    const { store, answers } = await askToClean()
    click(card(0), 'Approve')
    expect(answers()).toEqual([])
    click(card(1), 'Deny')
    await settled(store)
    expect(answers().map((results) => results.map((result) => [result.toolCall.input.command, result.confirmed]))).toEqual([
      [
        ['rm -rf ./build', true],
        ['rm -f /tmp/app-*.log', false],
      ],
    ])
    expect(screen.queryByRole('region', { name: /^The agent wants to run/ })).toBeNull()
  })

  it('approves all at once', async () => {
    const { store, answers } = await askToClean()
    click(tray(), 'Approve all')
    await settled(store)
    expect(answers()[0]?.map((result) => result.confirmed)).toEqual([true, true])
    expect(store.getState().status).toBe('done')
  })

  it('denies all at once', async () => {
    const { store, answers } = await askToClean()
    click(tray(), 'Deny all')
    await settled(store)
    expect(answers()[0]?.map((result) => result.confirmed)).toEqual([false, false])
    expect(screen.getAllByText('Permission denied by user')).toHaveLength(2)
  })

  it('sends a partial answer on request, then asks again about the rest', async () => {
    const { store, answers } = await askToClean()
    click(card(0), 'Approve')
    click(tray(), 'Send 1 answer')
    await settled(store)
    expect(answers()[0]?.map((result) => result.toolCall.input.command)).toEqual(['rm -rf ./build'])
    // one call left: no batch bar, its card asks
    expect(screen.queryByRole('region', { name: /^The agent wants to run/ })).toBeNull()
    expect(screen.getAllByRole('article', { name: /approve with A/ })).toHaveLength(1)
  })

  it('gives the editor the focus, and gives it back to the button that opened it on cancel', async () => {
    await askToClean()
    click(card(0), 'Edit arguments')
    expect(document.activeElement).toBe(within(card(0)).getByRole('textbox', { name: 'Arguments' }))
    click(card(0), 'Cancel editing')
    expect(document.activeElement).toBe(within(card(0)).getByRole('button', { name: 'Edit arguments' }))
    click(card(0), 'Always allow')
    expect(document.activeElement).toBe(within(card(0)).getByRole('radio', { name: /these arguments/ }))
    click(card(0), 'Cancel')
    expect(document.activeElement).toBe(within(card(0)).getByRole('button', { name: 'Always allow' }))
  })

  it('sends the edited arguments as the input and content of the ConfirmResult', async () => {
    const { store, answers } = await askToClean()
    click(card(0), 'Edit arguments')
    fireEvent.change(within(card(0)).getByRole('textbox', { name: 'Arguments' }), { target: { value: '{"command": "rm -rf ./dist"}' } })
    click(card(0), 'Approve with these arguments')
    click(card(1), 'Deny')
    await settled(store)
    expect(answers()[0]?.[0]).toMatchObject({
      confirmed: true,
      toolCall: { input: { command: 'rm -rf ./dist' }, content: '{"command":"rm -rf ./dist"}' },
    })
    const edited = screen.getByText('Edited by you').closest('article')!
    expect(within(edited).getByRole('group', { name: /^Output: /, hidden: true }).textContent).toMatch(/^removed \.\/dist/)
  })

  it('sends the "always allow" rule the card spelled out', async () => {
    const { store, answers } = await askToClean()
    click(card(0), 'Always allow')
    expect(within(card(0)).getByText('Always allow bash when: rm -rf ./build')).toBeTruthy()
    click(card(0), 'Allow and remember')
    click(card(1), 'Deny')
    await settled(store)
    expect(answers()[0]?.[0]?.rules).toEqual([{ tool_name: 'bash', rule_content: 'rm -rf ./build', behavior: 'allow', source: 'session' }])
  })

  it('sends one answer when "Approve all" is clicked twice', async () => {
    const { store, answers } = await askToClean()
    const approveAll = within(tray()).getByRole('button', { name: 'Approve all' })
    fireEvent.click(approveAll)
    fireEvent.click(approveAll)
    await settled(store)
    expect(answers()).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows that the answer is on its way and disables every action meanwhile', async () => {
    const { store } = await askToClean()
    click(tray(), 'Deny all')
    expect(within(tray()).getByRole('status').textContent).toBe('Sending…')
    expect(
      within(tray())
        .getAllByRole('button')
        .every((button) => (button as HTMLButtonElement).disabled || button.textContent === 'Cancel editing'),
    ).toBe(true)
    await settled(store)
  })

  it('is keyboard operable: every action is a native, focusable button', async () => {
    await askToClean()
    const buttons = [
      ...within(card(0)).getAllByRole('button'),
      ...within(card(1)).getAllByRole('button'),
      ...within(tray()).getAllByRole('button'),
    ].filter((button) => !button.classList.contains('as-link-button') && !button.classList.contains('as-tool-toggle'))
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Approve',
      'Deny',
      'Edit arguments',
      'Always allow',
      'Approve',
      'Deny',
      'Edit arguments',
      'Always allow',
      'Approve all',
      'Deny all',
      'Next',
    ])
    expect(buttons.every((button) => button.tagName === 'BUTTON' && button.tabIndex === 0 && !(button as HTMLButtonElement).disabled)).toBe(true)
  })

  // Regression test (a bug, now fixed, in src/components/confirmation-tray.tsx:23): `confirm()` resolves even when the run fails (the store reports
  // the failure as status 'error'), so `.catch(() => setSending(false))` never runs for an HTTP 500: the tray stays
  // "Sending…" with every button disabled while the question is still pending, and the user cannot answer again.
  // Fix: reset `sending` when the run settles without clearing the pending request (e.g. `.finally`, or watch status).
  it('lets the user answer again when the answer could not be delivered', async () => {
    const handler = createScriptedAgentHandler({ pace: 'instant', seed: 7 })
    const failing = await startHttpServer((request, response, body) => {
      if (!body.includes('"confirmResults"')) return handler(Object.assign(request, { body }), response)
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end('{"message":"session store unavailable"}')
    })
    closeOther = failing.close
    const store = createAgentStore({ transport: createSseTransport({ url: `${failing.url}/api`, sessionId: 'fails' }) })
    render(<AgentChat store={store} />)
    await act(() => store.getState().send('clean the workspace'))
    click(tray(), 'Deny all')
    await waitFor(() => expect(store.getState().status).toBe('error'))
    // the tray hears that the answer failed when the action settles, a render after the status
    await waitFor(() => expect((within(tray()).getByRole('button', { name: 'Deny all' }) as HTMLButtonElement).disabled).toBe(false))
  })

  it("keeps a subagent's confirmation out of the tray", () => {
    const call = {
      type: 'tool_use',
      id: 'r1',
      name: 'bash',
      input: { command: 'curl example.org' },
      content: '{"command":"curl example.org"}',
      metadata: {},
      state: 'pending',
    }
    const source = 'session-42/researcher'
    const events = [
      start('R0'),
      toolStart('s1', 'agent_spawn'),
      toolDelta('s1', '{"agent_id":"researcher"}'),
      toolEnd('s1', 'agent_spawn'),
      resultStart('s1'),
      event('AGENT_START', { name: 'researcher', role: 'assistant', source }),
      event('REQUIRE_USER_CONFIRM', { replyId: 'X1', source, toolCalls: [call] }),
    ]
    render(<AgentChat store={storeFromEvents(events)} />)
    expect(screen.queryByRole('region', { name: /^The agent wants to run/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
  })

  it('spreads extra props onto its region', () => {
    render(
      <AgentProvider store={storeFromEvents(confirmEvents, { endOfStream: true })}>
        <ConfirmationTray data-testid="tray" className="docked" />
      </AgentProvider>,
    )
    expect(screen.getByTestId('tray')).toBe(tray())
    expect(tray().className).toBe('docked')
  })

  it('forwards its ref to the region', () => {
    const ref = createRef<HTMLElement>()
    render(
      <AgentProvider store={storeFromEvents(confirmEvents, { endOfStream: true })}>
        <ConfirmationTray ref={ref} />
      </AgentProvider>,
    )
    expect(ref.current).toBe(tray())
  })

  it('has no axe violations', async () => {
    const { container } = render(
      <AgentProvider store={storeFromEvents(confirmEvents, { endOfStream: true })}>
        <ConfirmationTray />
      </AgentProvider>,
    )
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
