/**
 * The interop results per transport and scenario, written to test-results/interop-transports.json as the suite
 * runs; `npm run readme:transports` turns them into the README's "What each transport carries" table.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface ScenarioResult {
  readonly result: 'exact' | 'listed differences' | 'not carried'
  readonly capability?: string
  readonly differences?: readonly string[]
  readonly note?: string
}

export const RESULTS_FILE = fileURLToPath(new URL('../../test-results/interop-transports.json', import.meta.url))

const results: Record<string, Record<string, ScenarioResult>> = {}

export function recordResult(transport: string, scenario: string, result: ScenarioResult): void {
  results[transport] = { ...results[transport], [scenario]: result }
  mkdirSync(fileURLToPath(new URL('../../test-results', import.meta.url)), { recursive: true })
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`)
}
