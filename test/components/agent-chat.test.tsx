// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { createSseTransport } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { startRecordingAgentServer, storeFromEvents } from '../fixtures/agent-store'
import { frame, startHttpServer } from '../fixtures/http-server'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, start, text, textEnd, textStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

let server: Awaited<ReturnType<typeof startRecordingAgentServer>>
let sessions = 0
let close: (() => Promise<void>) | undefined
beforeAll(async () => {
  server = await startRecordingAgentServer()
})
afterAll(() => server.close())
afterEach(async () => {
  cleanup()
  await close?.()
  close = undefined
})

const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture.events]))
const transport = () => createSseTransport({ url: server.url, sessionId: `chat-${(sessions += 1)}` })
const textbox = (name = 'Message') => screen.getByRole('textbox', { name })

describe('AgentChat', () => {
  it('chats end to end: a typed message, then the streamed reply', async () => {
    render(<AgentChat transport={transport()} />)
    fireEvent.change(textbox(), { target: { value: 'hello' } })
    fireEvent.keyDown(textbox(), { key: 'Enter' })
    expect(await screen.findByText("Hello! I'm your AgentScope assistant. How can I help you today?")).toBeTruthy()
    expect(within(screen.getByRole('log')).getByText('hello')).toBeTruthy()
  })

  it('speaks English by default', () => {
    const { container } = render(<AgentChat transport={transport()} />)
    expect(container.firstElementChild?.getAttribute('lang')).toBe('en')
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeTruthy()
    expect(textbox().getAttribute('placeholder')).toBe('Ask the agent…')
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeTruthy()
  })

  it('speaks Simplified Chinese with locale={AGENT_STRINGS_ZH_CN}, down to the cards', () => {
    const { container } = render(
      <AgentChat store={storeFromEvents(fixtures.get('tool-result-error')!, { endOfStream: true })} locale={AGENT_STRINGS_ZH_CN} />,
    )
    expect(container.firstElementChild?.getAttribute('lang')).toBe('zh-CN')
    expect(screen.getByRole('log', { name: '对话' })).toBeTruthy()
    expect(textbox('消息').getAttribute('placeholder')).toBe('向智能体提问…')
    expect(screen.getByRole('button', { name: '发送' })).toBeTruthy()
    expect(within(screen.getByRole('article')).getByText('失败')).toBeTruthy()
  })

  it('asks for confirmation in Chinese with locale={AGENT_STRINGS_ZH_CN}', () => {
    const store = storeFromEvents(fixtures.get('user-confirm-pause-and-resume')!.slice(0, 19), { endOfStream: true })
    render(<AgentChat store={store} locale={AGENT_STRINGS_ZH_CN} />)
    const tray = screen.getByRole('region', { name: '智能体想要运行 2 个工具' })
    expect(within(tray).getByText('2 个调用等待你的确认')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: '批准' })).toHaveLength(2)
    expect(textbox('消息').getAttribute('placeholder')).toBe('请先处理待确认的工具调用')
  })

  it('marks the log busy while a reply streams over a real connection, and idle after', async () => {
    let finish = () => {}
    const held = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write([start(), textStart(), text('Working on it')].map(frame).join(''))
      finish = () => response.end([text('. Done.'), textEnd(), end()].map(frame).join(''))
    })
    close = held.close
    const store = createAgentStore({ transport: createSseTransport({ url: `${held.url}/api`, sessionId: 's' }) })
    const { container } = render(<AgentChat store={store} />)
    void store.getState().send('go')
    await screen.findByText('Working on it')
    expect(screen.getByRole('log').getAttribute('aria-busy')).toBe('true')
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('streaming')
    act(() => finish())
    await waitFor(() => expect(screen.getByRole('log').getAttribute('aria-busy')).toBe('false'))
  })

  it('follows the system theme unless told otherwise', () => {
    const { container, rerender } = render(<AgentChat transport={transport()} />)
    expect(container.firstElementChild?.getAttribute('data-theme')).toBe('auto')
    rerender(<AgentChat transport={transport()} theme="dark" />)
    expect(container.firstElementChild?.getAttribute('data-theme')).toBe('dark')
  })

  it('uses the placeholder it is given', () => {
    render(<AgentChat transport={transport()} placeholder="Ask about your order" />)
    expect(textbox().getAttribute('placeholder')).toBe('Ask about your order')
  })

  it('spreads extra props onto its root and keeps its own class', () => {
    render(<AgentChat transport={transport()} data-testid="chat" id="support" aria-label="Support chat" className="wide" />)
    const root = screen.getByTestId('chat')
    expect(root.id).toBe('support')
    expect(root.getAttribute('aria-label')).toBe('Support chat')
    expect(root.className).toBe('as-chat wide')
  })

  it('forwards its ref to the root element', () => {
    const ref = createRef<HTMLDivElement>()
    render(<AgentChat transport={transport()} ref={ref} />)
    expect(ref.current?.hasAttribute('data-agentscope')).toBe(true)
  })

  it("runs a consumer's onKeyDown and still sends on Enter", async () => {
    const onKeyDown = vi.fn()
    const store = createAgentStore({ transport: transport() })
    render(<AgentChat store={store} onKeyDown={onKeyDown} />)
    fireEvent.change(textbox(), { target: { value: 'hello' } })
    fireEvent.keyDown(textbox(), { key: 'Enter' })
    await waitFor(() => expect(store.getState().status).toBe('done'))
    expect(onKeyDown).toHaveBeenCalledTimes(1)
    expect(store.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
  })

  it('has no axe violations after a tool call', async () => {
    const store = createAgentStore({ transport: transport() })
    const { container } = render(<AgentChat store={store} />)
    await act(() => store.getState().send("what's the weather in Paris?"))
    expect(screen.getByRole('article').getAttribute('data-status')).toBe('success')
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it('lets a confirmation loaded from a history whose call has no arguments (input null) be answered', async () => {
    const store = createAgentStore({ transport: transport() })
    const call = { type: 'tool_use', id: 'c1', name: 'bash', input: null, state: 'asking' }
    const history = [
      { id: 'u1', name: 'user', role: 'USER', content: [{ type: 'text', text: 'clean up' }], metadata: {}, timestamp: null },
      {
        id: 'a1',
        name: 'assistant',
        role: 'ASSISTANT',
        content: [call],
        metadata: { agentscope_generate_reason: 'PERMISSION_ASKING' },
        timestamp: null,
      },
    ]
    act(() => store.getState().load(history as never))
    render(<AgentChat store={store} />)
    expect(store.getState().agent.pendingConfirmation?.toolCalls[0]?.input).toEqual({})
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Deny' })).toBeTruthy()
    expect(screen.queryByText(/could not be shown/)).toBeNull()
  })
})
