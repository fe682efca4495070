'use client'
import { AgentChat, createSseTransport } from 'agentscope-react'

export default function Chat() {
  return <AgentChat transport={createSseTransport({ url: '/api' })} placeholder="Ask the agent" />
}
