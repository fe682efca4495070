/**
 * The kit over its three transports against AgentScope 2.0.2 (examples/agentscope-server: the native event bridge,
 * the official AG-UI starter and the official Agent Protocol endpoints, one HarnessAgent behind them): every
 * scenario, the kit's rebuild against the server's stored context under the one normalisation (compare-context.ts),
 * and every difference either listed in transport-gaps.ts or a failure.
 */
import { describe, expect, inject, it } from 'vitest'
import { toSnapshot } from '../../src/core'
import type { AgentSnapshot, AgentStreamError } from '../../src/core'
import { FULL_CAPABILITIES } from '../../src/transport/agent-transport'
import { compareWithContext, expectedRebuild, kitExchanges } from './compare-context'
import { recordResult } from './results'
import { SCENARIOS, TRANSPORTS, createTransport, runScenario, storedMessages, type ScenarioRun, type TransportName } from './scenarios'
import { NOT_CARRIED, STOP_ON_SERVER, TRANSPORT_GAPS } from './transport-gaps'

const url = inject('agentscopeUrl')

// Stopping over AG-UI and Agent Protocol closes the stream but the 2.0.2 server's run goes on: wait for it to end.
async function settledContext(run: ScenarioRun): Promise<ScenarioRun> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const stored = await storedMessages(url, run.sessionId)
    if (stored.some((message) => message.role === 'ASSISTANT' && message.content.length > 0 && stored.indexOf(message) === stored.length - 1))
      return { ...run, stored }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  return run
}

// Ids the server makes per run (user messages over Agent Protocol, AG-UI interrupt ids) read the same in every run.
function withoutUuids(difference: string): string {
  return difference.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
}

/**
 * Where Stop does not interrupt the agent (STOP_ON_SERVER), the kit keeps the text up to Stop while the server kept
 * nothing (`cancelled`) or the whole reply (`runs on`): checked here, and the text blocks (whose length depends on
 * timing) are then left out of the differences; what remains must be listed.
 */
function textAfterStop(rebuilt: AgentSnapshot, run: ScenarioRun, afterStop: 'cancelled' | 'runs on', differences: string[]): string[] {
  const kitText = rebuilt.messages
    .filter((message) => message.role !== 'USER')
    .flatMap((message) => message.content)
    .flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    .join('')
  const serverText = run.stored
    .flatMap((message) => (message.role === 'ASSISTANT' ? message.content : []))
    .flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    .join('')
  expect(kitText.startsWith('word1 '), kitText).toBe(true)
  if (afterStop === 'cancelled') expect(serverText).toBe('')
  else {
    expect(serverText.startsWith(kitText)).toBe(true)
    expect(serverText.length).toBeGreaterThan(kitText.length)
  }
  return differences.filter((difference) => !/: only the (kit|server) has \{"type":"text","text":"word1 /.test(difference))
}

// The harness's subagent shows as a lane of its own (events with `source: "{session}/{agent}"`), the parent's turn
// holds the agent_spawn call; the checker's confirmation is pending in its lane, never in the chat's tray.
function expectSubagentLane(rebuilt: AgentSnapshot, run: ScenarioRun, name: string, transportName: TransportName): void {
  const agent = name === 'subagent-confirm' ? 'checker' : 'researcher'
  const lanes = Object.keys(rebuilt.subagents)
  expect(lanes.some((key) => key.endsWith(`/${agent}`))).toBe(true)
  const lane = rebuilt.subagents[lanes.find((key) => key.endsWith(`/${agent}`)) as string] ?? []
  expect(lane.length).toBeGreaterThan(0)
  expect(rebuilt.pendingConfirmation).toBeNull()
  if (name === 'subagent-confirm') {
    // AG-UI (2.0.2's SubagentEventConverter) says only how many calls the subagent asks about, not which
    const asked = transportName === 'agui' ? [] : ['delete_file']
    expect(rebuilt.subagentPendingConfirmations.map((request) => request.toolCalls.map((call) => call.name))).toEqual([asked])
  } else {
    const text = lane.flatMap((message) => message.content).flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    expect(text.join('')).toBe('After thinking it over: the answer is **42**.')
  }
  expect(run.stored.flatMap((message) => message.content).some((block) => block.type === 'tool_use' && block.name === 'agent_spawn')).toBe(true)
}

for (const transportName of TRANSPORTS) {
  describe(`AgentScope 2.0.2 over ${transportName}`, () => {
    const capabilities = createTransport(transportName, url, 'capabilities').capabilities ?? FULL_CAPABILITIES
    for (const scenario of SCENARIOS) {
      const capability = NOT_CARRIED[transportName][scenario.name]
      if (capability !== undefined) {
        it(`${scenario.name}: not carried (${capability})`, async () => {
          expect(capabilities[capability]).toBe(false)
          const error = await runScenario(url, scenario, transportName).then(
            () => null,
            (caught: unknown) => caught as AgentStreamError,
          )
          expect(error?.code).toBe('refused')
          recordResult(transportName, scenario.name, { result: 'not carried', capability })
        })
        continue
      }
      it(`${scenario.name}: ${scenario.description}`, async () => {
        let run = await runScenario(url, scenario, transportName)
        const afterStop = STOP_ON_SERVER[transportName]
        if (scenario.name === 'interrupt' && afterStop === 'runs on') run = await settledContext(run)
        const rebuilt = toSnapshot(run.store.getState().agent)
        const events = run.runs.flatMap((record) => record.events)
        const kit = kitExchanges(
          rebuilt,
          run.runs.map((record) => record.request),
        )
        let differences = compareWithContext(kit, rebuilt, expectedRebuild(run.stored, events, scenario.turnStatuses)).map(withoutUuids)
        if (scenario.name === 'interrupt' && afterStop !== 'interrupted') differences = textAfterStop(rebuilt, run, afterStop, differences)
        const gap = TRANSPORT_GAPS[transportName][scenario.name]
        recordResult(transportName, scenario.name, { result: differences.length === 0 ? 'exact' : 'listed differences', differences })
        expect(run.refusals).toEqual([])
        expect(run.store.getState().error).toBeNull()
        expect(run.store.getState().warnings.map((warning) => warning.message)).toEqual([])
        expect(differences).toEqual(gap?.differences ?? [])
        if (scenario.harness === true) expectSubagentLane(rebuilt, run, scenario.name, transportName)
      })
    }
  })
}
