// The drop-in chat with the kit's stylesheet.
import { createRoot } from 'react-dom/client'
import { AgentChat, createSseTransport } from 'agentscope-react'
import 'agentscope-react/styles.css'

createRoot(document.getElementById('root') as HTMLElement).render(<AgentChat transport={createSseTransport({ url: '/api' })} />)
