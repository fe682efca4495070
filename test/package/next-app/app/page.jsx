// A server component: it imports the React entry (a client module) and the server-safe core.
import { StreamingMarkdown } from 'agentscope-react'
import { textContent, userMessage } from 'agentscope-react/core'
import Chat from './chat'

export default function Page() {
  const greeting = textContent(userMessage('Rendered on the server'))
  return (
    <main>
      <StreamingMarkdown text={`**${greeting}**`} />
      <Chat />
    </main>
  )
}
