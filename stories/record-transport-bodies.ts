/**
 * Records the HTTP exchanges the transport stories replay (`npx tsx stories/record-transport-bodies.ts`): starts the
 * scripted AgentScope server on a free loopback port, runs the weather scenario through the kit's own AG-UI and
 * Agent Protocol transports and store, and saves every request the transport made with the raw response body
 * (`stories/scripts/transports/<protocol>-<scenario>.json`). The native bridge story needs no recording of its own:
 * it serializes an existing `stories/scripts/*.json` as SSE frames.
 *
 * Ids in paths (task ids) are replaced by `{id}`, so the story's fetch can answer whatever id its transport makes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAgentProtocolTransport, createAguiTransport } from '../src/core'
import type { AgentTransport } from '../src/core'
import { createAgentStore } from '../src/store/create-agent-store'
import { startScriptedAgentServer } from '../src/testing'
import { pickScenario } from '../src/testing/scenario-catalog'
import type { RecordedExchange, RecordedTransportBody } from './support/recorded-transport'

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'scripts', 'transports')
const SEED = 20_260_514
const TASK_ID = 'recorded-task'

function recordingFetch(base: string, exchanges: RecordedExchange[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input))
    const response = await fetch(input, init)
    const body = await response.clone().text()
    exchanges.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname.slice(new URL(base).pathname.length)}${url.search}`.replaceAll(TASK_ID, '{id}'),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body,
    })
    return response
  }
}

async function record(
  protocol: RecordedTransportBody['protocol'],
  text: string,
  url: string,
  make: (fetchImpl: typeof fetch) => AgentTransport,
): Promise<RecordedTransportBody> {
  const scenario = pickScenario(text)
  const exchanges: RecordedExchange[] = []
  const store = createAgentStore({ transport: make(recordingFetch(url, exchanges)) })
  await store.getState().send(text)
  const status = store.getState().status
  if (status !== 'done') throw new Error(`${protocol} ${scenario.name}: the run ended as ${status}: ${JSON.stringify(store.getState().error)}`)
  return { protocol, scenario: scenario.name, text, exchanges }
}

function save(file: string, recorded: RecordedTransportBody): void {
  const text = `${JSON.stringify(recorded, null, 2)}\n`
  writeFileSync(join(OUT_DIR, file), text)
  console.log(`${file.padEnd(30)} ${recorded.exchanges.length} exchange(s) ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`)
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true })
  const server = await startScriptedAgentServer({ pace: 'instant', seed: SEED })
  try {
    const text = "What's the weather in Paris right now?"
    save(
      'agui-tool-call.json',
      await record('agui', text, server.url, (fetchImpl) =>
        createAguiTransport({ url: `${server.url}/agui/run`, threadId: 'recorded-thread', fetch: fetchImpl }),
      ),
    )
    save(
      'agent-protocol-tool-call.json',
      await record('agent-protocol', text, server.url, (fetchImpl) =>
        createAgentProtocolTransport({ url: server.url, agentId: 'assistant', createTaskId: () => TASK_ID, fetch: fetchImpl }),
      ),
    )
  } finally {
    await server.close()
  }
}

await main()
