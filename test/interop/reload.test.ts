/**
 * Reloading the page mid-conversation against AgentScope 2.0.2 (native bridge, `GET …/messages`): the history is
 * restored from the server's stored context, a confirmation still pending is asked again and can be answered, one
 * already answered is never pending again; and the sessions survive a restart of the server (JsonFileAgentStateStore).
 */
import { describe, expect, inject, it } from 'vitest'
import { createSseTransport, toSnapshot } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { startServer } from './java-server'

const url = inject('agentscopeUrl')
const scheduleFrame = (callback: () => void) => {
  const timer = setTimeout(callback, 0)
  return () => clearTimeout(timer)
}

// A page: a store on the session, loaded with what the server stored (as a reload does).
async function openPage(origin: string, sessionId: string) {
  const transport = createSseTransport({ url: `${origin}/api`, sessionId })
  const store = createAgentStore({ transport, scheduleFrame })
  store.getState().load(await transport.loadHistory())
  return store
}

describe('reload and resume against AgentScope 2.0.2', () => {
  it('asks a pending confirmation again after a reload, takes the answer, and never asks it again', async () => {
    const sessionId = `reload-${globalThis.crypto.randomUUID().slice(0, 8)}`
    const first = await openPage(url, sessionId)
    await first.getState().send('Delete the report (confirm)')
    const asked = first.getState().agent.pendingConfirmation
    expect(asked?.toolCalls.map((call) => call.name)).toEqual(['delete_file'])

    // reload: a new page on the same session, before the user answered
    const second = await openPage(url, sessionId)
    const again = second.getState().agent.pendingConfirmation
    expect(again?.toolCalls.map((call) => call.id)).toEqual(asked?.toolCalls.map((call) => call.id))
    expect(second.getState().status).toBe('awaiting-confirmation')
    await second.getState().confirm(again!.toolCalls.map((call) => ({ toolCallId: call.id, approved: false })))
    expect(second.getState().status).toBe('done')
    expect(second.getState().agent.pendingConfirmation).toBeNull()

    // reload again: the answered question stays answered (upstream users report replays re-activating it)
    const third = await openPage(url, sessionId)
    expect(third.getState().agent.pendingConfirmation).toBeNull()
    expect(third.getState().status).toBe('idle')
    const texts = toSnapshot(third.getState().agent)
      .messages.flatMap((message) => message.content)
      .flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    expect(texts.join('')).toContain('Understood: I left the file alone.')
  })

  it('keeps the conversation across a restart of the server', async () => {
    const sessionId = `restart-${globalThis.crypto.randomUUID().slice(0, 8)}`
    const server = await startServer({ paceMs: 5 })
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined
    try {
      const before = await openPage(server.url, sessionId)
      await before.getState().send('Hello!')
      await before.getState().send('Think it over first')
      const history = await createSseTransport({ url: `${server.url}/api`, sessionId }).loadHistory()
      await server.stop()
      restarted = await startServer({ paceMs: 5, dataDir: server.dataDir })
      const after = await openPage(restarted.url, sessionId)
      expect(await createSseTransport({ url: `${restarted.url}/api`, sessionId }).loadHistory()).toEqual(history)
      expect(toSnapshot(after.getState().agent).turns.map((turn) => turn.status)).toEqual(['completed', 'completed'])
      // and the conversation goes on where it was
      await after.getState().send('Hello!')
      expect(after.getState().status).toBe('done')
      expect(toSnapshot(after.getState().agent).turns).toHaveLength(3)
    } finally {
      await Promise.allSettled([server.stop(), restarted?.stop()])
    }
  })
})
