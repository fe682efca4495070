import type { RecordedScript } from './recorded-script'

// Typed here rather than inferred: tsc would otherwise build a literal type for every recorded event.
const MODULES = import.meta.glob<RecordedScript>('../scripts/*.json', { eager: true, import: 'default' })

const BY_NAME: ReadonlyMap<string, RecordedScript> = new Map(
  Object.entries(MODULES).map(([path, script]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), script]),
)

/** The names of the scripts in `stories/scripts/`, sorted. */
export const SCRIPT_NAMES: readonly string[] = [...BY_NAME.keys()].sort()

/** A recorded script by file name (`stories/scripts/<name>.json`); throws when it was never recorded. */
export function recordedScript(name: string): RecordedScript {
  const script = BY_NAME.get(name)
  if (script === undefined) throw new Error(`No stories/scripts/${name}.json: run \`npm run record:stories\`.`)
  return script
}
