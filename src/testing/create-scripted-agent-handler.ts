/**
 * The scripted AgentScope server as a Node request handler (and Connect/Vite middleware): the native event
 * bridge of protocol §9.1 over real HTTP, with scripted scenarios instead of a model.
 */
import { randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Msg } from '../core'
import { runCall, userText } from './agent-loop'
import { createAgentProtocolRoutes } from './agent-protocol-routes'
import { createAgentSession, type AgentSession } from './agent-session'
import { createAguiRoutes } from './agui-routes'
import { createEventWriter, type EventWriter } from './event-writer'
import { BodyError, CORS_HEADERS, readJsonBody, sendError, sendJson } from './http-responses'
import { createPacer, type Pace } from './pace'
import { readRunBody, RunRequestError, validateRunInput } from './read-run-body'
import { HELP, pickScenario, scenarioInfos, type ScenarioInfo } from './scenario-catalog'
import { createSeededRandom } from './seeded-random'

/** Options of the scripted server. */
export interface ScriptedAgentOptions {
  /** Where the routes live. @default '/api' */
  readonly basePath?: string
  /** How fast events stream. @default 'realistic' */
  readonly pace?: Pace
  /**
   * Seeds the ids (per session) and the pacing jitter: the same seed gives the same ids for the same requests.
   * @default random
   */
  readonly seed?: number
}

/** Connect's `next`: called for requests outside `basePath`. */
export type NextFunction = (error?: unknown) => void

/** A Node request handler, usable as Connect or Vite middleware, plus a look into its sessions. */
export interface ScriptedAgentHandler {
  (request: IncomingMessage, response: ServerResponse, next?: NextFunction): void
  /** Every event object handed to this session's sockets so far, across calls, in order. */
  sentEvents(sessionId: string): unknown[]
  /** The session's stored context, as `GET …/messages` returns it. */
  storedMessages(sessionId: string): Msg[]
  /** The scenarios, as `GET …/scenarios` lists them. */
  scenarios(): ScenarioInfo[]
  /** Stops every streaming call (their connections are dropped) and answers 503 from now on. */
  close(): void
}

const SESSION_ROUTE = /^\/sessions\/([^/]+)\/(runs|interrupt|messages)$/

/**
 * Creates the handler. Routes, under `basePath`: `POST /sessions/{id}/runs` (SSE), `POST /sessions/{id}/interrupt`,
 * `GET /sessions/{id}/messages` and `GET /scenarios`; the Agent Protocol task routes (`/tasks…`, see
 * `agent-protocol-routes.ts`) and AG-UI's `POST /agui/run` (`agui-routes.ts`). Anything else goes to `next`, or gets a 404.
 * @example
 * const handler = createScriptedAgentHandler({ pace: 'instant', seed: 1 })
 * http.createServer(handler).listen(8787)
 */
export function createScriptedAgentHandler(options: ScriptedAgentOptions = {}): ScriptedAgentHandler {
  const basePath = normalizeBasePath(options.basePath ?? '/api')
  const seed = options.seed ?? randomInt(2 ** 31)
  const jitter = createSeededRandom(seed ^ 0x5bd1e995)
  const sessions = new Map<string, AgentSession>()
  const writers = new Set<EventWriter>()
  let closed = false
  const protocolOptions = { seed, pacer: () => createPacer(options.pace, jitter) }
  const agentProtocol = createAgentProtocolRoutes(protocolOptions)
  const agui = createAguiRoutes(protocolOptions)

  const sessionFor = (id: string): AgentSession => {
    let session = sessions.get(id)
    if (session === undefined) {
      session = createAgentSession(id, seed)
      sessions.set(id, session)
    }
    return session
  }

  async function handle(request: IncomingMessage, response: ServerResponse, next?: NextFunction): Promise<void> {
    // Express rewrites `url` below a mount point; `originalUrl` keeps the full path
    const fullUrl = (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? '/'
    const url = new URL(fullUrl, 'http://localhost')
    const path = url.pathname
    if (path !== basePath && !path.startsWith(`${basePath}/`)) {
      if (next !== undefined) next()
      else sendError(response, path, 404, `No route for ${path}`)
      return
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS)
      response.end()
      return
    }
    if (closed) {
      sendError(response, path, 503, 'The scripted agent server is closed')
      return
    }
    const route = path.slice(basePath.length)
    if (route === '/scenarios') {
      if (request.method !== 'GET') return sendError(response, path, 405, 'Use GET')
      return sendJson(response, 200, scenarioInfos())
    }
    if (await agentProtocol.handle(request, response, route, url)) return
    if (await agui.handle(request, response, route, url)) return
    const match = SESSION_ROUTE.exec(route)
    const sessionId = match?.[1] === undefined ? '' : decodeURIComponent(match[1])
    if (match === null || sessionId === '') return sendError(response, path, 404, `No route for ${path}`)
    switch (match[2]) {
      case 'messages': {
        if (request.method !== 'GET') return sendError(response, path, 405, 'Use GET')
        return sendJson(response, 200, sessions.get(sessionId)?.context ?? [])
      }
      case 'interrupt': {
        if (request.method !== 'POST') return sendError(response, path, 405, 'Use POST')
        request.resume()
        return sendJson(response, 200, { interrupted: sessions.get(sessionId)?.writer?.interrupt() ?? false })
      }
      default: {
        if (request.method !== 'POST') return sendError(response, path, 405, 'Use POST')
        return startRun(request, response, path, sessionFor(sessionId))
      }
    }
  }

  async function startRun(request: IncomingMessage, response: ServerResponse, path: string, session: AgentSession): Promise<void> {
    let body: unknown
    try {
      body = await readJsonBody(request)
    } catch (error) {
      if (error instanceof BodyError) return sendError(response, path, error.status, error.message)
      throw error
    }
    if (session.writer !== null) {
      const problem = `Session ${session.id} already has a call streaming; wait for AGENT_END or interrupt it`
      return sendError(response, path, 409, problem)
    }
    let input
    try {
      input = readRunBody(body, session.ids)
      // Upstream fails the call with an IllegalStateException; this server answers 500 before streaming anything.
      validateRunInput(session, input)
    } catch (error) {
      if (error instanceof RunRequestError) return sendError(response, path, error.status, error.message)
      throw error
    }
    const scenario = input.kind === 'message' ? pickScenario(userText(input.messages)) : (session.thread?.scenario ?? HELP)
    response.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
    response.flushHeaders()
    const writer = createEventWriter({
      response,
      pacer: createPacer(options.pace, jitter),
      ids: session.ids,
      legacyTypeNames: scenario.legacyTypeNames,
      onSent: (event) => session.sentEvents.push(event),
    })
    session.writer = writer
    writers.add(writer)
    // WebFlux cancels the subscription when the client goes away: the call stops at its next checkpoint
    response.on('close', () => {
      if (!response.writableFinished) writer.cancel()
    })
    if (response.destroyed) writer.cancel()
    try {
      await runCall(session, writer, input, scenario)
    } finally {
      session.writer = null
      writers.delete(writer)
      if (!response.writableEnded && !response.destroyed) response.destroy()
    }
  }

  const handler = (request: IncomingMessage, response: ServerResponse, next?: NextFunction): void => {
    handle(request, response, next).catch((error: unknown) => {
      if (response.headersSent) response.destroy()
      else sendError(response, request.url ?? '', 500, error instanceof Error ? error.message : String(error))
    })
  }
  return Object.assign(handler, {
    sentEvents: (sessionId: string): unknown[] => [...(sessions.get(sessionId)?.sentEvents ?? [])],
    storedMessages: (sessionId: string): Msg[] => [...(sessions.get(sessionId)?.context ?? [])],
    scenarios: scenarioInfos,
    close() {
      closed = true
      for (const writer of writers) writer.cancel()
      agentProtocol.close()
      agui.close()
    },
  })
}

/** `'/api/'` → `'/api'`, `'api'` → `'/api'`, `'/'` → `''`. */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '')
  if (trimmed === '') return ''
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}
