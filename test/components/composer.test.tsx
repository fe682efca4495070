// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Composer } from '../../src/components/composer'
import type { ComposerProps } from '../../src/components/composer'
import { MessageList } from '../../src/components/message-list'
import { createSseTransport } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import { startRecordingAgentServer, storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const png = (name = 'dot.png') => new File([Uint8Array.from(atob(PNG), (char) => char.charCodeAt(0))], name, { type: 'image/png' })

let server: Awaited<ReturnType<typeof startRecordingAgentServer>>
let sessions = 0
beforeAll(async () => {
  // Slow enough (2 ms a tick) for the long-running scenario to be stopped midway.
  server = await startRecordingAgentServer({ pace: { deltaMs: 2 } })
})
afterAll(() => server.close())
afterEach(cleanup)

// A composer (and the conversation) on a fresh session of the scripted server; `runs()` are its POST bodies.
function renderComposer(props: ComposerProps = {}) {
  const sessionId = `composer-${(sessions += 1)}`
  const store = createAgentStore({ transport: createSseTransport({ url: server.url, sessionId }) })
  const view = render(
    <AgentProvider store={store}>
      <MessageList />
      <Composer {...props} />
    </AgentProvider>,
  )
  const requests = () => server.requests.filter((request) => request.url.startsWith(`/api/sessions/${sessionId}/`))
  const runs = () =>
    requests()
      .filter((request) => request.url.endsWith('/runs'))
      .map((request) => JSON.parse(request.body) as { msgs: { content: unknown[] }[] })
  return { ...view, store, requests, runs }
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' })
const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement
async function done(store: AgentStore) {
  await waitFor(() => expect(store.getState().status).toBe('done'))
}

describe('Composer', () => {
  it('sends the message on Enter and clears the box', async () => {
    const { store, runs } = renderComposer()
    fireEvent.change(textbox(), { target: { value: 'hello there' } })
    fireEvent.keyDown(textbox(), { key: 'Enter' })
    await done(store)
    expect(runs().map((run) => run.msgs[0]?.content)).toEqual([[{ type: 'text', text: 'hello there' }]])
    expect((textbox() as HTMLTextAreaElement).value).toBe('')
  })

  it('does not send on Shift+Enter', () => {
    const { requests } = renderComposer()
    fireEvent.change(textbox(), { target: { value: 'line one' } })
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true })).toBe(true)
    expect(requests()).toEqual([])
    expect((textbox() as HTMLTextAreaElement).value).toBe('line one')
  })

  it('does not send on the Enter that picks an IME candidate', () => {
    const { requests } = renderComposer()
    fireEvent.change(textbox(), { target: { value: 'ni hao' } })
    fireEvent.keyDown(textbox(), { key: 'Enter', isComposing: true })
    fireEvent.keyDown(textbox(), { key: 'Enter', keyCode: 229 })
    expect(requests()).toEqual([])
  })

  it('keeps Send disabled while the box is empty', () => {
    renderComposer()
    fireEvent.change(textbox(), { target: { value: '   ' } })
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('stops a streaming reply through the interrupt endpoint', async () => {
    const { store, requests } = renderComposer()
    fireEvent.change(textbox(), { target: { value: 'run the test suite' } })
    fireEvent.keyDown(textbox(), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }))
    expect((screen.getByRole('button', { name: 'Stopping…' }) as HTMLButtonElement).disabled).toBe(true)
    await done(store)
    expect(requests().map((request) => `${request.method} ${request.url.split('/').pop()}`)).toEqual(['POST runs', 'POST interrupt'])
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
  })

  it('attaches files from the picker and previews images', () => {
    const { container } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [png()] } })
    const item = screen.getByText('dot.png').closest('li')!
    expect(item.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/)
    expect(screen.getByRole('button', { name: 'Remove dot.png' })).toBeTruthy()
  })

  it("spells out a right-to-left override in a file's name, in the list and in its Remove button", () => {
    const { container } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [png('photo\u202Egnp.exe')] } })
    expect(container.querySelector('bdi.as-attachment-name')?.textContent).toBe('photo⟨U+202E⟩gnp.exe')
    expect(screen.getByRole('button', { name: 'Remove photo⟨U+202E⟩gnp.exe' })).toBeTruthy()
  })

  it('removes an attachment', () => {
    const { container } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [png()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Remove dot.png' }))
    expect(screen.queryByText('dot.png')).toBeNull()
  })

  it('attaches pasted files', () => {
    renderComposer()
    fireEvent.paste(textbox(), { clipboardData: { files: [png('pasted.png')], getData: () => '' } })
    expect(screen.getByText('pasted.png')).toBeTruthy()
  })

  it('attaches dropped files, with a drop hint while dragging', () => {
    const { container } = renderComposer()
    const form = container.querySelector('form')!
    fireEvent.dragOver(form, { dataTransfer: { files: [] } })
    expect(screen.getByText('Drop files to attach')).toBeTruthy()
    fireEvent.drop(form, { dataTransfer: { files: [png('dropped.png')] } })
    expect(screen.getByText('dropped.png')).toBeTruthy()
    expect(screen.queryByText('Drop files to attach')).toBeNull()
  })

  it('refuses a file type it does not accept, saying why', () => {
    const { container } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [new File(['<h1>hi</h1>'], 'page.html', { type: 'text/html' })] } })
    expect(screen.getByRole('alert').textContent).toBe('page.html: files of type text/html are not allowed.')
    expect(textbox().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it('refuses a file over the size limit', () => {
    const { container } = renderComposer({ attachments: { accept: ['image/*'], maxBytes: 1024 } })
    fireEvent.change(fileInput(container), { target: { files: [new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' })] } })
    expect(screen.getByRole('alert').textContent).toBe('big.png is larger than 1 KB.')
  })

  it('sends attachments as data blocks after the text', async () => {
    const { container, store, runs } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [png()] } })
    fireEvent.change(textbox(), { target: { value: 'hello, what is this?' } })
    fireEvent.keyDown(textbox(), { key: 'Enter' })
    await done(store)
    const data = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'dot.png' }
    expect(runs()[0]?.msgs[0]?.content).toEqual([{ type: 'text', text: 'hello, what is this?' }, data])
    expect(screen.getByRole('img', { name: 'dot.png' }).getAttribute('src')).toBe(`data:image/png;base64,${PNG}`)
  })

  it('has no attach button when attachments are off', () => {
    const { container } = renderComposer({ attachments: false })
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull()
    expect(fileInput(container)).toBeNull()
  })

  it('is blocked while the agent waits for a confirmation', () => {
    const events = loadFixtures()
      .find((fixture) => fixture.name === 'user-confirm-pause-and-resume')!
      .events.slice(0, 19)
    render(
      <AgentProvider store={storeFromEvents(events, { endOfStream: true })}>
        <Composer />
      </AgentProvider>,
    )
    fireEvent.change(textbox(), { target: { value: 'never mind' } })
    expect(textbox().getAttribute('placeholder')).toBe('Answer the pending tool calls first')
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('spreads extra props onto its form', () => {
    const { container } = renderComposer({ 'aria-label': 'Ask the agent', id: 'ask' } as ComposerProps)
    expect(container.querySelector('form')?.id).toBe('ask')
    expect(screen.getByRole('form', { name: 'Ask the agent' })).toBeTruthy()
  })

  it('forwards its ref to the form', () => {
    const ref = createRef<HTMLFormElement>()
    render(
      <AgentProvider store={storeFromEvents([])}>
        <Composer ref={ref} />
      </AgentProvider>,
    )
    expect(ref.current?.className).toBe('as-composer')
  })

  // Regression test (a bug, now fixed, in src/components/composer.tsx:113-120): `{...rest}` comes after the form's own onDragOver/onDragLeave/onDrop,
  // so a consumer's onDrop replaces the composer's and dropped files are no longer attached (STYLE §7: compose
  // handlers, the consumer's first, ours skipped only if it called preventDefault).
  it("runs a consumer's onDrop and still attaches the dropped file", () => {
    const onDrop = vi.fn()
    const { container } = renderComposer({ onDrop })
    fireEvent.drop(container.querySelector('form')!, { dataTransfer: { files: [png('dropped.png')] } })
    expect(onDrop).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('dropped.png')).not.toBeNull()
  })

  it('has no axe violations, with an attachment and an error', async () => {
    const { container } = renderComposer()
    fireEvent.change(fileInput(container), { target: { files: [png(), new File(['x'], 'x.html', { type: 'text/html' })] } })
    await act(async () => {})
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
