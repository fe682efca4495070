/**
 * `npm run record:interop`: runs every interop scenario against the real AgentScope servers and writes
 * - for 2.0.0 (native bridge): test/fixtures/recorded/<scenario>.sse (the raw SSE bodies of its runs, back to back)
 *   and <scenario>.json ({ name, description, agentscope, runs, events, expected }), replayed by
 *   test/core/recorded-fixtures.test.ts;
 * - for 2.0.2, per transport: test/fixtures/recorded/agentscope-2.0.2/<transport>/<scenario>.{sse,json}, the same with
 *   `transport`, replayed by test/core/recorded-2.0.2.test.ts.
 * `expected` is the server's stored context in the normalised form of compare-context.ts, plus the turn statuses the
 * scenario must end with; `events` are what the kit's transport delivered.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withSubagentSource } from '../../src/transport/subagent-source'
import { expectedRebuild } from './compare-context'
import { buildServer, startServer } from './java-server'
import { SCENARIOS, TRANSPORTS, runScenario } from './scenarios'
import { NOT_CARRIED } from './transport-gaps'

const OUT = fileURLToPath(new URL('../fixtures/recorded/', import.meta.url))
/** The agentscope-core version of examples/agentscope-server/pom.xml. */
export const AGENTSCOPE_VERSION = '2.0.0'

// One event per line: small diffs when a recording changes.
function fixtureJson(fixture: Record<string, unknown> & { events: readonly unknown[] }): string {
  const { events, ...rest } = fixture
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '')
  return `${head},\n  "events": [\n${events.map((event) => `    ${JSON.stringify(event)}`).join(',\n')}\n  ]\n}\n`
}

async function record202(only: readonly string[]): Promise<void> {
  buildServer('2.0.2')
  const server = await startServer({ paceMs: 5 })
  try {
    for (const transport of TRANSPORTS) {
      const out = `${OUT}agentscope-2.0.2/${transport}/`
      mkdirSync(out, { recursive: true })
      for (const scenario of SCENARIOS) {
        if ((only.length > 0 && !only.includes(scenario.name)) || NOT_CARRIED[transport][scenario.name] !== undefined) continue
        if (scenario.name === 'interrupt' && transport !== 'native') continue // what the server keeps depends on timing
        const run = await runScenario(server.url, scenario, transport)
        // a run on an exposed subagent is recorded as the session saw it: its events in the subagent's lane
        const laneOf = (subagentId: string | undefined) => run.subagentContexts.find((context) => context.subagentId === subagentId)?.source
        const events = run.runs.flatMap((entry) => {
          const source = laneOf(entry.subagentId)
          if (source === undefined) return entry.events
          const stamped: unknown[] = []
          const handlers = withSubagentSource({ signal: new AbortController().signal, onEvent: (value) => stamped.push(value) }, source)
          for (const value of entry.events) handlers.onEvent(value)
          return stamped
        })
        const fixture = {
          name: scenario.name,
          description: scenario.description,
          agentscope: '2.0.2',
          transport,
          runs: run.runs.map((entry) => ({
            request: entry.request,
            eventCount: entry.events.length,
            ...(entry.subagentId === undefined ? {} : { subagentId: entry.subagentId, source: laneOf(entry.subagentId) }),
          })),
          expected: expectedRebuild(run.stored, events, scenario.turnStatuses),
          events,
        }
        writeFileSync(`${out}${scenario.name}.sse`, run.runs.map((entry) => entry.body).join(''))
        writeFileSync(`${out}${scenario.name}.json`, fixtureJson(fixture))
        console.log(`recorded 2.0.2 ${transport} ${scenario.name}: ${run.runs.length} run(s), ${events.length} events`)
      }
    }
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  if (args[0] === '--agentscope=2.0.2') return record202(args.slice(1))
  const only = args
  buildServer('2.0.0')
  const server = await startServer({ paceMs: 5, version: '2.0.0' })
  try {
    mkdirSync(OUT, { recursive: true })
    for (const scenario of SCENARIOS) {
      if ((only.length > 0 && !only.includes(scenario.name)) || scenario.harness === true) continue
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
