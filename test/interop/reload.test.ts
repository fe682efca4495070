/**
 * Reloading the page mid-conversation against AgentScope 2.0.2, over each transport: the history is restored from
 * the server's stored context (`loadHistory`: the native bridge's `GET …/messages`; AG-UI and Agent Protocol read
 * the same endpoint through `historyUrl`, since neither upstream module serves one: AG-UI 2.0.2 sends no
 * MESSAGES_SNAPSHOT, an Agent Protocol task's events are dropped once it ends), a confirmation still pending is
 * asked again and can be answered where the transport carries answers (Agent Protocol on the task the page kept,
 * its events replayed from seq 0 up to the pause), one already answered is never pending again; and the sessions
 * survive a restart of the server (JsonFileAgentStateStore).
 */
import { describe, expect, inject, it } from 'vitest'
import { createAgentProtocolTransport, createAguiTransport, createSseTransport, toSnapshot, toolResultBlock } from '../../src/core'
import type { AgentTransport } from '../../src/core'
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

const history = (origin: string, sessionId: string) => `${origin}/api/sessions/${encodeURIComponent(sessionId)}/messages`

// A page over AG-UI or Agent Protocol: its transport (the task it kept, over Agent Protocol) and its store, loaded.
async function openPageOver(kind: 'agui' | 'agent-protocol', sessionId: string, taskId?: string) {
  const transport: AgentTransport & { readonly taskId?: string | null } =
    kind === 'agui'
      ? createAguiTransport({ url: `${url}/api/agui/run`, threadId: sessionId, historyUrl: history(url, sessionId) })
      : createAgentProtocolTransport({ url: `${url}/api`, agentId: 'assistant', sessionId, historyUrl: history(url, sessionId), taskId })
  const store = createAgentStore({ transport, scheduleFrame })
  store.getState().load(await (transport.loadHistory as () => Promise<unknown[]>)())
  return { transport, store }
}

const textOf = (store: ReturnType<typeof createAgentStore>) =>
  toSnapshot(store.getState().agent)
    .messages.flatMap((message) => message.content)
    .flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    .join('')

describe('reload and resume over Agent Protocol', () => {
  it('restores the history, asks the pending confirmation again on the kept task, takes the answer, and never asks it again', async () => {
    const sessionId = `reload-ap-${globalThis.crypto.randomUUID().slice(0, 8)}`
    const first = await openPageOver('agent-protocol', sessionId)
    await first.store.getState().send('Hello!')
    await first.store.getState().send('Delete the report (confirm)')
    const asked = first.store.getState().agent.pendingConfirmation
    expect(asked?.toolCalls.map((call) => call.name)).toEqual(['delete_file'])
    // what the page keeps beside the session id (sessionStorage, the URL): the task that is waiting
    const taskId = first.transport.taskId ?? undefined
    expect(taskId).toBeDefined()

    const second = await openPageOver('agent-protocol', sessionId, taskId)
    expect(toSnapshot(second.store.getState().agent).turns.map((turn) => turn.status)).toEqual(['completed', 'awaiting_confirmation'])
    expect(textOf(second.store)).toContain("Hello! I'm the **scripted** AgentScope model.")
    const again = second.store.getState().agent.pendingConfirmation
    expect(again?.toolCalls.map((call) => call.id)).toEqual(asked?.toolCalls.map((call) => call.id))
    expect(second.store.getState().status).toBe('awaiting-confirmation')
    await second.store.getState().confirm(again!.toolCalls.map((call) => ({ toolCallId: call.id, approved: false })))
    expect(second.store.getState().error).toBeNull()
    expect(second.store.getState().status).toBe('done')
    expect(second.store.getState().agent.pendingConfirmation).toBeNull()
    // the answer's run only: the replay up to the pause was not shown twice
    expect(toSnapshot(second.store.getState().agent).turns.map((turn) => turn.status)).toEqual(['completed', 'awaiting_confirmation', 'completed'])
    expect(textOf(second.store)).toContain('Understood: I left the file alone.')

    // reload again, with the same task kept: answered, it is never pending again
    const third = await openPageOver('agent-protocol', sessionId, taskId)
    expect(third.store.getState().agent.pendingConfirmation).toBeNull()
    expect(third.store.getState().status).toBe('idle')
    expect(textOf(third.store)).toContain('Understood: I left the file alone.')
    await expect(third.store.getState().confirm([{ toolCallId: asked!.toolCalls[0]!.id, approved: true }])).rejects.toMatchObject({ code: 'refused' })
    // and the conversation goes on in a new task
    await third.store.getState().send('Hello!')
    expect(third.store.getState().status).toBe('done')
  })
})

describe('reload and resume over AG-UI', () => {
  it('restores the history; an answered external execution is never pending again; a pending confirmation is shown again, not answerable over AG-UI', async () => {
    const sessionId = `reload-agui-${globalThis.crypto.randomUUID().slice(0, 8)}`
    const first = await openPageOver('agui', sessionId)
    await first.store.getState().send('Read the pricing page (external)')
    const external = first.store.getState().agent.pendingExternalExecution
    expect(external?.toolCalls.map((call) => call.name)).toEqual(['read_browser_page'])
    await first.store
      .getState()
      .submitToolResults(external!.toolCalls.map((call) => toolResultBlock(call.id, 'Starter $0/mo', { name: call.name, state: 'success' })))
    expect(first.store.getState().status).toBe('done')

    const second = await openPageOver('agui', sessionId)
    expect(second.store.getState().agent.pendingExternalExecution).toBeNull()
    expect(second.store.getState().status).toBe('idle')
    // the result the page returned, as the server stored it (AG-UI's own TOOL Msg, without the tool's name: the scripted
    // model, which looks results up by name, then answers "nothing", what 2.0.2 stores over AG-UI too)
    const results = toSnapshot(second.store.getState().agent)
      .messages.flatMap((message) => message.content)
      .filter((block) => block.type === 'tool_result')
    expect(results).toMatchObject([{ output: [{ type: 'text', text: 'Starter $0/mo' }], state: 'success' }])
    expect(textOf(second.store)).toContain('Your browser returned:')
    await second.store.getState().send('Delete the report (confirm)')
    const asked = second.store.getState().agent.pendingConfirmation
    expect(asked?.toolCalls.map((call) => call.name)).toEqual(['delete_file'])

    const third = await openPageOver('agui', sessionId)
    expect(third.store.getState().agent.pendingConfirmation?.toolCalls.map((call) => call.id)).toEqual(asked?.toolCalls.map((call) => call.id))
    expect(third.store.getState().status).toBe('awaiting-confirmation')
    // AG-UI 2.0.2 cannot carry the answer (capabilities.confirm is false: the UI offers no button), and says so
    expect(third.store.getState().capabilities.confirm).toBe(false)
    await third.store.getState().confirm(asked!.toolCalls.map((call) => ({ toolCallId: call.id, approved: false })))
    expect(third.store.getState().error?.code).toBe('refused')
    expect(third.store.getState().agent.pendingConfirmation?.toolCalls.map((call) => call.id)).toEqual(asked?.toolCalls.map((call) => call.id))
  })
})

describe('reload and resume over the native bridge', () => {
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
