/**
 * `npm run dev:agentscope`: packages and starts the example AgentScope server on port 8080, then the demo's
 * Vite dev server with AGENTSCOPE_URL=http://127.0.0.1:8080, so /api reaches the real server. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildServer, startServer } from './java-server'

const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url))

const PORT = Number(process.env.AGENTSCOPE_PORT ?? 8080)

async function main(): Promise<void> {
  buildServer()
  const server = await startServer({ port: PORT, echo: true })
  console.log(`AgentScope server: ${server.url}/api (stored context: ${server.url}/api/sessions/<id>/messages)`)
  const vite = spawn(process.execPath, [VITE, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, AGENTSCOPE_URL: server.url },
  })
  // Ctrl+C reaches both; a signal sent to this process alone must not leave Vite behind (Java is handled by java-server.ts)
  process.once('exit', () => vite.kill('SIGTERM'))
  vite.once('exit', (code) => {
    server.stop().finally(() => process.exit(code ?? 0))
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
