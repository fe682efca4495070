/**
 * Builds the demo once, serves it with `vite preview --mode demo` (strict CSP, scripted agent at /api) on a free
 * loopback port, and launches one Chromium that every test file connects to. Everything is torn down whatever happens.
 */
import { mkdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserServer } from 'playwright-core'
import { build, preview, type Plugin, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { PWNED_LOG_PATH } from './demo-page'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo's origin, e.g. `http://127.0.0.1:43121`. */
    readonly baseUrl: string
    /** Where `chromium.connect()` reaches the shared browser. */
    readonly browserEndpoint: string
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// Records every request that mentions "pwned", and answers them with 204; tests read the list from PWNED_LOG_PATH.
function pwnedRecorder(): Plugin {
  const seen: string[] = []
  return {
    name: 'browser-test:pwned-recorder',
    configurePreviewServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const url = request.url ?? ''
        if (url === PWNED_LOG_PATH) {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify(seen))
        } else if (url.toLowerCase().includes('pwned')) {
          seen.push(`${request.method ?? 'GET'} ${url}`)
          response.writeHead(204)
          response.end()
        } else {
          next()
        }
      })
    },
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Most scenarios take milliseconds at 3 ms a delta; `suite` still streams for ~3 s and `long` for ~6 s.
  process.env.SCRIPTED_AGENT_PACE ??= '3'
  // the tests script the built-in agent; a real server (vite.config.ts AGENTSCOPE_URL) answers differently
  delete process.env.AGENTSCOPE_URL
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true'
  mkdirSync(`${ROOT}/test-results/screenshots`, { recursive: true })
  const configFile = `${ROOT}/vite.config.ts`

  // Vitest runs with NODE_ENV=test, which would build the demo with React's development build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: ROOT, configFile, mode: 'demo', logLevel: 'error' })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }

  let server: PreviewServer | undefined
  let browser: BrowserServer | undefined
  const killBrowser = () => browser?.process().kill('SIGKILL')
  const teardown = async () => {
    process.off('exit', killBrowser)
    const results = await Promise.allSettled([browser?.close(), server?.close()])
    for (const result of results) if (result.status === 'rejected') console.error(result.reason)
  }
  try {
    server = await preview({
      root: ROOT,
      configFile,
      mode: 'demo',
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0, open: false },
      plugins: [pwnedRecorder()],
    })
    const address = server.httpServer.address()
    if (address === null || typeof address === 'string') throw new Error('The preview server has no TCP address')
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    // a crash or Ctrl+C must not leave a Chromium behind
    process.once('exit', killBrowser)
    project.provide('baseUrl', `http://127.0.0.1:${address.port}`)
    project.provide('browserEndpoint', browser.wsEndpoint())
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
