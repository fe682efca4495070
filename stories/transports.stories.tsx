import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { AGENT_STRINGS, AgentChat, createAgentProtocolTransport, createAgentStore, createAguiTransport, createSseTransport } from '../src'
import type { AgentLocaleName, AgentStore, AgentTransport } from '../src'
import { genericPath, nativeBridgeFrames, recordedResponse, recordedTransportBody, sseFrames, sseResponse } from './support/recorded-transport'
import type { RecordedTransportBody } from './support/recorded-transport'
import { recordedScript } from './support/scripts'
import { kitGlobals } from './support/story-context'

// One frame every 30 ms: the replayed body streams like a live one.
const FRAME_MS = 30
const BASE = '/api'

/** What the server says to a request the recording does not have. */
function notRecorded(method: string, path: string): Response {
  return new Response(JSON.stringify({ status: 404, error: 'Not Found', message: `Not recorded: ${method} ${path}` }), {
    status: 404,
    statusText: 'Not Found',
    headers: { 'content-type': 'application/json' },
  })
}

const methodOf = (init: RequestInit | undefined) => (init?.method ?? 'GET').toUpperCase()

/** The native bridge: `POST /api/sessions/{id}/runs` answered with a recorded script's events as `data:` frames. */
function nativeBridgeFetch(script: string): { readonly fetch: typeof fetch; readonly text: string } {
  const recorded = recordedScript(script)
  const first = recorded.requests[0]
  const text = first?.kind === 'message' ? first.text : recorded.keyword
  const fetchImpl: typeof fetch = async (input, init) => {
    const method = methodOf(init)
    const path = genericPath(input, BASE)
    if (method === 'POST' && /^\/sessions\/[^/]+\/runs$/.test(path)) {
      return sseResponse(nativeBridgeFrames(recorded), { frameMs: FRAME_MS, signal: init?.signal })
    }
    return notRecorded(method, path)
  }
  return { fetch: fetchImpl, text }
}

/** AG-UI: `POST /api/agui/run` answered with the body the scripted server streamed, frame by frame. */
function aguiFetch(recorded: RecordedTransportBody): typeof fetch {
  return async (input, init) => {
    const method = methodOf(init)
    const path = genericPath(input, BASE)
    const exchange = recorded.exchanges.find((candidate) => candidate.method === method && candidate.path === path)
    if (exchange === undefined) return notRecorded(method, path)
    return exchange.contentType.startsWith('text/event-stream')
      ? sseResponse(sseFrames(exchange.body), { frameMs: FRAME_MS, signal: init?.signal })
      : recordedResponse(exchange)
  }
}

/** The `seq` of an Agent Protocol frame (its `id:` line). */
function seqOf(frame: string): number {
  const match = /^id:\s*(\d+)$/m.exec(frame)
  return match === null ? Number.NaN : Number(match[1])
}

/**
 * Agent Protocol: `POST /api/tasks` and `GET /api/tasks/{id}/events` answered from the recorded exchange. A reconnect
 * (`?from_seq=N`) gets the frames after N, as the server's replay buffer does. With `dropAfter`, the first events
 * stream breaks off after that many frames, as a dropped connection does.
 */
function agentProtocolFetch(recorded: RecordedTransportBody, dropAfter?: number): typeof fetch {
  let streams = 0
  return async (input, init) => {
    const method = methodOf(init)
    const path = genericPath(input, BASE)
    const exchange = recorded.exchanges.find((candidate) => candidate.method === method && candidate.path === path)
    if (exchange === undefined) return notRecorded(method, path)
    if (path !== '/tasks/{id}/events') return recordedResponse(exchange)
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://story.invalid')
    const fromSeq = Number.parseInt(url.searchParams.get('from_seq') ?? '0', 10) || 0
    const frames = sseFrames(exchange.body).filter((frame) => !(seqOf(frame) <= fromSeq))
    streams += 1
    const breakAfter = streams === 1 ? dropAfter : undefined
    return sseResponse(frames, { frameMs: FRAME_MS, breakAfter, signal: init?.signal })
  }
}

interface TransportChatProps {
  /** Makes the transport; called once per mount. */
  readonly transport: () => AgentTransport
  /** Sent as soon as the chat is on screen. */
  readonly text: string
  readonly locale: AgentLocaleName
  readonly theme: 'light' | 'dark'
}

/** `<AgentChat>` over a real store and a real transport; only the network is recorded. */
function TransportChat({ transport, text, locale, theme }: TransportChatProps) {
  const [store, setStore] = useState<AgentStore | null>(null)
  useEffect(() => {
    const created = createAgentStore({ transport: transport() })
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a store and transport per mount: StrictMode's second mount must not reuse the reset one
    setStore(created)
    created
      .getState()
      .send(text)
      .catch(() => {})
    return () => created.getState().reset()
  }, [transport, text])
  return (
    <div style={{ height: 'calc(100vh - 32px)', minHeight: 480 }}>
      {store && <AgentChat store={store} locale={AGENT_STRINGS[locale]} theme={theme} />}
    </div>
  )
}

function story(transport: () => AgentTransport, text: string): Story {
  return {
    render: (_args, { globals }) => {
      const { locale, theme } = kitGlobals(globals)
      return <TransportChat transport={transport} text={text} locale={locale} theme={theme} />
    },
  }
}

/**
 * The drop-in chat over each of the kit's transports: the real transport factory and a real store, with an injected
 * `fetch` that answers from bodies recorded from the scripted AgentScope server (`stories/scripts/`), streamed a
 * frame every 30 ms.
 */
const meta = {
  title: 'Chat/Transports',
  component: AgentChat,
} satisfies Meta<typeof AgentChat>

export default meta
// The stories render from their own store, so they take no args.
type Story = StoryObj

const NATIVE = nativeBridgeFetch('tool-call')
const AGUI = recordedTransportBody('agui-tool-call')
const AGENT_PROTOCOL = recordedTransportBody('agent-protocol-tool-call')
const TASK_ID = 'recorded-task'

/** `createSseTransport`: the weather scenario (`stories/scripts/tool-call.json`) as native bridge SSE frames. */
export const NativeBridge = story(() => createSseTransport({ url: BASE, sessionId: 'story-native', fetch: NATIVE.fetch }), NATIVE.text)

/** `createAguiTransport`: the weather scenario as the scripted server's AG-UI adapter streamed it. */
export const AgUi = story(() => createAguiTransport({ url: `${BASE}/agui/run`, threadId: 'story-agui', fetch: aguiFetch(AGUI) }), AGUI.text)

/** `createAgentProtocolTransport`: the weather scenario as a task (`POST /tasks`) and its events stream. */
export const AgentProtocol = story(
  () => createAgentProtocolTransport({ url: BASE, agentId: 'assistant', createTaskId: () => TASK_ID, fetch: agentProtocolFetch(AGENT_PROTOCOL) }),
  AGENT_PROTOCOL.text,
)

/**
 * The events stream drops halfway: the chat says "Connection lost: reconnecting…", the transport reconnects with
 * `from_seq`, says "Reconnected", and the rest of the answer streams in without a duplicate.
 */
export const AgentProtocolReconnect = story(
  () =>
    createAgentProtocolTransport({
      url: BASE,
      agentId: 'assistant',
      createTaskId: () => TASK_ID,
      // a slower first retry than the default 250 ms, so the reconnecting notice can be read
      reconnect: { baseDelayMs: 2000, maxDelayMs: 4000 },
      fetch: agentProtocolFetch(AGENT_PROTOCOL, Math.floor(sseFrames(AGENT_PROTOCOL.exchanges[1]?.body ?? '').length / 2)),
    }),
  AGENT_PROTOCOL.text,
)
