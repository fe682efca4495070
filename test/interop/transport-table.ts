/**
 * The README's "What each transport carries" table, generated from what the interop suite checks against
 * AgentScope 2.0.2: each transport's declared capabilities (which test/interop/transports.test.ts holds to the
 * server's behaviour, NOT_CARRIED) and the differences it measured (TRANSPORT_GAPS, STOP_ON_SERVER), then every
 * scenario's result per transport: `exact`, the number of listed differences (each verbatim in transport-gaps.ts,
 * which the suite requires to be exactly what it measures), or not carried.
 * `npm run readme:transports` rewrites the table in README.md; test/core/readme-transports.test.ts fails when the
 * README and this table disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { AGENT_PROTOCOL_CAPABILITIES } from '../../src/transport/agent-protocol-transport'
import type { TransportCapabilities } from '../../src/transport/agent-transport'
import { AGUI_CAPABILITIES } from '../../src/transport/agui-transport'
import { createSseTransport } from '../../src/transport/sse-transport'
import { SCENARIOS } from './scenarios'
import { NOT_CARRIED, STOP_ON_SERVER, TRANSPORT_GAPS } from './transport-gaps'

export const README = fileURLToPath(new URL('../../README.md', import.meta.url))
export const BEGIN = '<!-- transport-table:begin (npm run readme:transports) -->'
export const END = '<!-- transport-table:end -->'

const COLUMNS = [
  ['native', 'native bridge', createSseTransport({ url: '/' }).capabilities as TransportCapabilities],
  ['agui', 'AG-UI', AGUI_CAPABILITIES],
  ['agent-protocol', 'Agent Protocol', AGENT_PROTOCOL_CAPABILITIES],
] as const

const ROWS: readonly (readonly [keyof TransportCapabilities, string])[] = [
  ['confirm', 'answer a tool confirmation'],
  ['editArguments', 'approve with edited arguments'],
  ['rules', '"Always allow" (permission rules)'],
  ['externalResults', 'results of tools run by the client'],
  ['resume', 'pick up a dropped stream'],
  ['mediaInResults', 'images and files in tool results'],
  ['resultStates', 'tool result states (error, denied)'],
  ['stopReason', 'why a turn stopped, from the server'],
  ['serverStop', 'Stop interrupts the agent on the server'],
  ['subagentConfirm', "answer a subagent's own confirmation"],
]

const STOP: Readonly<Record<string, string>> = {
  interrupted: 'interrupted, partial reply stored',
  cancelled: 'stream cancelled, nothing stored',
  'runs on': 'task marked cancelled, the agent runs on',
}

function scenarioResult(transport: (typeof COLUMNS)[number][0], scenario: string): string {
  const capability = NOT_CARRIED[transport][scenario]
  if (capability !== undefined) return `not carried (\`${capability}\`)`
  const count = TRANSPORT_GAPS[transport][scenario]?.differences.length ?? 0
  return count === 0 ? 'exact' : `${count} listed difference${count === 1 ? '' : 's'}`
}

export function transportTable(): string {
  const header = `| AgentScope 2.0.2 | ${COLUMNS.map(([, label]) => label).join(' | ')} |`
  const rule = `|---|${COLUMNS.map(() => '---').join('|')}|`
  const rows = ROWS.map(([key, label]) => `| ${label} | ${COLUMNS.map(([, , capabilities]) => (capabilities[key] ? 'yes' : 'no')).join(' | ')} |`)
  const stop = `| after Stop, on the server | ${COLUMNS.map(([name]) => STOP[STOP_ON_SERVER[name]]).join(' | ')} |`
  const scenarioHeader = `| scenario (kit's rebuild vs stored context) | ${COLUMNS.map(([, label]) => label).join(' | ')} |`
  const scenarios = SCENARIOS.map(
    (scenario) => `| \`${scenario.name}\` | ${COLUMNS.map(([name]) => scenarioResult(name, scenario.name)).join(' | ')} |`,
  )
  return [BEGIN, header, rule, ...rows, stop, '', scenarioHeader, rule, ...scenarios, END].join('\n')
}

/** README.md with its table replaced by the generated one. */
export function readmeWithTable(readme: string): string {
  const start = readme.indexOf(BEGIN)
  const end = readme.indexOf(END)
  if (start === -1 || end === -1) throw new Error(`README.md has no ${BEGIN} … ${END} markers`)
  return `${readme.slice(0, start)}${transportTable()}${readme.slice(end + END.length)}`
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(README, readmeWithTable(readFileSync(README, 'utf8')))
  console.log('README.md: transport table written')
}
