/**
 * The interop scenarios: each one drives the kit's own transport and store in Node against the real
 * AgentScope server (examples/agentscope-server), in a session of its own, and records what went over
 * the wire. Used by test/interop/interop.test.ts and by `npm run record:interop`.
 */
import { allowRule, createAgentProtocolTransport, createAguiTransport, createSseTransport, toolResultBlock, userMessage } from '../../src/core'
import type { AgentTransport, Msg, RunHandlers, RunRequest, ToolUseBlock, TurnStatus } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore, ConfirmationDecision } from '../../src/store/agent-store-state'

/** The kit's three transports, each against the example server's official endpoint for it. */
export type TransportName = 'native' | 'agui' | 'agent-protocol'
export const TRANSPORTS: readonly TransportName[] = ['native', 'agui', 'agent-protocol']

/** The transport `name` for the session `sessionId` of the server at `url` (its origin). */
export function createTransport(name: TransportName, url: string, sessionId: string, fetchImpl?: typeof fetch): AgentTransport {
  switch (name) {
    case 'native': {
      return createSseTransport({ url: `${url}/api`, sessionId, fetch: fetchImpl })
    }
    case 'agui': {
      // AG-UI's thread is AgentScope's session (AguiAgentAdapter puts the thread id in the RuntimeContext)
      return createAguiTransport({ url: `${url}/api/agui/run`, threadId: sessionId, fetch: fetchImpl })
    }
    case 'agent-protocol': {
      return createAgentProtocolTransport({ url: `${url}/api`, agentId: 'assistant', sessionId, fetch: fetchImpl })
    }
    default: {
      name satisfies never
      throw new Error(`Unknown transport ${String(name)}`)
    }
  }
}

/** One run: what was sent, the raw SSE bodies (back to back), and the events as the transport gave them. */
export interface RunRecord {
  readonly request: RunRequest
  body: string
  readonly events: unknown[]
  /** A run on an exposed subagent (`runSubagent`): its id; its events went to that subagent's lane. */
  readonly subagentId?: string
}

/** An exposed subagent a scenario talked to, and what the server stored for it. */
export interface SubagentContext {
  readonly subagentId: string
  /** The lane's scope key. */
  readonly source: string
  /** `GET /api/subagents/{id}/messages`: the subagent session's stored context. */
  readonly stored: readonly Msg[]
}

/** What a scenario left behind. */
export interface ScenarioRun {
  readonly name: string
  readonly sessionId: string
  readonly runs: readonly RunRecord[]
  /** The server's stored context after the last run (`GET /api/sessions/{id}/messages`). */
  readonly stored: readonly Msg[]
  /** The store that drove the scenario, in its final state. */
  readonly store: AgentStore
  /** Actions the store refused, each followed by the same request sent through the transport directly. */
  readonly refusals: readonly string[]
  /** The exposed subagents whose lane is settled (their confirmation answered, or none asked), with their stored context. */
  readonly subagentContexts: readonly SubagentContext[]
}

/** The steps a scenario can take; each waits until its run has ended. */
export interface ScenarioSession {
  /** Sends a user message through the store (or the transport, when the store refuses). */
  send(text: string): Promise<void>
  /** Answers the pending confirmation; `decide` gets the calls of the last REQUIRE_USER_CONFIRM. */
  confirm(decide: (calls: readonly ToolUseBlock[]) => ConfirmationDecision[]): Promise<void>
  /** Returns results for the calls that were suspended for external execution. */
  submit(results: (calls: readonly ToolUseBlock[]) => { toolCallId: string; output: string }[]): Promise<void>
  /** Sends a user message and asks the server to stop once the first text delta arrived. */
  sendAndStop(text: string): Promise<void>
  /** Answers the one subagent confirmation that is pending (in its lane), on the subagent the server exposed. */
  confirmSubagent(decide: (calls: readonly ToolUseBlock[]) => ConfirmationDecision[]): Promise<void>
}

/** A named flow of steps. */
export interface Scenario {
  readonly name: string
  readonly description: string
  /** The kit's turn statuses once it is over, one per run (AgentScope stores no status to compare with). */
  readonly turnStatuses: readonly TurnStatus[]
  readonly steps: (session: ScenarioSession) => Promise<void>
  /** Needs the 2.0.2 build's HarnessAgent (agent_spawn): not run against 2.0.0. */
  readonly harness?: boolean
}

const ONE_TURN: readonly TurnStatus[] = ['completed']
const CONFIRMED: readonly TurnStatus[] = ['awaiting_confirmation', 'completed']

const byName = (name: string) => (call: ToolUseBlock) => call.name === name

/** Every scenario of issue #5, in the order they run. */
export const SCENARIOS: readonly Scenario[] = [
  { name: 'plain', description: 'a plain streamed answer', turnStatuses: ONE_TURN, steps: (session) => session.send('Hello!') },
  { name: 'thinking', description: 'thinking, then text', turnStatuses: ONE_TURN, steps: (session) => session.send('Think it over first') },
  {
    name: 'parallel-tools',
    description: 'two calls with __fragment__ argument deltas, run in parallel',
    turnStatuses: ONE_TURN,
    steps: (session) => session.send('Weather in Paris and Tokyo, in parallel'),
  },
  {
    name: 'interleaved-tool-arguments',
    description: 'argument fragments of two calls interleaved, each tagged with its call id',
    turnStatuses: ONE_TURN,
    steps: (session) => session.send('Interleave the weather lookups'),
  },
  {
    name: 'streaming-tool',
    description: 'a tool that streams its output',
    turnStatuses: ONE_TURN,
    steps: (session) => session.send('Stream the build log'),
  },
  { name: 'tool-error', description: 'a tool that throws', turnStatuses: ONE_TURN, steps: (session) => session.send('Look up order A-1001 (error)') },
  {
    name: 'image',
    description: 'a tool that returns a PNG DataBlock',
    turnStatuses: ONE_TURN,
    steps: (session) => session.send('Draw the revenue chart (image)'),
  },
  {
    name: 'hitl-approve',
    description: 'delete_file asks; the user approves',
    turnStatuses: CONFIRMED,
    steps: async (session) => {
      await session.send('Delete the report (confirm)')
      await session.confirm((calls) => calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: true })))
    },
  },
  {
    name: 'hitl-deny',
    description: 'delete_file asks; the user denies',
    turnStatuses: CONFIRMED,
    steps: async (session) => {
      await session.send('Delete the report (confirm)')
      await session.confirm((calls) => calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: false })))
    },
  },
  {
    name: 'hitl-edit',
    description: 'delete_file asks; the user approves other arguments',
    turnStatuses: CONFIRMED,
    steps: async (session) => {
      await session.send('Delete the report (confirm)')
      await session.confirm((calls) =>
        calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: true, input: { path: '/tmp/report-draft.txt' } })),
      )
    },
  },
  {
    name: 'hitl-always-allow',
    description: 'delete_file asks; "always allow" sends a rule, and the next delete runs without asking',
    turnStatuses: [...CONFIRMED, 'completed'],
    steps: async (session) => {
      await session.send('Delete the report (confirm)')
      await session.confirm((calls) =>
        calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: true, rules: [allowRule(call)] })),
      )
      await session.send('Delete the report again (confirm)')
    },
  },
  {
    name: 'external-execution',
    description: 'read_browser_page is suspended; the client returns its result',
    turnStatuses: ['awaiting_external_execution', 'completed'],
    steps: async (session) => {
      await session.send('Read the pricing page (external)')
      await session.submit((calls) => calls.map((call) => ({ toolCallId: call.id, output: 'Starter $0/mo · Pro $29/mo per seat' })))
    },
  },
  {
    name: 'interrupt',
    description: 'a slow answer, stopped after its first delta',
    turnStatuses: ['interrupted'],
    steps: (session) => session.sendAndStop('Write a long essay (interrupt me)'),
  },
  {
    name: 'max-iterations',
    description: 'the model keeps calling a tool until maxIters, then summarizes',
    turnStatuses: ['max_iterations'],
    steps: (session) => session.send('Keep checking Oslo (max iterations)'),
  },
  {
    name: 'subagent',
    description: 'agent_spawn runs the declared subagent "researcher"; its events stream with a source',
    turnStatuses: ONE_TURN,
    harness: true,
    steps: (session) => session.send('Ask the researcher (subagent)'),
  },
  {
    name: 'subagent-exposed',
    description: 'agent_spawn with expose_to_user: SUBAGENT_EXPOSED names the researcher, whose events stream with a source',
    turnStatuses: ONE_TURN,
    harness: true,
    steps: (session) => session.send('Open the researcher for me (subagent exposed)'),
  },
  {
    name: 'subagent-confirm',
    description: 'the exposed subagent "checker" asks to run delete_file; the parent goes on, the question waits in its lane',
    turnStatuses: ONE_TURN,
    harness: true,
    steps: (session) => session.send('Ask the checker to delete the report (subagent confirm)'),
  },
  {
    name: 'subagent-confirm-approve',
    description: "the checker's own confirmation, approved from the kit: its run goes on in its lane",
    turnStatuses: ONE_TURN,
    harness: true,
    steps: async (session) => {
      await session.send('Ask the checker to delete the report (subagent confirm)')
      await session.confirmSubagent((calls) => calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: true })))
    },
  },
  {
    name: 'subagent-confirm-deny',
    description: "the checker's own confirmation, denied from the kit",
    turnStatuses: ONE_TURN,
    harness: true,
    steps: async (session) => {
      await session.send('Ask the checker to delete the report (subagent confirm)')
      await session.confirmSubagent((calls) => calls.filter(byName('delete_file')).map((call) => ({ toolCallId: call.id, approved: false })))
    },
  },
  {
    name: 'subagent-remote',
    description:
      'a remote subagent (a declaration with a URL): agent_spawn runs an Agent Protocol task and forwards its events with taskId and parentSessionId',
    turnStatuses: ONE_TURN,
    harness: true,
    steps: (session) => session.send('Ask the remote researcher (subagent remote)'),
  },
]

// The transport's fetch, copying every event stream into the current run's record as the kit reads it (a
// reconnected Agent Protocol stream adds a second body). Not a tee: a tee's second branch may never settle when the
// kit aborts its connection after the final frame.
function recordingFetch(runs: RunRecord[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const eventStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    if (!eventStream || response.body === null || runs.length === 0) return response
    const record = runs[runs.length - 1] as RunRecord
    const decoder = new TextDecoder()
    const copy = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        record.body += decoder.decode(chunk, { stream: true })
        controller.enqueue(chunk)
      },
    })
    return new Response(response.body.pipeThrough(copy), { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

function lastToolCalls(runs: readonly RunRecord[], type: 'REQUIRE_USER_CONFIRM' | 'AGENT_RESULT'): ToolUseBlock[] {
  for (let index = runs.length - 1; index >= 0; index--) {
    for (const value of (runs[index] as RunRecord).events) {
      const event = value as { type?: string; toolCalls?: ToolUseBlock[]; result?: Msg }
      if (type === 'REQUIRE_USER_CONFIRM' && event.type === type) return event.toolCalls ?? []
      // AgentScope 2.0.0 sends no REQUIRE_EXTERNAL_EXECUTION: the suspended calls are in the TOOL_SUSPENDED result
      if (type === 'AGENT_RESULT' && event.type === type && event.result?.metadata.agentscope_generate_reason === 'TOOL_SUSPENDED') {
        return event.result.content.filter((block): block is ToolUseBlock => block.type === 'tool_use')
      }
    }
  }
  return []
}

/** The server's stored context of a session (`GET /api/sessions/{id}/messages`, the same agent behind every transport). */
export async function storedMessages(url: string, sessionId: string): Promise<Msg[]> {
  const response = await fetch(`${url}/api/sessions/${encodeURIComponent(sessionId)}/messages`)
  return (await response.json()) as Msg[]
}

/** An exposed subagent's stored context (`GET /api/subagents/{id}/messages`, the example's view of its session). */
export async function storedSubagentMessages(url: string, subagentId: string): Promise<Msg[]> {
  const response = await fetch(`${url}/api/subagents/${encodeURIComponent(subagentId)}/messages`)
  if (!response.ok) throw new Error(`GET /api/subagents/${subagentId}/messages answered ${response.status}`)
  return (await response.json()) as Msg[]
}

/** Runs one scenario in a fresh session of the server at `url` (its origin; the endpoints are under /api). */
export async function runScenario(url: string, scenario: Scenario, transportName: TransportName = 'native'): Promise<ScenarioRun> {
  const sessionId = `interop-${scenario.name}-${globalThis.crypto.randomUUID().slice(0, 8)}`
  const runs: RunRecord[] = []
  const inner = createTransport(transportName, url, sessionId, recordingFetch(runs))
  const recorded = (request: RunRequest, handlers: RunHandlers, subagentId?: string): RunHandlers => {
    const record: RunRecord = { request, body: '', events: [], ...(subagentId === undefined ? {} : { subagentId }) }
    runs.push(record)
    return {
      ...handlers,
      onEvent: (value) => {
        record.events.push(value)
        handlers.onEvent(value)
      },
    }
  }
  const runSubagent = inner.runSubagent
  const transport: AgentTransport = {
    ...inner,
    run: (request, handlers) => inner.run(request, recorded(request, handlers)),
    ...(runSubagent === undefined
      ? {}
      : {
          runSubagent: (subagentId: string, request: RunRequest, handlers: RunHandlers) =>
            runSubagent(subagentId, request, recorded(request, handlers, subagentId)),
        }),
  }
  // Node has no frames: publish each batch on the next macrotask.
  const scheduleFrame = (callback: () => void) => {
    const timer = setTimeout(callback, 0)
    return () => clearTimeout(timer)
  }
  const store = createAgentStore({ transport, scheduleFrame })
  const refusals: string[] = []
  const subagents: { subagentId: string; source: string }[] = []

  // The store refuses what the kit believes is not allowed; the same request then goes through the transport.
  async function viaStore(action: () => Promise<void>, request: () => RunRequest): Promise<void> {
    try {
      await action()
    } catch (error) {
      const state = store.getState()
      if (state.error?.code !== 'refused') throw error
      refusals.push(state.error.message)
      const end = await transport.run(request(), { signal: new AbortController().signal, onEvent: () => {} })
      if (end !== 'ended') throw new Error(`The direct run ended ${end}`, { cause: error })
      return
    }
    const { status, error } = store.getState()
    if (status === 'error') throw error ?? new Error('The run failed')
  }

  const session: ScenarioSession = {
    send: (text) => {
      const message = userMessage(text)
      return viaStore(
        () => store.getState().send(message),
        () => ({ kind: 'message', messages: [message] }),
      )
    },
    confirm: (decide) => {
      const calls = store.getState().agent.pendingConfirmation?.toolCalls ?? lastToolCalls(runs, 'REQUIRE_USER_CONFIRM')
      const decisions = decide(calls)
      return viaStore(
        () => store.getState().confirm(decisions),
        () => ({
          kind: 'confirm',
          confirmResults: decisions.map((decision) => {
            const call = calls.find((candidate) => candidate.id === decision.toolCallId) as ToolUseBlock
            const edited = decision.input === undefined ? {} : { input: decision.input, content: JSON.stringify(decision.input) }
            return { confirmed: decision.approved, toolCall: { ...call, ...edited }, rules: decision.rules ?? null }
          }),
        }),
      )
    },
    submit: (results) => {
      const calls = store.getState().agent.pendingExternalExecution?.toolCalls ?? lastToolCalls(runs, 'AGENT_RESULT')
      const chosen = results(calls)
      return viaStore(
        () => store.getState().submitToolResults(chosen),
        () => ({
          kind: 'tool-results',
          toolResults: chosen.map((result) =>
            toolResultBlock(result.toolCallId, result.output, {
              name: calls.find((call) => call.id === result.toolCallId)?.name ?? null,
              state: 'success',
            }),
          ),
        }),
      )
    },
    sendAndStop: async (text) => {
      const firstDelta = new Promise<void>((resolve) => {
        const unsubscribe = store.subscribe(() => {
          const events = runs[runs.length - 1]?.events ?? []
          if (events.some((value) => (value as { type?: string }).type === 'TEXT_BLOCK_DELTA')) {
            unsubscribe()
            resolve()
          }
        })
      })
      const sent = store.getState().send(userMessage(text))
      await firstDelta
      await store.getState().stop()
      await sent
    },
    confirmSubagent: async (decide) => {
      const { subagentPendingConfirmations, exposedSubagents } = store.getState().agent
      if (subagentPendingConfirmations.length !== 1)
        throw new Error(`${subagentPendingConfirmations.length} subagent confirmations are pending, expected 1`)
      const asked = subagentPendingConfirmations[0] as (typeof subagentPendingConfirmations)[number]
      const decisions = decide(asked.toolCalls)
      const exposed = exposedSubagents.filter((subagent) => asked.source.endsWith(`/${subagent.agentId ?? ''}`)).pop()
      if (exposed !== undefined) subagents.push({ subagentId: exposed.subagentId, source: asked.source })
      try {
        await store.getState().confirmSubagent(asked.source, decisions)
      } catch (error) {
        // where the store refuses (the transport cannot carry it), there is no route to try directly either
        if (store.getState().error?.code !== 'refused' || transport.runSubagent === undefined || exposed === undefined) throw error
        refusals.push(store.getState().error?.message ?? '')
        const confirmResults = decisions.map((decision) => ({
          confirmed: decision.approved,
          toolCall: asked.toolCalls.find((call) => call.id === decision.toolCallId) as ToolUseBlock,
          rules: null,
        }))
        const end = await transport.runSubagent(
          exposed.subagentId,
          { kind: 'confirm', confirmResults },
          { signal: new AbortController().signal, onEvent: () => {} },
        )
        if (end !== 'ended') throw new Error(`The direct subagent run ended ${end}`, { cause: error })
        return
      }
      const { status, error } = store.getState()
      if (status === 'error') throw error ?? new Error('The subagent run failed')
    },
  }

  await scenario.steps(session)
  // every other exposed subagent whose lane is settled is compared with its stored context too
  const { agent } = store.getState()
  for (const exposed of agent.exposedSubagents) {
    if (subagents.some((subagent) => subagent.subagentId === exposed.subagentId)) continue
    const source = Object.keys(agent.scopes).find((key) => key !== '' && (key.split('#')[0] ?? '').endsWith(`/${exposed.agentId ?? ''}`))
    if (source === undefined || agent.subagentPendingConfirmations.some((request) => request.source === source)) continue
    subagents.push({ subagentId: exposed.subagentId, source })
  }
  const stored = await storedMessages(url, sessionId)
  const subagentContexts = await Promise.all(
    subagents.map(async (subagent) => ({ ...subagent, stored: await storedSubagentMessages(url, subagent.subagentId) })),
  )
  return { name: scenario.name, sessionId, runs, stored, store, refusals, subagentContexts }
}
