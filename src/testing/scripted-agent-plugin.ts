import type { Plugin, PreviewServer, ViteDevServer } from 'vite'
import { createScriptedAgentHandler, type ScriptedAgentOptions } from './create-scripted-agent-handler'

/**
 * A Vite plugin that serves the scripted AgentScope server from the dev and preview servers, so the demo
 * and its agent share one port.
 * @example
 * // vite.config.ts
 * plugins: [react(), scriptedAgentPlugin({ basePath: '/api' })]
 */
export function scriptedAgentPlugin(options: ScriptedAgentOptions = {}): Plugin {
  const mount = (server: ViteDevServer | PreviewServer) => {
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
