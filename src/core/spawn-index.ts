import { PersistentMap } from './persistent-map'

// A subagent runs inside the parent's tool that spawned it (§6.8): among the results still running, the one whose
// call names the agent, else the one that looks like a spawner, else the only one. A turn keeps these indexed as its
// results start and end, so that a subagent costs one lookup however many run beside it (scanning them cost
// O(running) a subagent: 4,000 fanned out at once took 9.5 s).

/** The running results of a turn, for the subagents that start under them. */
export interface SpawnIndex {
  /** The ids of the running results. */
  readonly running: PersistentMap<true>
  /** Those whose tool's name looks like a spawner's. */
  readonly spawners: PersistentMap<true>
  /**
   * A string among a running call's arguments, to the first call that had it. A call that ended is left here: it is
   * not running, so it is passed over, and the next call with that string takes its place.
   */
  readonly named: PersistentMap<string>
}

export const NO_SPAWNS: SpawnIndex = { running: PersistentMap.empty(), spawners: PersistentMap.empty(), named: PersistentMap.empty() }

const SPAWNING_TOOL = /agent|spawn|delegate|task/i

/** The index with a result that started running; `strings` are the string arguments of its call. */
export function withRunning(spawns: SpawnIndex, toolCallId: string, name: string | null, strings: readonly string[]): SpawnIndex {
  let named = spawns.named
  for (const value of strings) {
    const holder = named.get(value)
    if (holder === undefined || !spawns.running.has(holder)) named = named.set(value, toolCallId)
  }
  const spawners = SPAWNING_TOOL.test(name ?? '') ? spawns.spawners.set(toolCallId, true) : spawns.spawners
  return { running: spawns.running.set(toolCallId, true), spawners, named }
}

/** The index without a result that ended. */
export function withoutRunning(spawns: SpawnIndex, toolCallId: string): SpawnIndex {
  return { running: spawns.running.delete(toolCallId), spawners: spawns.spawners.delete(toolCallId), named: spawns.named }
}

function onlyKey(map: PersistentMap<true>): string | null {
  let only: string | null = null
  if (map.size === 1) map.forEach((_value, key) => (only = key))
  return only
}

/** The running result a subagent named `agentId` runs under, if one can be told. */
export function spawnerFor(spawns: SpawnIndex, agentId: string): string | null {
  const named = spawns.named.get(agentId)
  return named !== undefined && spawns.running.has(named) ? named : (onlyKey(spawns.spawners) ?? onlyKey(spawns.running))
}
