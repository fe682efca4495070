/**
 * `npm run record:interop`: runs every interop scenario against the real AgentScope server and writes
 * test/fixtures/recorded/<scenario>.sse (the raw SSE bodies of its runs, back to back) and <scenario>.json
 * ({ name, description, agentscope, runs, events, expected }), which test/core/recorded-fixtures.test.ts
 * replays in `npm test`. `expected` is the server's stored context in the normalised form of
 * compare-context.ts, plus the turn statuses the scenario must end with.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expectedRebuild } from './compare-context'
import { buildServer, startServer } from './java-server'
import { SCENARIOS, runScenario } from './scenarios'

const OUT = fileURLToPath(new URL('../fixtures/recorded/', import.meta.url))
/** The agentscope-core version of examples/agentscope-server/pom.xml. */
export const AGENTSCOPE_VERSION = '2.0.0'

// One event per line: small diffs when a recording changes.
function fixtureJson(fixture: Record<string, unknown> & { events: readonly unknown[] }): string {
  const { events, ...rest } = fixture
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '')
  return `${head},\n  "events": [\n${events.map((event) => `    ${JSON.stringify(event)}`).join(',\n')}\n  ]\n}\n`
}

async function main(): Promise<void> {
  const only = process.argv.slice(2)
  buildServer()
  const server = await startServer({ paceMs: 5 })
  try {
    mkdirSync(OUT, { recursive: true })
    for (const scenario of SCENARIOS) {
      if (only.length > 0 && !only.includes(scenario.name)) continue
      const run = await runScenario(server.url, scenario)
      const events = run.runs.flatMap((record) => record.events)
      const fixture = {
        name: scenario.name,
        description: scenario.description,
        agentscope: AGENTSCOPE_VERSION,
        runs: run.runs.map((record) => ({ request: record.request, eventCount: record.events.length })),
        expected: expectedRebuild(run.stored, events, scenario.turnStatuses),
        events,
      }
      writeFileSync(`${OUT}${scenario.name}.sse`, run.runs.map((record) => record.body).join(''))
      writeFileSync(`${OUT}${scenario.name}.json`, fixtureJson(fixture))
      console.log(`recorded ${scenario.name}: ${run.runs.length} run(s), ${events.length} events`)
    }
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
