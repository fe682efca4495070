import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RunRequest } from '../../src/core'

/** One of the streams recorded from the real AgentScope server (test/fixtures/recorded/). */
export interface RecordedLog {
  readonly name: string
  readonly runs: readonly { readonly request: RunRequest; readonly eventCount: number }[]
  readonly events: readonly unknown[]
  readonly sse: string
}

// Through a variable: in a jsdom test Vite rewrites `new URL('…', import.meta.url)` into a dev-server URL.
const HERE = import.meta.url
const DIRECTORY = fileURLToPath(new URL('../fixtures/recorded/', HERE))

export function loadRecordedLogs(): RecordedLog[] {
  return readdirSync(DIRECTORY)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const json = JSON.parse(readFileSync(`${DIRECTORY}${file}`, 'utf8')) as Omit<RecordedLog, 'sse'>
      return { ...json, sse: readFileSync(`${DIRECTORY}${file.replace(/\.json$/, '.sse')}`, 'utf8') }
    })
}

/** The events of each run, in order. */
export function callsOf(log: RecordedLog): unknown[][] {
  const calls: unknown[][] = []
  let offset = 0
  for (const run of log.runs) {
    calls.push(log.events.slice(offset, offset + run.eventCount) as unknown[])
    offset += run.eventCount
  }
  return calls
}
