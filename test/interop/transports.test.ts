/**
 * The kit over its three transports against AgentScope 2.0.2 (examples/agentscope-server: the native event bridge,
 * the official AG-UI starter and the official Agent Protocol endpoints, one HarnessAgent behind them): every
 * scenario, the kit's rebuild against the server's stored context under the one normalisation (compare-context.ts),
 * and every difference either listed in transport-gaps.ts or a failure.
 */
import { describe, expect, inject, it } from 'vitest'
import { toSnapshot } from '../../src/core'
import type { AgentSnapshot, AgentStreamError, Msg, TurnStatus } from '../../src/core'
import { FULL_CAPABILITIES } from '../../src/transport/agent-transport'
import { compareWithContext, expectedRebuild, kitExchanges, laneSnapshot } from './compare-context'
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

const laneText = (lane: readonly Msg[]) =>
  lane
    .flatMap((message) => message.content)
    .flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : []))
    .join('')

// The harness's subagent shows as a lane of its own (events with `source: "{session}/{agent}"`, a remote one's
// `#taskId` too), the parent's turn holds the agent_spawn call; a subagent's confirmation is pending in its lane,
// never in the chat's tray, until the kit answers it on the exposed subagent.
function expectSubagentLane(rebuilt: AgentSnapshot, run: ScenarioRun, name: string, transportName: TransportName): void {
  const agent = name.startsWith('subagent-confirm') ? 'checker' : name === 'subagent-remote' ? 'remote-researcher' : 'researcher'
  const key = Object.keys(rebuilt.subagents).find((candidate) => candidate.split('#')[0]?.endsWith(`/${agent}`))
  expect(key, Object.keys(rebuilt.subagents).join(', ')).toBeDefined()
  const lane = rebuilt.subagents[key as string] ?? []
  expect(lane.length).toBeGreaterThan(0)
  expect(rebuilt.pendingConfirmation).toBeNull()
  const spawned = run.stored.flatMap((message) => message.content).filter((block) => block.type === 'tool_result' && block.name === 'agent_spawn')
  expect(spawned).toHaveLength(1)
  const spawnText = JSON.stringify(spawned[0])
  const exposed = rebuilt.exposedSubagents.filter((subagent) => subagent.agentId === agent)
  if (name === 'subagent-exposed' || name.startsWith('subagent-confirm')) {
    // SUBAGENT_EXPOSED from the real harness (its gateway bridge), and the handle agent_spawn returned to the model
    expect(exposed).toHaveLength(1)
    expect(exposed[0]?.sessionId).toMatch(/^sub-[0-9a-f-]{36}$/)
    expect(spawnText).toContain(`subagent_id: ${exposed[0]?.subagentId ?? '?'}`)
    // a settled lane was compared with the subagent's own stored context (laneDifferences); a waiting one is not yet
    const compared = name === 'subagent-confirm' ? [] : [exposed[0]?.subagentId]
    expect(run.subagentContexts.map((context) => context.subagentId)).toEqual(compared)
  } else {
    expect(exposed).toEqual([])
  }
  switch (name) {
    case 'subagent-confirm': {
      // AG-UI (2.0.2's SubagentEventConverter) says only how many calls the subagent asks about, not which
      const asked = transportName === 'agui' ? [] : ['delete_file']
      expect(rebuilt.subagentPendingConfirmations.map((request) => request.toolCalls.map((call) => call.name))).toEqual([asked])
      return
    }
    case 'subagent-confirm-approve':
    case 'subagent-confirm-deny': {
      expect(rebuilt.subagentPendingConfirmations).toEqual([])
      const stored = run.subagentContexts[0]?.stored ?? []
      const deletion = stored.flatMap((message) => message.content).find((block) => block.type === 'tool_result' && block.name === 'delete_file')
      const approved = name === 'subagent-confirm-approve'
      expect(deletion).toMatchObject(
        approved ? { state: 'success', output: [{ type: 'text', text: 'Deleted /tmp/report.txt' }] } : { state: 'denied' },
      )
      expect(laneText(lane)).toContain(approved ? 'Deleted /tmp/report.txt. Berlin is 12 °C with light rain.' : 'Understood: I left the file alone.')
      return
    }
    case 'subagent-remote': {
      // forwarded by AgentSpawnTool.tagRemoteForwardedEvent: the remote task's id and the parent's session
      const events = run.runs.flatMap((record) => record.events) as { source?: string; metadata?: Record<string, unknown> }[]
      const forwarded = events.filter((event) => event.source?.endsWith('/remote-researcher'))
      expect(forwarded.length).toBeGreaterThan(0)
      if (transportName !== 'agui') {
        for (const event of forwarded)
          expect(event.metadata).toMatchObject({ taskId: expect.stringMatching(/^task_/), parentSessionId: run.sessionId })
        expect(key).toMatch(/#task_/)
      }
      expect(laneText(lane)).toBe('After thinking it over: the answer is **42**.')
      return
    }
    default: {
      expect(laneText(lane)).toBe('After thinking it over: the answer is **42**.')
    }
  }
}

// A settled exposed subagent's lane against its own stored context (`GET /api/subagents/{id}/messages`), the same way.
function laneDifferences(run: ScenarioRun): string[] {
  const state = run.store.getState().agent
  return run.subagentContexts.flatMap((context) => {
    const answers = run.runs.filter((record) => record.subagentId === context.subagentId)
    const { snapshot, requests } = laneSnapshot(
      state,
      context.source,
      context.stored,
      answers.map((record) => record.request),
    )
    const laneEvents = answers.flatMap((record) => record.events)
    // one exchange, the harness's task and what answered it: the first run asked and the answer's run completed, or
    // the one run completed
    const statuses: TurnStatus[] = answers.length > 0 ? ['awaiting_confirmation', 'completed'] : ['completed']
    const expected = expectedRebuild(context.stored, [...run.runs.flatMap((record) => record.events), ...laneEvents], statuses)
    expect(expected.exchanges).toHaveLength(1)
    return compareWithContext(kitExchanges(snapshot, requests), snapshot, expected).map(
      (difference) => `lane ${context.source.split('/').pop() ?? ''}: ${difference}`,
    )
  })
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
          run.runs.filter((record) => record.subagentId === undefined).map((record) => record.request),
        )
        let differences = [
          ...compareWithContext(kit, rebuilt, expectedRebuild(run.stored, events, scenario.turnStatuses)),
          ...laneDifferences(run),
        ].map(withoutUuids)
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
