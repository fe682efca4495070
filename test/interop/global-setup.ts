/**
 * Packages and starts the example AgentScope server in both builds (2.0.2: native bridge, AG-UI, Agent Protocol;
 * 2.0.0: native bridge), each on a free loopback port, a Vite dev server whose /api proxies to the 2.0.2 one
 * (AGENTSCOPE_URL, as `npm run dev:agentscope` does), and one Chromium. Everything is stopped whatever happens,
 * the Java processes included (java-server.ts also kills them on exit and Ctrl+C).
 */
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserServer } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { buildServer, startServer, type JavaServer } from './java-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The AgentScope 2.0.2 server's origin; its endpoints are under `/api`. */
    readonly agentscopeUrl: string
    /** The AgentScope 2.0.0 server's origin (native bridge only). */
    readonly agentscope200Url: string
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now()
  buildServer('2.0.2')
  buildServer('2.0.0')
  let java: JavaServer | undefined
  let java200: JavaServer | undefined
  let vite: ViteDevServer | undefined
  let browser: BrowserServer | undefined
  const killBrowser = () => browser?.process().kill('SIGKILL')
  const teardown = async () => {
    process.off('exit', killBrowser)
    const results = await Promise.allSettled([browser?.close(), vite?.close(), java?.stop(), java200?.stop()])
    for (const result of results) if (result.status === 'rejected') console.error(result.reason)
  }
  try {
    ;[java, java200] = await Promise.all([startServer({ paceMs: 5 }), startServer({ paceMs: 5, version: '2.0.0' })])
    process.env.AGENTSCOPE_URL = java.url
    process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true'
    vite = await createServer({
      root: ROOT,
      configFile: `${ROOT}/vite.config.ts`,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    })
    await vite.listen()
    const address = vite.httpServer?.address()
    if (address === null || address === undefined || typeof address === 'string') throw new Error('The Vite server has no TCP address')
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    process.once('exit', killBrowser)
    project.provide('agentscopeUrl', java.url)
    project.provide('agentscope200Url', java200.url)
    project.provide('baseUrl', `http://127.0.0.1:${address.port}`)
    project.provide('browserEndpoint', browser.wsEndpoint())
    console.log(
      `[interop] AgentScope 2.0.2 ${java.url}, 2.0.0 ${java200.url}, demo http://127.0.0.1:${address.port} (ready in ${Date.now() - started} ms)`,
    )
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
