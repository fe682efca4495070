// The demo: the kit against the built-in scripted AgentScope server (same origin, /api).
import { StrictMode, Suspense, lazy, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  AGENT_STRINGS,
  AgentChat,
  createAgentProtocolTransport,
  createAgentStore,
  createAguiTransport,
  createEventRecorder,
  createSseTransport,
  useAgentStore,
} from '../index'
import type { AgentLocaleName, AgentStore, AgentTransport, RecordedLog } from '../index'
import type { InspectorView } from '../inspector'
import { AgentProvider } from '../react/agent-provider'
import '../components/styles.css'
import '../components/markdown/markdown.css'
import './demo.css'

interface ScenarioInfo {
  readonly name: string
  readonly keyword: string
  readonly description: string
}

type Protocol = 'native' | 'agui' | 'agent-protocol'
function transportFor(protocol: Protocol): AgentTransport {
  switch (protocol) {
    case 'native': {
      return createSseTransport({ url: '/api' })
    }
    case 'agui': {
      return createAguiTransport({ url: '/api/agui/run' })
    }
    case 'agent-protocol': {
      // one conversation across tasks: a server that maps context.attributes.session_id keeps the agent's memory
      return createAgentProtocolTransport({ url: '/api', agentId: 'assistant', sessionId: globalThis.crypto.randomUUID() })
    }
    default: {
      protocol satisfies never
      throw new Error('Unknown protocol')
    }
  }
}

// The inspector's chunk is fetched the first time it is opened.
const AgentInspector = lazy(() => import('./inspector-panel').then((module) => ({ default: module.AgentInspector })))
const ReadOnlyChat = lazy(() => import('./inspector-panel').then((module) => ({ default: module.ReadOnlyChat })))

interface Chat {
  readonly id: number
  readonly store: AgentStore
  readonly recorder: RecordedLog
}

// Every store records from the start, so the inspector shows the whole conversation whenever it is opened.
// AgentChat shows "Reconnecting…"/"Reconnected" itself when the transport can resume (Agent Protocol).
let chats = 0
function newChat(protocol: Protocol): Chat {
  const recorder = createEventRecorder({ limit: { events: 200_000 } })
  return { id: ++chats, store: createAgentStore({ transport: transportFor(protocol), recorder }), recorder }
}

// The app runs tools marked external itself; here a fake browser reads the page.
function ExternalTools() {
  const pending = useAgentStore((state) => state.agent.pendingExternalExecution)
  const submit = useAgentStore((state) => state.submitToolResults)
  // A transport that cannot return client results gets no button: the composer says why.
  const canReturn = useAgentStore((state) => state.capabilities.externalResults)
  if (pending === null || !canReturn) return null
  return (
    <div className="demo-external" role="region" aria-label="External tools">
      <p>The agent asks this page to run:</p>
      <ul>
        {pending.toolCalls.map((call) => (
          <li key={call.id}>
            <code>{call.name}</code> <code>{call.content}</code>
          </li>
        ))}
      </ul>
      <button
        type="button"
        data-variant="primary"
        onClick={() =>
          submit(
            pending.toolCalls.map((call) => ({
              toolCallId: call.id,
              output: `Result of ${call.name ?? 'tool'} run in the browser at ${new Date().toISOString()}: Starter $0/mo · Pro $29/mo per seat`,
            })),
          ).catch(() => {})
        }
      >
        Run in this browser and return the results
      </button>
    </div>
  )
}

const PHONE = '(max-width: 700px)'

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches)
  useEffect(() => {
    const query = window.matchMedia(PHONE)
    const update = () => setPhone(query.matches)
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return phone
}

const PARAMETERS = new URLSearchParams(window.location.search)
const SUGGESTIONS = ["What's the weather in Paris?", 'Clean the build output', 'Research agent memory', 'Draw an app icon']

function initialProtocol(): Protocol {
  const asked = PARAMETERS.get('protocol')
  return asked === 'agui' || asked === 'agent-protocol' ? asked : 'native'
}

function Demo() {
  const [protocol, setProtocol] = useState<Protocol>(initialProtocol)
  const [{ id, store, recorder }, setChat] = useState(() => newChat(initialProtocol()))
  const [inspecting, setInspecting] = useState(() => PARAMETERS.has('inspector'))
  const [view, setView] = useState<InspectorView | null>(null)
  const setStore = (chat: Chat) => {
    setView(null)
    setChat(chat)
  }
  const [scenarios, setScenarios] = useState<readonly ScenarioInfo[]>([])
  const [locale, setLocale] = useState<AgentLocaleName>(() => ((PARAMETERS.get('lang') ?? navigator.language).startsWith('zh') ? 'zh-CN' : 'en'))
  const [theme, setTheme] = useState<'auto' | 'light' | 'dark'>(() => {
    const asked = PARAMETERS.get('theme')
    return asked === 'light' || asked === 'dark' ? asked : 'auto'
  })
  const phone = usePhone()
  const [drawer, setDrawer] = useState(false)
  useEffect(() => {
    fetch('/api/scenarios')
      .then((response) => response.json() as Promise<ScenarioInfo[]>)
      .then(setScenarios)
      .catch(() => setScenarios([]))
  }, [])
  useEffect(() => {
    if (!drawer) return
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(false)
    }
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [drawer])
  const run = (scenario: ScenarioInfo) => {
    setDrawer(false)
    store
      .getState()
      .send(scenario.keyword)
      .catch(() => {})
  }
  const closedDrawer = phone && !drawer
  // On a phone the open drawer is a modal dialog: focus moves into it, the page behind is inert, and closing it
  // gives focus back to the button that opened it.
  const modal = phone && drawer
  const opener = useRef<HTMLButtonElement>(null)
  const side = useRef<HTMLElement>(null)
  const wasModal = useRef(false)
  useEffect(() => {
    if (modal) side.current?.querySelector<HTMLElement>('button')?.focus()
    else if (wasModal.current) opener.current?.focus()
    wasModal.current = modal
  }, [modal])
  return (
    <div
      className="demo"
      data-agentscope=""
      data-theme={theme}
      data-drawer={drawer ? 'open' : 'closed'}
      data-inspecting={inspecting ? '' : undefined}
    >
      <header className="demo-bar" inert={modal}>
        <button type="button" ref={opener} aria-expanded={drawer} aria-controls="demo-side" onClick={() => setDrawer(!drawer)}>
          ☰ Scenarios and settings
        </button>
        {phone && <h1 className="demo-title">agentscope-react</h1>}
      </header>
      {phone && drawer && <div className="demo-backdrop" onClick={() => setDrawer(false)} />}
      {/* a section, not an aside: open on a phone it is a dialog, a role an aside may not take */}
      <section
        id="demo-side"
        className="demo-side"
        inert={closedDrawer}
        ref={side}
        role={modal ? 'dialog' : 'complementary'}
        aria-modal={modal || undefined}
        aria-label="Scenarios and settings"
      >
        {!phone && <h1>agentscope-react</h1>}
        {phone && (
          <button type="button" onClick={() => setDrawer(false)}>
            Close
          </button>
        )}
        <button type="button" onClick={() => setStore(newChat(protocol))}>
          New conversation
        </button>
        <button
          type="button"
          aria-pressed={inspecting}
          onClick={() => {
            setInspecting(!inspecting)
            setView(null)
          }}
        >
          Inspector
        </button>
        <div className="demo-settings">
          <label>
            Protocol
            <select
              value={protocol}
              onChange={(event) => {
                const next = event.target.value as Protocol
                setProtocol(next)
                setStore(newChat(next))
              }}
            >
              <option value="native">Native events (SSE)</option>
              <option value="agui">AG-UI</option>
              <option value="agent-protocol">Agent Protocol</option>
            </select>
          </label>
          <label>
            Language
            <select value={locale} onChange={(event) => setLocale(event.target.value as AgentLocaleName)}>
              <option value="en">English</option>
              <option value="zh-CN">简体中文</option>
            </select>
          </label>
          <label>
            Theme
            <select value={theme} onChange={(event) => setTheme(event.target.value as 'auto' | 'light' | 'dark')}>
              <option value="auto">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
        </div>
        <nav aria-label="Scenarios">
          <ul>
            {scenarios.map((scenario) => (
              <li key={scenario.name} className="demo-scenario">
                <button type="button" aria-describedby={`scenario-${scenario.name}`} onClick={() => run(scenario)}>
                  {scenario.keyword}
                </button>
                <p id={`scenario-${scenario.name}`}>{scenario.description}</p>
              </li>
            ))}
          </ul>
        </nav>
      </section>
      <main className="demo-main" inert={modal}>
        <AgentProvider store={store}>
          <ExternalTools />
        </AgentProvider>
        {view === null ? (
          <AgentChat store={store} locale={AGENT_STRINGS[locale]} theme={theme} suggestions={SUGGESTIONS} />
        ) : (
          <Suspense fallback={null}>
            <ReadOnlyChat store={view.store} position={view.position} onLive={view.backToLive} locale={locale} theme={theme} />
          </Suspense>
        )}
      </main>
      {inspecting && (
        <Suspense fallback={<p className="demo-loading">Loading the inspector…</p>}>
          <AgentInspector key={id} className="demo-inspector" recorder={recorder} onViewChange={setView} locale={locale} theme={theme} />
        </Suspense>
      )}
    </div>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Demo />
  </StrictMode>,
)
