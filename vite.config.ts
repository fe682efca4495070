import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { runnerImport, type Plugin, type PreviewServer, type ViteDevServer } from 'vite'
import react from '@vitejs/plugin-react'
import { unitTestProjects } from './test/unit-test-files.ts'
import type * as Testing from './src/testing'

// The demo is served under this policy in preview (and in the browser tests): no inline script, no eval.
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

// SCRIPTED_AGENT_PACE: 'realistic' (the default), 'instant', or the ms per text delta (the browser tests use 3)
const SCRIPTED_AGENT_PACE =
  process.env.SCRIPTED_AGENT_PACE === 'instant'
    ? 'instant'
    : Number(process.env.SCRIPTED_AGENT_PACE) > 0
      ? { deltaMs: Number(process.env.SCRIPTED_AGENT_PACE) }
      : 'realistic'

const STYLESHEETS = ['src/components/styles.css', 'src/components/markdown/markdown.css']

// The stylesheet is an entry of its own (`agentscope-react/styles.css`), never imported by the JS,
// so that importing the kit in SSR or tests needs no CSS loader.
function emitStylesheet(mode: string): Plugin {
  return {
    name: 'agentscope-react:stylesheet',
    apply: () => mode !== 'demo',
    generateBundle() {
      const source = STYLESHEETS.map((file) => readFileSync(file, 'utf8')).join('\n')
      this.emitFile({ type: 'asset', fileName: 'styles.css', source })
      // The inspector's own stylesheet (`agentscope-react/inspector.css`): a chat that never opens it never loads it.
      this.emitFile({ type: 'asset', fileName: 'inspector.css', source: readFileSync('src/inspector/inspector.css', 'utf8') })
    },
  }
}

// The scripted agent's source is loaded through Vite's module runner when a server starts, not bundled with this
// config: Vite checks every file it bundles into a config for what its future native loader cannot load
// (extensionless imports) and prints a warning per import on every command.
function scriptedAgent(options: Testing.ScriptedAgentOptions): Plugin {
  const mount = async (server: ViteDevServer | PreviewServer) => {
    const { module } = await runnerImport<typeof Testing>(fileURLToPath(new URL('./src/testing.ts', import.meta.url)))
    const handler = module.createScriptedAgentHandler(options)
    // added directly (not from a returned function), so it runs before Vite's own middlewares
    server.middlewares.use(handler)
    server.httpServer?.once('close', () => handler.close())
  }
  return { name: 'agentscope-react:scripted-agent', configureServer: mount, configurePreviewServer: mount }
}

// With AGENTSCOPE_URL (e.g. http://127.0.0.1:8080, `npm run dev:agentscope`), /api goes to that real AgentScope
// server (examples/agentscope-server) instead of the built-in scripted one.
const AGENTSCOPE_URL = process.env.AGENTSCOPE_URL
const AGENTSCOPE_PROXY = AGENTSCOPE_URL ? { '/api': { target: AGENTSCOPE_URL, changeOrigin: true } } : undefined

// `vite build` builds the library; `vite build --mode demo` builds the demo page into dist-demo/,
// which `vite preview --mode demo` serves with the scripted agent under the strict CSP above.
export default defineConfig(({ mode, command }) => ({
  // The library build writes ~120 modules: list them only when asked (`--logLevel info`); warnings still show.
  logLevel: command === 'build' && mode !== 'demo' ? 'warn' : 'info',
  plugins: [react(), emitStylesheet(mode), ...(AGENTSCOPE_URL ? [] : [scriptedAgent({ basePath: '/api', pace: SCRIPTED_AGENT_PACE })])],
  server: { proxy: AGENTSCOPE_PROXY },
  preview: { headers: { 'Content-Security-Policy': STRICT_CSP }, proxy: AGENTSCOPE_PROXY },
  build: mode === 'demo' ? { outDir: 'dist-demo', sourcemap: true } : LIBRARY_BUILD,
  test: {
    environment: 'node',
    setupFiles: ['test/setup-testing-library.ts'],
    // vitest's default on 2 cores is one worker (cores - 1): the main process is mostly idle once the modules are
    // transformed, so a second worker halves the run.
    maxWorkers: 2,
    // A global a test stubs (vi.stubGlobal) is put back after it, so that it can not leak into the next file.
    unstubGlobals: true,
    // A limit against hangs, not a speed check (no test asserts on wall time): 5 s, vitest's default, turned a test
    // that needs 1 s on a quiet machine red when other jobs loaded the two cores; 15 s still ends a hang.
    testTimeout: 15_000,
    projects: unitTestProjects(),
  },
}))

// One output file per source module (`preserveModules`): with `"sideEffects"` in package.json, a consumer's bundler
// drops every module it does not import, so a top-level `forwardRef`/`createContext` of an unused component never
// lands in an app that only uses the hooks. No source maps: they would embed the whole source in the package.
const PACKAGE_MANIFEST = JSON.parse(readFileSync('package.json', 'utf8')) as Record<'dependencies' | 'peerDependencies', Record<string, string>>
const PACKAGE_DEPENDENCIES = [...Object.keys(PACKAGE_MANIFEST.dependencies), ...Object.keys(PACKAGE_MANIFEST.peerDependencies)]
const LIBRARY_BUILD = {
  lib: {
    entry: { index: 'src/index.ts', core: 'src/core.ts', testing: 'src/testing.ts', inspector: 'src/inspector.ts' },
    formats: ['es' as const],
  },
  sourcemap: false,
  minify: false,
  rollupOptions: {
    // every dependency and peer stays an import: a consumer installs it once, and the package carries none of it
    external: [...PACKAGE_DEPENDENCIES.map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}($|/)`)), /^node:/],
    output: {
      preserveModules: true,
      preserveModulesRoot: 'src',
      entryFileNames: '[name].js',
      // The React entry is a client module for React Server Components (Next.js App Router); `./core` and
      // `./testing` stay directive-free. A directive inside a source module would not survive bundling.
      banner: (chunk: { fileName: string }) => (chunk.fileName === 'index.js' || chunk.fileName === 'inspector.js' ? "'use client'" : ''),
    },
  },
}
