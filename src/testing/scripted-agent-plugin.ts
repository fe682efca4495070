import type { IncomingMessage, ServerResponse } from 'node:http'
import { createScriptedAgentHandler, type NextFunction, type ScriptedAgentOptions } from './create-scripted-agent-handler'

/**
 * The part of Vite's dev and preview servers the plugin uses. Spelled out here rather than imported from `vite`,
 * so that `agentscope-react/testing` neither needs Vite's types nor makes Vite a peer of the kit; Vite's
 * `ViteDevServer` and `PreviewServer` fit it.
 */
export interface ScriptedAgentPluginServer {
  readonly middlewares: {
    use(handler: (request: IncomingMessage, response: ServerResponse, next: NextFunction) => void): unknown
  }
  readonly httpServer: { once(event: 'close', listener: () => void): unknown } | null
}

/** A Vite plugin (assignable to Vite's `Plugin`) serving the scripted agent. */
export interface ScriptedAgentPlugin {
  readonly name: string
  configureServer(server: ScriptedAgentPluginServer): void
  configurePreviewServer(server: ScriptedAgentPluginServer): void
}

/**
 * A Vite plugin that serves the scripted AgentScope server from the dev and preview servers, so the demo
 * and its agent share one port.
 * @example
 * // vite.config.ts
 * plugins: [react(), scriptedAgentPlugin({ basePath: '/api' })]
 */
export function scriptedAgentPlugin(options: ScriptedAgentOptions = {}): ScriptedAgentPlugin {
  const mount = (server: ScriptedAgentPluginServer) => {
    const handler = createScriptedAgentHandler(options)
    // added directly (not from a returned function), so it runs before Vite's own middlewares
    server.middlewares.use(handler)
    server.httpServer?.once('close', () => handler.close())
  }
  return {
    name: 'agentscope-react:scripted-agent',
    configureServer: mount,
    configurePreviewServer: mount,
  }
}
