import { afterAll, beforeAll, expect, it } from 'vitest'
import { allowRule, applyEvents, createAgentState, replayEvents, toSnapshot, type AgentSnapshot, type ConfirmationDecision } from '../../src/core'
import { startScriptedAgentServer, type ScriptedAgentServer } from '../../src/testing'
import { loadFixtures } from '../fixtures/load-fixtures'
import { confirmBody, externalBody, message, postRun, requestedCalls, type WireEvent } from './scripted-client'

/** What a test does to the scripted server: send a message, answer a confirmation, return external results. */
type Step =
  | { readonly say: string; readonly interruptAt?: string }
  | { readonly confirm: readonly Omit<ConfirmationDecision, 'toolCallId'>[] }
  | { readonly external: string }

interface Case {
  readonly fixture: string
  readonly steps: readonly Step[]
  /** Needs a paced server, so that an interrupt lands mid-stream. */
  readonly paced?: boolean
}

// For every shared fixture, a conversation with the scripted server that should leave the same structure.
const CASES: readonly Case[] = [
  { fixture: 'plain-text-reply', steps: [{ say: 'hello' }] },
  { fixture: 'thinking-then-text', steps: [{ say: 'think of a haiku about autumn rain' }] },
  { fixture: 'tool-call-streamed-args-text-result', steps: [{ say: "what's the weather in Paris?" }] },
  { fixture: 'parallel-tool-calls-interleaved', steps: [{ say: 'weather in Beijing and Tokyo, in parallel' }] },
  { fixture: 'tool-result-error', steps: [{ say: 'stock price of ACME?' }] },
  {
    fixture: 'user-confirm-pause-and-resume',
    steps: [{ say: 'clean the build output' }, { confirm: [{ approved: true, rules: [] }, { approved: false }] }],
  },
  { fixture: 'all-tools-denied', steps: [{ say: 'delete customers.csv' }, { confirm: [{ approved: false }] }] },
  {
    fixture: 'external-execution-pause-and-resume',
    steps: [{ say: 'read the pricing page in my browser' }, { external: 'Pro $29/mo per seat' }],
  },
  { fixture: 'data-block-image-base64-chunks', steps: [{ say: 'draw an app icon' }] },
  { fixture: 'tool-result-data-delta-image', steps: [{ say: 'chart the 2025 revenue' }] },
  { fixture: 'subagent-events-interleaved-and-exposed', steps: [{ say: 'research agent memory papers' }] },
  { fixture: 'exceed-max-iterations', steps: [{ say: 'search the docs for the retry policy' }] },
  { fixture: 'interrupted-reply', steps: [{ say: 'run the test suite', interruptAt: 'TOOL_RESULT_TEXT_DELTA' }], paced: true },
  { fixture: 'custom-events', steps: [{ say: 'plan the release' }] },
  { fixture: 'hint-blocks', steps: [{ say: 'any hints?' }] },
  { fixture: 'legacy-alias-type-names', steps: [{ say: 'show me a legacy stream' }] },
  { fixture: 'model-call-usage-two-iterations', steps: [{ say: 'convert 250 EUR to JPY' }] },
]

let instant: ScriptedAgentServer
let paced: ScriptedAgentServer
const fixtures = new Map(loadFixtures().map((fixture) => [fixture.name, fixture]))

beforeAll(async () => {
  instant = await startScriptedAgentServer({ pace: 'instant', seed: 5 })
  paced = await startScriptedAgentServer({ pace: { deltaMs: 2 }, seed: 5 })
})

afterAll(async () => {
  await Promise.all([instant.close(), paced.close()])
})

// Turn statuses, block types in order with tool states, subagent lanes, pending requests and notifications.
type Structured = Omit<AgentSnapshot, 'turns'> & { turns: readonly Omit<AgentSnapshot['turns'][number], 'id'>[] }

function structureOf(snapshot: Structured) {
  const withState = (block: { type: string; state?: unknown }) =>
    block.type === 'tool_use' || block.type === 'tool_result' ? `${block.type}:${String(block.state)}` : block.type
  const blocks = (content: readonly { type: string; state?: unknown }[]) => content.map(withState)
  return {
    turns: snapshot.turns.map((turn) => ({
      status: turn.status,
      generateReason: turn.generateReason,
      modelCalls: turn.modelCalls.length,
    })),
    blocks: snapshot.messages.map((entry) => blocks(entry.content)),
    subagents: Object.values(snapshot.subagents).map((entries) => entries.map((entry) => blocks(entry.content))),
    pendingConfirmation: snapshot.pendingConfirmation?.toolCalls.length ?? 0,
    pendingExternalExecution: snapshot.pendingExternalExecution?.toolCalls.length ?? 0,
    subagentPendingConfirmations: snapshot.subagentPendingConfirmations.length,
    exposedSubagents: snapshot.exposedSubagents.length,
    customEvents: snapshot.customEvents.map((custom) => custom.name),
  }
}

async function play(testCase: Case, sessionId: string): Promise<WireEvent[][]> {
  const server = testCase.paced === true ? paced : instant
  const calls: WireEvent[][] = []
  for (const step of testCase.steps) {
    const previous = calls.at(-1) ?? []
    let body: unknown
    if ('say' in step) body = message(step.say)
    else if ('confirm' in step) {
      const requested = requestedCalls(previous, 'REQUIRE_USER_CONFIRM')
      // an "always allow" rule for the first approved call, as the fixture's user chose
      const decisions = step.confirm.map((decision, index) => {
        const call = requested[index]!
        return decision.rules === undefined ? decision : { ...decision, rules: [allowRule(call, String(call.input.command))] }
      })
      body = confirmBody(requested, decisions)
    } else body = externalBody(requestedCalls(previous, 'REQUIRE_EXTERNAL_EXECUTION'), step.external)
    let interrupted = false
    const result = await postRun(server.url, sessionId, body, {
      onEvent: (event) => {
        if (!('say' in step) || event.type !== step.interruptAt || interrupted) return
        interrupted = true
        void fetch(`${server.url}/sessions/${sessionId}/interrupt`, { method: 'POST' })
      },
    })
    calls.push(result.events)
  }
  return calls
}

it('has a case for every shared fixture', () => {
  expect(CASES.map((testCase) => testCase.fixture).sort()).toEqual([...fixtures.keys()].sort())
})

it.each(CASES)('rebuilds the structure of $fixture', async (testCase) => {
  const sessionId = `fixture-${testCase.fixture}`
  const calls = await play(testCase, sessionId)
  const fixture = fixtures.get(testCase.fixture)
  type Pending = { toolCalls: unknown[] } | null
  const expected = fixture?.expected as Structured & {
    checkpoints?: { turnStatuses: string[]; pendingConfirmation: Pending; pendingExternalExecution: Pending }[]
  }
  const server = testCase.paced === true ? paced : instant
  expect(structureOf(replayEvents(server.handler.sentEvents(sessionId)))).toEqual(structureOf(expected))

  const checkpoint = expected.checkpoints?.[0]
  if (checkpoint !== undefined) {
    const paused = toSnapshot(applyEvents(createAgentState(), calls[0] ?? [], { endOfStream: false }))
    expect({
      turnStatuses: paused.turns.map((turn) => turn.status),
      pendingConfirmation: paused.pendingConfirmation?.toolCalls.length ?? 0,
      pendingExternalExecution: paused.pendingExternalExecution?.toolCalls.length ?? 0,
    }).toEqual({
      turnStatuses: checkpoint.turnStatuses,
      pendingConfirmation: checkpoint.pendingConfirmation?.toolCalls.length ?? 0,
      pendingExternalExecution: checkpoint.pendingExternalExecution?.toolCalls.length ?? 0,
    })
  }
})
