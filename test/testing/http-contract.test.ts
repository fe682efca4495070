import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replayEvents, type Msg } from '../../src/core'
import {
  createScriptedAgentHandler,
  INTERRUPTED_REPLY,
  scriptedAgentPlugin,
  startScriptedAgentServer,
  type ScriptedAgentServer,
} from '../../src/testing'
import { eventually, message, ofType, postRun, type WireEvent } from './scripted-client'

// Slow enough that a run is still streaming when the test acts, fast enough to keep the suite short.
const PACE = { deltaMs: 2, jitterMs: 0 }

let server: ScriptedAgentServer

beforeAll(async () => {
  server = await startScriptedAgentServer({ pace: PACE, seed: 11 })
})

afterAll(async () => {
  await server.close()
})

function interrupt(sessionId: string): Promise<unknown> {
  return fetch(`${server.url}/sessions/${sessionId}/interrupt`, { method: 'POST' }).then((response) => response.json())
}

describe('interrupt', () => {
  it('ends a streaming tool as interrupted and returns the canned reply', async () => {
    const answers: unknown[] = []
    const result = await postRun(server.url, 'interrupt-tool', message('run the test suite'), {
      onEvent: (event) => {
        if (event.type === 'TOOL_RESULT_TEXT_DELTA' && answers.length === 0) answers.push(interrupt('interrupt-tool'))
      },
    })
    expect(await answers[0]).toEqual({ interrupted: true })
    const types = result.events.map((event) => event.type)
    expect(types.slice(-3)).toEqual(['TOOL_RESULT_END', 'AGENT_RESULT', 'AGENT_END'])
    expect(ofType(result.events, 'TOOL_RESULT_END')[0]).toMatchObject({ state: 'interrupted' })
    const reply = ofType(result.events, 'AGENT_RESULT')[0]?.result
    expect(reply).toMatchObject({
      content: [{ type: 'text', text: INTERRUPTED_REPLY }],
      metadata: { agentscope_generate_reason: 'INTERRUPTED' },
      usage: null,
    })
    expect(replayEvents(result.events).turns.map((turn) => turn.status)).toEqual(['interrupted'])
    expect(server.handler.storedMessages('interrupt-tool').at(-1)).toEqual(reply)
    expect(await interrupt('interrupt-tool')).toEqual({ interrupted: false })
  })

  it('stops a model call with no block END and no MODEL_CALL_END', async () => {
    let asked = false
    const result = await postRun(server.url, 'interrupt-text', message('a long answer please'), {
      onEvent: (event) => {
        if (event.type === 'TEXT_BLOCK_DELTA' && !asked) {
          asked = true
          void interrupt('interrupt-text')
        }
      },
    })
    const types = result.events.map((event) => event.type)
    expect(types).not.toContain('TEXT_BLOCK_END')
    expect(types).not.toContain('MODEL_CALL_END')
    expect(types.slice(-2)).toEqual(['AGENT_RESULT', 'AGENT_END'])
    expect(replayEvents(result.events).turns[0]?.status).toBe('interrupted')
  })
})

describe('one call at a time', () => {
  it('answers a second POST with 409 while a call streams', async () => {
    let conflict: Promise<Awaited<ReturnType<typeof postRun>>> | undefined
    await postRun(server.url, 'busy', message('run the test suite'), {
      onEvent: (event) => {
        if (event.type !== 'TOOL_RESULT_START' || conflict !== undefined) return
        conflict = postRun(server.url, 'busy', message('hello'))
        void conflict.then(() => interrupt('busy'))
      },
    })
    const answer = await conflict
    expect(answer?.status).toBe(409)
    expect(answer?.json).toMatchObject({ status: 409, error: 'Conflict', path: '/api/sessions/busy/runs' })
  })
})

describe('a client that goes away', () => {
  it('stops the call and the server keeps serving', async () => {
    const controller = new AbortController()
    const received: WireEvent[] = []
    await postRun(server.url, 'gone', message('run the test suite'), {
      signal: controller.signal,
      onEvent: (event) => {
        received.push(event)
        if (event.type === 'TOOL_RESULT_TEXT_DELTA') controller.abort()
      },
    }).catch(() => undefined)
    await eventually(async () => (await postRun(server.url, 'gone', message('hello'))).status === 200)
    const types = server.handler.sentEvents('gone').map((event) => (event as WireEvent).type)
    const firstCall = types.slice(0, types.indexOf('AGENT_START', 1))
    expect(firstCall).toContain('TOOL_RESULT_START')
    expect(firstCall).not.toContain('TOOL_RESULT_END')
    expect(firstCall).not.toContain('AGENT_END')
    expect(received.at(-1)?.type).toBe('TOOL_RESULT_TEXT_DELTA')
    expect((await fetch(`${server.url}/scenarios`)).status).toBe(200)
  })
})

describe('GET endpoints', () => {
  it('returns the stored context as AgentScope keeps it', async () => {
    const fast = await startScriptedAgentServer({ pace: 'instant' })
    await postRun(fast.url, 'context', message("what's the weather in Paris?"))
    const stored = (await (await fetch(`${fast.url}/sessions/context/messages`)).json()) as Msg[]
    const shape = (block: Msg['content'][number]) => block.type + ('state' in block ? `:${String(block.state)}` : '')
    expect(stored.map((entry) => [entry.role, entry.content.map(shape)])).toEqual([
      ['USER', ['text']],
      ['ASSISTANT', ['text', 'tool_use:allowed']],
      ['TOOL', ['tool_result:success']],
      ['ASSISTANT', ['text']],
    ])
    expect(stored).toEqual(fast.handler.storedMessages('context'))
    expect(await (await fetch(`${fast.url}/sessions/nobody/messages`)).json()).toEqual([])
    await fast.close()
  })

  it('lists the scenarios', async () => {
    const scenarios = (await (await fetch(`${server.url}/scenarios`)).json()) as { name: string; keyword: string }[]
    expect(scenarios).toEqual(server.handler.scenarios())
    expect(scenarios.map((scenario) => scenario.keyword)).toContain('clean')
  })

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    expect((await fetch(`${server.url}/sessions/x/unknown`)).status).toBe(404)
    expect((await fetch(`${server.url}/sessions/x/runs`)).status).toBe(405)
  })
})

describe('as middleware', () => {
  it('passes requests outside its base path to next', async () => {
    const handler = createScriptedAgentHandler({ pace: 'instant', basePath: '/agent/' })
    const http = createServer((request, response) =>
      handler(request, response, () => {
        response.writeHead(418)
        response.end()
      }),
    )
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    expect((await fetch(`${base}/index.html`)).status).toBe(418)
    expect((await fetch(`${base}/agent/scenarios`)).status).toBe(200)
    handler.close()
    await new Promise((resolve) => http.close(resolve))
  })

  it('mounts on a Vite dev server through the plugin', async () => {
    type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void
    const middlewares: Middleware[] = []
    const fakeServer = {
      middlewares: { use: (middleware: Middleware) => middlewares.push(middleware) },
      httpServer: new EventEmitter(),
    }
    const plugin = scriptedAgentPlugin({ pace: 'instant' })
    ;(plugin.configureServer as (server: unknown) => void)(fakeServer)
    expect(plugin.name).toBe('agentscope-react:scripted-agent')
    expect(middlewares).toHaveLength(1)
    const http = createServer((request, response) => middlewares[0]?.(request, response, () => response.writeHead(404).end()))
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    const run = await postRun(`${base}/api`, 'vite', message('hello'))
    expect(replayEvents(run.events).turns[0]?.status).toBe('completed')
    expect((await fetch(`${base}/src/main.ts`)).status).toBe(404)
    fakeServer.httpServer.emit('close')
    await new Promise((resolve) => http.close(resolve))
  })
})

it('gives the same content and ids for the same seed', async () => {
  const runs = []
  for (let index = 0; index < 2; index += 1) {
    const seeded = await startScriptedAgentServer({ pace: 'instant', seed: 7 })
    runs.push((await postRun(seeded.url, 'same', message('parallel weather please'))).events)
    await seeded.close()
  }
  const withoutTimes = (events: readonly WireEvent[]) =>
    events.map(({ createdAt: _createdAt, ...rest }) => JSON.stringify(rest).replace(/"timestamp":"[^"]*"/g, ''))
  expect(withoutTimes(runs[0] ?? [])).toEqual(withoutTimes(runs[1] ?? []))
})
