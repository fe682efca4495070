// A consumer with its own UI: the store and the hooks, none of the kit's components.
import { createRoot } from 'react-dom/client'
import { AgentProvider, createAgentStore, createSseTransport, useAgentStream } from 'agentscope-react'

function Status() {
  const stream = useAgentStream()
  return <button onClick={() => stream.send('hello')}>{stream.status}</button>
}

const store = createAgentStore({ transport: createSseTransport({ url: '/api' }) })
createRoot(document.getElementById('root') as HTMLElement).render(
  <AgentProvider store={store}>
    <Status />
  </AgentProvider>,
)
