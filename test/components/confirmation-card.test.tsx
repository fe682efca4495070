// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmationCard } from '../../src/components/confirmation-card'
import type { ToolUseBlock } from '../../src/core'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { event, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

afterEach(cleanup)

// The calls of the user-confirm fixture's REQUIRE_USER_CONFIRM, as the store holds them: `rm -rf ./build`, then the logs.
const confirmEvents = loadFixtures().find((fixture) => fixture.name === 'user-confirm-pause-and-resume')!.events
const pending = storeFromEvents(confirmEvents.slice(0, 19), { endOfStream: true }).getState().agent.pendingConfirmation!
const build = pending.toolCalls[0]!

function twoArgumentCall(): ToolUseBlock {
  const input = { path: '/srv/a.txt', content: 'hi' }
  const call = { type: 'tool_use', id: 'w1', name: 'write_file', input, content: JSON.stringify(input), metadata: {}, state: 'pending' }
  const events = [
    start(),
    toolStart('w1', 'write_file'),
    toolDelta('w1', call.content),
    toolEnd('w1', 'write_file'),
    event('REQUIRE_USER_CONFIRM', { replyId: 'A1', toolCalls: [call] }),
  ]
  return storeFromEvents(events).getState().agent.pendingConfirmation!.toolCalls[0]!
}

const editor = () => screen.getByRole('textbox', { name: 'Arguments' })

describe('ConfirmationCard', () => {
  it('shows the tool name and its arguments', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    const card = screen.getByRole('article', { name: 'bash' })
    expect([...card.querySelectorAll('.as-kv-row')].map((row) => row.textContent)).toEqual(['commandrm -rf ./build'])
  })

  it('approves', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onDecide).toHaveBeenCalledWith({ toolCallId: build.id, approved: true })
  })

  it('denies', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(onDecide).toHaveBeenCalledWith({ toolCallId: build.id, approved: false })
  })

  it("refuses an edit of arguments whose numbers the page can't keep exactly; the call as it is can still be approved", () => {
    const content = '{"to_account":12345678901234567890123,"amount":1e400,"memo":"x"}'
    const call: ToolUseBlock = {
      type: 'tool_use',
      id: 'p1',
      name: 'pay',
      input: JSON.parse(content) as Record<string, unknown>,
      content,
      metadata: {},
      state: 'asking',
    }
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={call} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: (editor() as HTMLTextAreaElement).value.replace('"x"', '"y"') } })
    expect(screen.getByRole('alert').textContent).toContain('12345678901234567890123, 1e400')
    expect((screen.getByRole('button', { name: 'Approve with these arguments' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing' }))
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onDecide).toHaveBeenCalledWith({ toolCallId: 'p1', approved: true })
  })

  it('shows an edit of large arguments as the lines it changed, the unchanged ones folded to a count, and sends what was typed', () => {
    const input = Object.fromEntries(Array.from({ length: 400 }, (_, index) => [`key${index}`, index]))
    const call: ToolUseBlock = { type: 'tool_use', id: 'l1', name: 'bulk', input, content: JSON.stringify(input), metadata: {}, state: 'asking' }
    const onDecide = vi.fn()
    const { container } = render(<ConfirmationCard toolCall={call} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: (editor() as HTMLTextAreaElement).value.replace('"key200": 200', '"key200": 2000') } })
    const lines = [...container.querySelectorAll('.as-diff-line')].map((line) => line.textContent?.trim())
    expect(lines.length).toBeLessThanOrEqual(12)
    expect(lines.filter((line) => line?.startsWith('-') || line?.startsWith('+'))).toEqual(['-   "key200": 200,', '+   "key200": 2000,'])
    expect(lines.filter((line) => line?.includes('unchanged lines'))).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Approve with these arguments' }))
    expect(onDecide).toHaveBeenCalledWith(expect.objectContaining({ approved: true, input: expect.objectContaining({ key200: 2000, key399: 399 }) }))
  })

  it('refuses invalid JSON while editing: an alert, and approving is disabled', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: '{"command": "rm -rf ./dist"' } })
    expect(screen.getByRole('alert').textContent).toMatch(/^Not valid JSON: /)
    expect(editor().getAttribute('aria-invalid')).toBe('true')
    expect(editor().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    expect((screen.getByRole('button', { name: 'Approve with these arguments' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('refuses JSON that is not an object', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: '["rm", "-rf", "/"]' } })
    expect(screen.getByRole('alert').textContent).toBe('The arguments must be a JSON object.')
  })

  it('shows the diff of valid edited arguments against the original', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: '{"command": "rm -rf ./dist"}' } })
    const diff = screen.getByLabelText('Changes')
    const lines = [...diff.querySelectorAll('[data-change]')].map((line) => `${line.getAttribute('data-change')} ${line.textContent?.trim()}`)
    expect(lines).toHaveLength(4)
    expect(lines).toEqual(
      expect.arrayContaining(['same {', 'removed -   "command": "rm -rf ./build"', 'added +   "command": "rm -rf ./dist"', 'same }']),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('approves with the edited arguments', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.change(editor(), { target: { value: '{"command": "rm -rf ./dist"}' } })
    fireEvent.click(screen.getByRole('button', { name: 'Approve with these arguments' }))
    expect(onDecide).toHaveBeenCalledWith({ toolCallId: build.id, approved: true, input: { command: 'rm -rf ./dist' } })
  })

  it('cancels editing without deciding', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing' }))
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(onDecide).not.toHaveBeenCalled()
  })

  it('spells out the "always allow" rule before anything is sent', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }))
    expect(screen.getByText('Always allow bash when: rm -rf ./build')).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Only these arguments' }) as HTMLInputElement).checked).toBe(true)
    expect(onDecide).not.toHaveBeenCalled()
  })

  it('spells out and sends an "any arguments" rule', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} />)
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Any arguments' }))
    expect(screen.getByText('Always allow bash, with any arguments')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Allow and remember' }))
    const rule = { tool_name: 'bash', rule_content: null, behavior: 'allow', source: 'session' }
    expect(onDecide).toHaveBeenCalledWith({ toolCallId: build.id, approved: true, rules: [rule] })
  })

  it('uses the raw JSON arguments as the rule of a call with several arguments', () => {
    render(<ConfirmationCard toolCall={twoArgumentCall()} onDecide={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }))
    expect(screen.getByText('Always allow write_file when: {"path":"/srv/a.txt","content":"hi"}')).toBeTruthy()
  })

  // Regression test (a bug, now fixed, in src/components/confirmation-card.tsx:107 and :111): the two rule choices are radios without a shared `name`,
  // so they are two separate radio groups: arrow keys do not move between them and screen readers announce
  // "1 of 1" for each. Expected: one group (same `name`, e.g. from useId()).
  it('groups the two rule choices into one radio group', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }))
    const [these, any] = screen.getAllByRole('radio') as HTMLInputElement[]
    expect(these?.name).not.toBe('')
    expect(any?.name).toBe(these?.name)
  })

  it('shows the decision taken, with the edited arguments', () => {
    render(<ConfirmationCard toolCall={build} decision={{ toolCallId: build.id, approved: true, input: { command: 'ls' } }} onDecide={() => {}} />)
    expect(screen.getByText('Approved · Edited by you')).toBeTruthy()
    expect(screen.getByRole('article').getAttribute('data-decision')).toBe('approved')
    expect(screen.getByRole('article').querySelector('.as-kv-row')?.textContent).toBe('commandls')
  })

  it('disables every action while disabled', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} disabled />)
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[]
    expect(buttons.map((button) => button.disabled)).toEqual([true, true, true, true])
  })

  it('is keyboard operable: its actions are native buttons in reading order', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['Approve', 'Deny', 'Edit arguments', 'Always allow'])
    expect(buttons.every((button) => button.tagName === 'BUTTON' && button.getAttribute('type') === 'button' && button.tabIndex === 0)).toBe(true)
  })

  it('spreads extra props onto its root', () => {
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} data-testid="ask" className="urgent" />)
    expect(screen.getByTestId('ask')).toBe(screen.getByRole('article', { name: 'bash' }))
    expect(screen.getByTestId('ask').className).toBe('urgent')
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLElement>()
    render(<ConfirmationCard toolCall={build} onDecide={() => {}} ref={ref} />)
    expect(ref.current?.getAttribute('data-decision')).toBe('none')
  })

  it('runs a consumer onClick on the root along with its own decision', () => {
    const onClick = vi.fn()
    const onDecide = vi.fn()
    render(<ConfirmationCard toolCall={build} onDecide={onDecide} onClick={onClick} />)
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(onDecide).toHaveBeenCalledTimes(1)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('has no axe violations, also while editing and choosing a rule', async () => {
    const { container } = render(
      <>
        <ConfirmationCard toolCall={build} onDecide={() => {}} />
        <ConfirmationCard toolCall={pending.toolCalls[1]!} onDecide={() => {}} />
      </>,
    )
    const [first, second] = screen.getAllByRole('button', { name: 'Edit arguments' })
    fireEvent.click(first!)
    fireEvent.click(screen.getAllByRole('button', { name: 'Always allow' })[0]!)
    expect(second).toBeTruthy()
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
