// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import type { AgentLocale } from '../../src/components/i18n'
import { AgentComponentsContext } from '../../src/components/components-context'
import type { AgentChatComponents } from '../../src/components/components-context'
import type { AgentStreamError, Msg, TextEntry } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { TurnView } from '../../src/components/turn-view'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentTransport, RunHandlers } from '../../src/transport/agent-transport'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, start, text, textEnd, textStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

afterEach(cleanup)

// A transport the test drives: each run hands its handlers out and ends when told to.
function drivenTransport() {
  let handlers: RunHandlers | null = null
  let finish: (() => void) | null = null
  const transport: AgentTransport = {
    run: (_request, given) =>
      new Promise((resolve) => {
        handlers = given
        given.onOpen?.()
        finish = () => resolve('ended')
      }),
    interrupt: async () => {},
  }
  return {
    transport,
    push: (...events: unknown[]) => {
      for (const event of events) handlers?.onEvent(event)
    },
    end: () => finish?.(),
  }
}

// Frames run right away, so the test sees each batch as soon as it is pushed.
const immediateFrames = (callback: () => void) => {
  queueMicrotask(callback)
  return () => {}
}

function ThrowingText({ entry }: { readonly entry: TextEntry }) {
  if (entry.block.text.includes('boom')) throw new Error('cannot render boom')
  return <p data-testid="text">{entry.block.text}</p>
}

const THROWING: AgentChatComponents = { Text: ThrowingText }

async function chatWith(onError = vi.fn(), locale: AgentLocale = 'en') {
  const driven = drivenTransport()
  const store = createAgentStore({ transport: driven.transport, scheduleFrame: immediateFrames, onError })
  render(<AgentChat store={store} components={THROWING} locale={locale} />)
  await act(async () => {
    void store
      .getState()
      .send('hi')
      .catch(() => {})
  })
  const push = async (...events: unknown[]) => {
    await act(async () => {
      driven.push(...events)
      await Promise.resolve()
    })
  }
  return { store, push, onError, end: driven.end }
}

describe('render boundaries (#11)', () => {
  // React logs every caught render error; the test asserts on what the kit does with it instead.
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {})

  it('replaces only the block that throws, with its raw text, and the chat keeps updating', async () => {
    const log = quiet()
    const { store, push, onError } = await chatWith()
    await push(start('R1'), textStart('M1'), text('fine before', 'M1'), textEnd('M1'), textStart('M2'), text('a boom here', 'M2'))
    expect(screen.getByText('This block could not be shown.')).toBeTruthy()
    expect(screen.getByText('fine before')).toBeTruthy()
    const raw = screen.getByText('Show the raw content').closest('details')!
    expect(within(raw).getByText('a boom here')).toBeTruthy()
    // The raw text follows the block as it streams, and later blocks still render.
    await push(text(' and more', 'M2'), textEnd('M2'), textStart('M3'), text('after the failure', 'M3'))
    expect(within(raw).getByText('a boom here and more')).toBeTruthy()
    expect(screen.getByText('after the failure')).toBeTruthy()
    expect(screen.getByRole('log')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy()
    log.mockRestore()
    expect(onError).toHaveBeenCalledTimes(1)
    const reported = onError.mock.calls[0]![0] as AgentStreamError
    expect(reported.code).toBe('render-failed')
    expect(reported.message).toContain('cannot render boom')
    expect(store.getState().warnings.map((warning) => warning.code)).toContain('render-failed')
  })

  it('reports a block that keeps failing while it streams once, not once per frame', async () => {
    const log = quiet()
    const { push, onError } = await chatWith()
    await push(start('R1'), textStart('M1'), text('boom', 'M1'))
    for (let count = 0; count < 5; count++) await push(text(` ${count}`, 'M1'))
    log.mockRestore()
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('gives a block that failed while streaming one more try once it is complete', async () => {
    const log = quiet()
    let failing = true
    function FlakyText({ entry }: { readonly entry: TextEntry }) {
      if (failing) throw new Error('not yet')
      return <p>{entry.block.text}</p>
    }
    const driven = drivenTransport()
    const store = createAgentStore({ transport: driven.transport, scheduleFrame: immediateFrames })
    render(<AgentChat store={store} components={{ Text: FlakyText }} />)
    await act(async () => {
      void store
        .getState()
        .send('hi')
        .catch(() => {})
    })
    await act(async () => driven.push(start('R1'), textStart('M1'), text('partial', 'M1')))
    expect(screen.getByText('This block could not be shown.')).toBeTruthy()
    failing = false
    await act(async () => driven.push(textEnd('M1')))
    log.mockRestore()
    expect(screen.queryByText('This block could not be shown.')).toBeNull()
    expect(screen.getByText('partial')).toBeTruthy()
  })

  it('contains a user message that throws as well, and says so in Chinese', async () => {
    const log = quiet()
    const user: Msg = {
      id: 'u1',
      name: 'user',
      role: 'USER',
      content: [{ type: 'text', text: 'my question' }],
      metadata: {},
      timestamp: null,
    } as unknown as Msg
    const store = storeFromEvents([start('R1'), text('the answer'), end('R1')], { users: [user] })
    const Broken = () => {
      throw new Error('user card broke')
    }
    render(<AgentChat store={store} locale={AGENT_STRINGS_ZH_CN} components={{ UserMessage: Broken }} />)
    log.mockRestore()
    expect(screen.getByText('此轮回复无法显示。')).toBeTruthy()
    expect(screen.getByText('查看原始内容')).toBeTruthy()
    expect(screen.getByText('my question')).toBeTruthy()
    expect(screen.getByText('the answer')).toBeTruthy()
    expect(store.getState().warnings.filter((warning) => warning.code === 'render-failed')).toHaveLength(1)
  })

  it('reports to the onError of a store made outside the provider', () => {
    const log = quiet()
    const onError = vi.fn()
    const base = storeFromEvents([start('R1'), text('boom'), end('R1')])
    const store = createAgentStore({ transport: { run: async () => 'ended', interrupt: async () => {} }, onError })
    store.setState({ agent: base.getState().agent, transcript: base.getState().transcript })
    render(
      <AgentProvider store={store}>
        <AgentComponentsContext.Provider value={THROWING}>
          <TurnView index={0} />
        </AgentComponentsContext.Provider>
      </AgentProvider>,
    )
    log.mockRestore()
    expect(screen.getByText('This block could not be shown.')).toBeTruthy()
    expect(onError).toHaveBeenCalledTimes(1)
    expect((onError.mock.calls[0]![0] as AgentStreamError).code).toBe('render-failed')
  })

  it('reports through the onError prop of a chat that makes its own store', async () => {
    const log = quiet()
    const onError = vi.fn()
    const driven = drivenTransport()
    render(<AgentChat transport={driven.transport} storeOptions={{ scheduleFrame: immediateFrames }} components={THROWING} onError={onError} />)
    const textbox = screen.getByRole('textbox', { name: 'Message' })
    fireEvent.change(textbox, { target: { value: 'hi' } })
    await act(async () => {
      fireEvent.keyDown(textbox, { key: 'Enter' })
    })
    await act(async () => driven.push(start('R1'), textStart('M1'), text('boom', 'M1')))
    log.mockRestore()
    expect(screen.getByText('This block could not be shown.')).toBeTruthy()
    expect(onError).toHaveBeenCalledTimes(1)
    expect((onError.mock.calls[0]![0] as AgentStreamError).code).toBe('render-failed')
  })

  it('keeps the chat up when the markdown renderer meets a pathological delta (#11 row 1)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const driven = drivenTransport()
    const store = createAgentStore({ transport: driven.transport, scheduleFrame: immediateFrames })
    render(<AgentChat store={store} />)
    await act(async () => {
      void store
        .getState()
        .send('hi')
        .catch(() => {})
    })
    const hostile = `${'*'.repeat(8000)}x${'*'.repeat(8000)}`
    await act(async () => driven.push(start('R1'), textStart('M1'), text(hostile, 'M1'), textEnd('M1'), textStart('M2'), text('still here', 'M2')))
    log.mockRestore()
    expect(screen.getByText('still here')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy()
  })
})
