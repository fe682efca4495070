// The demo: the kit against the built-in scripted AgentScope server (same origin, /api).
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  AgentChat,
  createAgentProtocolTransport,
  createAgentStore,
  createAguiTransport,
  createSseTransport,
  useAgentStore,
} from '../index'
import type { AgentLocaleName, AgentStore, AgentTransport } from '../index'
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

// AgentChat shows "Reconnecting…"/"Reconnected" itself when the transport can resume (Agent Protocol).
function newStore(protocol: Protocol): AgentStore {
  return createAgentStore({ transport: transportFor(protocol) })
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
      {pending.toolCalls.map((call) => (
        <p key={call.id}>
          <code>{call.name}</code> <code>{call.content}</code>
        </p>
      ))}
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

function Demo() {
  const [protocol, setProtocol] = useState<Protocol>('native')
  const [store, setStore] = useState(() => newStore('native'))
  const [scenarios, setScenarios] = useState<readonly ScenarioInfo[]>([])
  const [locale, setLocale] = useState<AgentLocaleName>(() => (navigator.language.startsWith('zh') ? 'zh-CN' : 'en'))
  const [theme, setTheme] = useState<'auto' | 'light' | 'dark'>('auto')
  useEffect(() => {
    fetch('/api/scenarios')
      .then((response) => response.json() as Promise<ScenarioInfo[]>)
      .then(setScenarios)
      .catch(() => setScenarios([]))
  }, [])
  const run = (scenario: ScenarioInfo) => {
    store.getState().send(scenario.keyword).catch(() => {})
  }
  return (
    <div className="demo" data-agentscope="" data-theme={theme}>
      <aside className="demo-side">
        <h1>agentscope-react</h1>
        <button type="button" onClick={() => setStore(newStore(protocol))}>
          New conversation
        </button>
        <label>
          Protocol
          <select
            value={protocol}
            onChange={(event) => {
              const next = event.target.value as Protocol
              setProtocol(next)
              setStore(newStore(next))
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
        <AgentProvider store={store}>
          <ExternalTools />
        </AgentProvider>
        <nav aria-label="Scenarios">
          <ul>
            {scenarios.map((scenario) => (
              <li key={scenario.name}>
                <button type="button" title={scenario.description} onClick={() => run(scenario)}>
                  {scenario.keyword}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="demo-main">
        <AgentChat store={store} locale={locale} theme={theme} />
      </main>
    </div>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Demo />
  </StrictMode>,
)
