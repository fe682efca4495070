import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createScriptedAgentHandler, normalizeBasePath, type ScriptedAgentHandler, type ScriptedAgentOptions } from './create-scripted-agent-handler'

/** Options of {@link startScriptedAgentServer}. */
export interface ScriptedAgentServerOptions extends ScriptedAgentOptions {
  /** `0` picks a free port. @default 0 */
  readonly port?: number
  /** @default '127.0.0.1' */
  readonly host?: string
}

/** A running scripted server. */
export interface ScriptedAgentServer {
  /** The base URL, `basePath` included, e.g. `http://127.0.0.1:8787/api`. */
  readonly url: string
  readonly port: number
  readonly handler: ScriptedAgentHandler
  /** Stops streaming calls, drops every connection and stops listening. */
  close(): Promise<void>
}

/**
 * Starts the scripted AgentScope server on its own HTTP port.
 * @example
 * const server = await startScriptedAgentServer({ pace: 'instant' })
 * await fetch(`${server.url}/sessions/s1/runs`, { method: 'POST', headers: { Accept: 'text/event-stream' }, body })
 * await server.close()
 */
export async function startScriptedAgentServer(options: ScriptedAgentServerOptions = {}): Promise<ScriptedAgentServer> {
  const handler = createScriptedAgentHandler(options)
  const server = createServer((request, response) => handler(request, response))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${hostInUrl}:${port}${normalizeBasePath(options.basePath ?? '/api')}`,
    port,
    handler,
    async close() {
      handler.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
