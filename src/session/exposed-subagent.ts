import type { AgentState, ExposedSubagent } from '../core/state'

/**
 * The exposed subagent behind a lane: SUBAGENT_EXPOSED names the agent (`agentId`) and the lane's source ends with it
 * (`{parentSession}/{agentId}`). The latest exposure wins: the harness announces a subagent just before it runs.
 */
export function exposedSubagentOf(agent: AgentState, source: string): ExposedSubagent | null {
  const agentId = source.slice(source.lastIndexOf('/') + 1)
  const candidates = agent.exposedSubagents.filter((subagent) => subagent.agentId === agentId)
  return candidates[candidates.length - 1] ?? null
}
