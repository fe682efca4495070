// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import type { ServerResponse } from 'node:http'
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { ErrorBanner } from '../../src/components/error-banner'
import { AGENT_STRINGS } from '../../src/components/i18n'
import { MessageList } from '../../src/components/message-list'
import { createSseTransport } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import { createScriptedAgentHandler } from '../../src/testing'
import { storeFromEvents } from '../fixtures/agent-store'
import { frame, startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, start, text, textEnd, textStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  cleanup()
  await close?.()
  close = undefined
})

type Answer = (response: ServerResponse) => void
const fail500: Answer = (response) => {
  response.writeHead(500, { 'content-type': 'application/json' })
  response.end('{"status":500,"error":"Internal Server Error","message":"model provider timed out"}')
}
const stream =
  (body: () => string): Answer =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(body())
  }
const reply = stream(() => [start(), textStart(), text('Recovered.'), textEnd(), end()].map(frame).join(''))

// A real loopback server answering each POST …/runs with the next answer; a banner and the conversation on it.
async function renderBanner(answers: Answer[]) {
  let next = 0
  const server = await startHttpServer((_request, response) => answers[Math.min(next++, answers.length - 1)]!(response))
  close = server.close
  const store = createAgentStore({ transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) })
  render(
    <AgentProvider store={store}>
      <ErrorBanner />
      <MessageList />
    </AgentProvider>,
  )
  await act(() => store.getState().send('hello'))
  return { store, runs: () => server.requests.map((request) => JSON.parse(request.body) as { msgs: { content: unknown }[] }) }
}

const buttonNames = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('button')
    .map((button) => button.textContent)
const pending = () =>
  storeFromEvents(
    loadFixtures()
      .find((fixture) => fixture.name === 'user-confirm-pause-and-resume')!
      .events.slice(0, 19),
    { endOfStream: true },
  )
async function done(store: AgentStore) {
  await waitFor(() => expect(store.getState().status).toBe('done'))
}

describe('ErrorBanner', () => {
  it('shows an HTTP 500 with the body the server sent', async () => {
    await renderBanner([fail500])
    const alert = screen.getByRole('alert')
    expect(alert.getAttribute('data-code')).toBe('http-error')
    expect(within(alert).getByText('The server refused the request')).toBeTruthy()
    expect(alert.textContent).toMatch(/500 Internal Server Error.*model provider timed out/)
    expect(buttonNames()).toEqual(['Retry', 'Dismiss'])
  })

  // Issue #13: plain words in the chat's language up front; the transport's own words, status and body behind Details.
  it('speaks plain words in Chinese under zh-CN, with the technical detail behind "详情"', async () => {
    let served = false
    const server = await startHttpServer((_request, response) => {
      served = true
      fail500(response)
    })
    close = server.close
    const store = createAgentStore({ transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) })
    render(<AgentChat store={store} locale={AGENT_STRINGS_ZH_CN} />)
    await act(() => store.getState().send('hello'))
    expect(served).toBe(true)
    const alert = screen.getByRole('alert')
    const main = alert.querySelector('p')!.textContent ?? ''
    expect(main).toBe('服务器拒绝了请求 请稍后重试。')
    expect(main).not.toMatch(/[A-Za-z]/)
    const details = alert.querySelector('details')!
    expect(details.querySelector('summary')?.textContent).toBe('详情')
    expect(details.textContent).toContain('HTTP 状态500')
    expect(details.textContent).toContain('model provider timed out')
  })

  it('never repeats the title in the detail, nor names protocol events in the main text', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const strings = AGENT_STRINGS[locale]
      for (const code of Object.keys(strings.errorTitle) as (keyof typeof strings.errorTitle)[]) {
        expect(strings.errorHint[code]).not.toContain(strings.errorTitle[code])
        expect(`${strings.errorTitle[code]} ${strings.errorHint[code]}`).not.toMatch(/AGENT_END|RUN_FINISHED|SSE|event-stream/)
      }
    }
  })

  it('retries by sending the same message again', async () => {
    const { store, runs } = await renderBanner([fail500, reply])
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await done(store)
    expect(runs()).toHaveLength(2)
    expect(runs()[1]?.msgs[0]?.content).toEqual(runs()[0]?.msgs[0]?.content)
    expect(screen.getByText('Recovered.')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  // Regression test (a bug, now fixed, in src/components/error-banner.tsx:21-23 with src/store/create-agent-store.ts:275): Retry calls `send()`,
  // which appends the message to the transcript again, so the conversation shows "hello" twice while the server
  // got it once. Fix: a store `retry()` that re-runs the last user message without adding it again (or drop the
  // failed message from the transcript before re-sending).
  it('shows the retried message once', async () => {
    const { store } = await renderBanner([fail500, reply])
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await done(store)
    expect(screen.getAllByText('hello')).toHaveLength(1)
  })

  // Regression test (a bug, now fixed, in src/components/error-banner.tsx:21-23): Retry always re-sends the last *user message*. When the run that
  // failed was an answer to a confirmation, the question is still pending, so the store refuses the message and the
  // banner turns into "Not sent: The agent is waiting for you to approve or deny…". Fix: offer Retry only for a
  // failed message run (remember the failed RunRequest in the store and re-run that: a `retry()` action).
  it('does not turn a failed answer to a confirmation into a refused message on Retry', async () => {
    const handler = createScriptedAgentHandler({ pace: 'instant', seed: 7 })
    const server = await startHttpServer((request, response, body) => {
      if (!body.includes('"confirmResults"')) return handler(Object.assign(request, { body }), response)
      fail500(response)
    })
    close = server.close
    const store = createAgentStore({ transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) })
    render(
      <AgentProvider store={store}>
        <ErrorBanner />
      </AgentProvider>,
    )
    await act(() => store.getState().send('clean the workspace'))
    await act(() =>
      store.getState().confirm(store.getState().agent.pendingConfirmation!.toolCalls.map((call) => ({ toolCallId: call.id, approved: false }))),
    )
    const retry = within(screen.getByRole('alert')).queryByRole('button', { name: 'Retry' })
    if (retry !== null) fireEvent.click(retry)
    await waitFor(() => expect(screen.getByRole('alert').getAttribute('data-code')).not.toBe('refused'))
  })

  it('offers Retry when the reply was cut off', async () => {
    await renderBanner([stream(() => [start(), textStart(), text('Half an ans')].map(frame).join(''))])
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('incomplete-stream')
    expect(within(screen.getByRole('alert')).getByText('The reply was cut off')).toBeTruthy()
    expect(buttonNames()).toEqual(['Retry', 'Dismiss'])
  })

  it('shows a refused action with Dismiss only, and goes away when dismissed', async () => {
    const store = pending()
    render(
      <AgentProvider store={store}>
        <ErrorBanner />
      </AgentProvider>,
    )
    await act(() =>
      store
        .getState()
        .send('never mind')
        .catch(() => {}),
    )
    expect(within(screen.getByRole('alert')).getByText('Not sent')).toBeTruthy()
    expect(buttonNames()).toEqual(['Dismiss'])
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('counts the malformed frames it skipped, without Retry', async () => {
    const body = () =>
      [start(), textStart(), text('Fine')].map(frame).join('') +
      'event:TEXT_BLOCK_DELTA\ndata:{"type":"TEXT_BLOCK_DELTA",\n\n' +
      [textEnd(), end()].map(frame).join('')
    const { store } = await renderBanner([stream(body)])
    expect(store.getState().status).toBe('done')
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('warnings')
    expect(screen.getByText('1 event could not be read and was skipped.')).toBeTruthy()
    expect(buttonNames()).toEqual(['Dismiss'])
  })

  it('words each kind of warning for what it is, in English and Chinese (#13)', async () => {
    const body = () =>
      [start(), textStart(), text('Fine')].map(frame).join('') +
      'event:TEXT_BLOCK_DELTA\ndata:{"type":"TEXT_BLOCK_DELTA",\n\n' +
      [textEnd(), end()].map(frame).join('')
    const { store } = await renderBanner([stream(body)])
    // in development the kit also says so on the console, once per part
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    act(() => {
      store.getState().reportError(new Error('a renderer threw'), 'block text')
      store.getState().reportError(new Error('another renderer threw'), 'block text')
    })
    const logged = log.mock.calls.map((call) => String(call[0]))
    log.mockRestore()
    expect(logged).toEqual(['[agentscope-react] block text: a renderer threw', '[agentscope-react] block text: another renderer threw'])
    const lines = () => [...screen.getByRole('alert').querySelectorAll('p.as-muted')].map((line) => line.textContent)
    expect(lines()).toEqual(['1 event could not be read and was skipped.', '2 parts of the conversation could not be shown.'])
    cleanup()
    render(<AgentChat store={store} locale={AGENT_STRINGS_ZH_CN} />)
    expect(lines()).toEqual(['有 1 个事件无法读取，已跳过。', '对话中有 2 处内容无法显示。'])
  })

  it('spreads extra props onto its root', async () => {
    const store = pending()
    render(
      <AgentProvider store={store}>
        <ErrorBanner data-testid="banner" className="top" />
      </AgentProvider>,
    )
    await act(() =>
      store
        .getState()
        .send('x')
        .catch(() => {}),
    )
    expect(screen.getByTestId('banner')).toBe(screen.getByRole('alert'))
    expect(screen.getByRole('alert').className).toBe('top')
  })

  it('forwards its ref to the root element', async () => {
    const store = pending()
    const ref = createRef<HTMLDivElement>()
    render(
      <AgentProvider store={store}>
        <ErrorBanner ref={ref} />
      </AgentProvider>,
    )
    await act(() =>
      store
        .getState()
        .send('x')
        .catch(() => {}),
    )
    expect(ref.current).toBe(screen.getByRole('alert'))
  })

  it('has no axe violations', async () => {
    await renderBanner([fail500])
    const results = await axe.run(document.body, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
