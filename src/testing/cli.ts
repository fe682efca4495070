/**
 * Starts the scripted AgentScope server on its own port and prints its URL.
 * @example npx tsx src/testing/cli.ts --port 8787 --pace realistic
 */
import { parseArgs } from 'node:util'
import type { Pace } from './pace'
import { startScriptedAgentServer } from './start-scripted-agent-server'

const USAGE = `Usage: tsx src/testing/cli.ts [options]

  --port <n>         port to listen on; 0 picks a free one (default 8787)
  --host <name>      interface to bind (default 127.0.0.1)
  --base-path <p>    where the routes live (default /api)
  --pace <pace>      realistic | instant | <ms per text delta>[,<jitter ms>] (default realistic)
  --seed <n>         seed for ids and jitter (default random)
  --help             show this text`

function readPace(value: string): Pace {
  if (value === 'realistic' || value === 'instant') return value
  const [deltaMs, jitterMs] = value.split(',').map(Number)
  if (deltaMs === undefined || !Number.isFinite(deltaMs) || (jitterMs !== undefined && !Number.isFinite(jitterMs))) {
    throw new Error(`--pace must be realistic, instant or <ms>[,<jitter ms>], got "${value}"`)
  }
  return { deltaMs, jitterMs: jitterMs ?? 0 }
}

function readInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number)) throw new Error(`${name} must be a whole number, got "${value}"`)
  return number
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      'base-path': { type: 'string', default: '/api' },
      pace: { type: 'string', default: 'realistic' },
      seed: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help === true) {
    console.log(USAGE)
    return
  }
  const server = await startScriptedAgentServer({
    port: readInteger(values.port, '--port'),
    host: values.host,
    basePath: values['base-path'],
    pace: readPace(values.pace ?? 'realistic'),
    seed: readInteger(values.seed, '--seed'),
  })
  console.log(`Scripted AgentScope server listening on ${server.url}`)
  console.log(`  POST ${server.url}/sessions/{sessionId}/runs   (Accept: text/event-stream)`)
  console.log(`  POST ${server.url}/sessions/{sessionId}/interrupt`)
  console.log(`  GET  ${server.url}/sessions/{sessionId}/messages`)
  console.log(`  GET  ${server.url}/scenarios\n`)
  console.log('Put a keyword in your message to pick a scenario:')
  for (const scenario of server.handler.scenarios()) console.log(`  ${scenario.keyword.padEnd(9)} ${scenario.name}`)
  const stop = () => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  console.error(USAGE)
  process.exit(1)
})
