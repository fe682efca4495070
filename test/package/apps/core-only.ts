// A framework-free consumer: the transport and the reducer, no React.
import { createSseTransport, replayEvents, textContent, userMessage } from 'agentscope-react/core'

const transport = createSseTransport({ url: '/api' })
const events: unknown[] = []
const end = await transport.run(
  { kind: 'message', messages: [userMessage('What is the weather?')] },
  { signal: new AbortController().signal, onEvent: (event) => events.push(event) },
)
console.log(end, replayEvents(events).turns.length, textContent(userMessage('hello')))
