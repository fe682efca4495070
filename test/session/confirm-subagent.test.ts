// A subagent's own confirmation answered from the kit, over a real HTTP server that plays back what AgentScope 2.0.2
// sent (test/fixtures/recorded/agentscope-2.0.2/native/subagent-confirm-approve): the parent's run, in which the
// exposed checker asks, then the checker's own run once the answer reached it (`POST /subagents/{id}/runs`).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { AGUI_CAPABILITIES, createSseTransport, userMessage } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { startHttpServer } from '../fixtures/http-server'

const RECORDED = fileURLToPath(new URL('../fixtures/recorded/agentscope-2.0.2/native/subagent-confirm-approve', import.meta.url))
const recording = JSON.parse(readFileSync(`${RECORDED}.json`, 'utf8')) as { runs: { eventCount: number; subagentId?: string }[] }
const frames = readFileSync(`${RECORDED}.sse`, 'utf8').split(/(?<=\n\n)/)
const parentBody = frames.slice(0, recording.runs[0]?.eventCount).join('')
const subagentBody = frames.slice(recording.runs[0]?.eventCount).join('')
const subagentId = recording.runs[1]?.subagentId as string

const scheduleFrame = (callback: () => void) => {
  const timer = setTimeout(callback, 0)
  return () => clearTimeout(timer)
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function serve() {
  const server = await startHttpServer((request, response) => {
    const body = request.url?.startsWith(`/subagents/${subagentId}/runs`) ? subagentBody : request.url?.endsWith('/runs') ? parentBody : null
    if (body === null) {
      response.writeHead(404)
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(body)
  })
  close = server.close
  return server
}

const ask = 'Ask the checker to delete the report (subagent confirm)'

describe('confirmSubagent', () => {
  it("sends the answer to the exposed subagent and shows its run in the subagent's lane", async () => {
    const server = await serve()
    const store = createAgentStore({ transport: createSseTransport({ url: server.url, sessionId: 's1' }), scheduleFrame })
    await store.getState().send(userMessage(ask))
    const [asked] = store.getState().agent.subagentPendingConfirmations
    expect(asked?.toolCalls.map((call) => call.name)).toEqual(['delete_file'])
    expect(store.getState().agent.exposedSubagents.map((subagent) => subagent.subagentId)).toEqual([subagentId])
    expect(store.getState().status).toBe('done')

    await store.getState().confirmSubagent(asked!.source, [{ toolCallId: asked!.toolCalls[0]!.id, approved: true }])
    expect(store.getState().error).toBeNull()
    const sent = server.requests.find((request) => request.url === `/subagents/${subagentId}/runs`)
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      confirmResults: [{ confirmed: true, toolCall: { id: asked!.toolCalls[0]!.id, name: 'delete_file' } }],
    })
    const { agent } = store.getState()
    expect(agent.subagentPendingConfirmations).toEqual([])
    // the answer's run is the lane's second turn; the chat's own turns are untouched
    expect(agent.scopes[asked!.source]?.turns.map((turn) => turn.status)).toEqual(['awaiting_confirmation', 'completed'])
    expect(agent.scopes['']?.turns.map((turn) => turn.status)).toEqual(['completed'])
  })

  it('is refused where the transport cannot carry it, or no subagent was exposed, and sends nothing', async () => {
    const server = await serve()
    const transport = { ...createSseTransport({ url: server.url, sessionId: 's2' }), capabilities: AGUI_CAPABILITIES }
    const store = createAgentStore({ transport, scheduleFrame })
    await store.getState().send(userMessage(ask))
    const [asked] = store.getState().agent.subagentPendingConfirmations
    const answer = [{ toolCallId: asked!.toolCalls[0]!.id, approved: true }]
    await expect(store.getState().confirmSubagent(asked!.source, answer)).rejects.toMatchObject({ code: 'refused' })
    await expect(store.getState().confirmSubagent('s2/nobody', answer)).rejects.toMatchObject({ code: 'refused' })
    expect(server.requests.filter((request) => request.url.startsWith('/subagents/'))).toEqual([])
    expect(store.getState().agent.subagentPendingConfirmations).toHaveLength(1)
  })
})
