/**
 * The Agent Protocol and AG-UI transports against the built-in scripted server over real loopback HTTP (#6), which
 * imitates AgentScope 2.0.2's official endpoints; test/interop runs the same transports against the real ones.
 *
 * The rebuilt snapshot is compared with the native bridge's for the same scenario, ids and timestamps aside.
 * Documented differences (what each transport carries):
 *
 * | what                               | native | Agent Protocol (verbose)       | AG-UI                                        |
 * |------------------------------------|--------|--------------------------------|----------------------------------------------|
 * | text, thinking, tool args          | yes    | yes (payload = the AgentEvent) | yes                                          |
 * | tool result state                  | yes    | yes                            | no: every result is `success`                |
 * | tool result media / data blocks    | yes    | yes                            | read back from the result text's JSON lines  |
 * | per-call usage                     | yes    | yes                            | yes (CUSTOM token_usage)                     |
 * | AGENT_RESULT, generate reason      | yes    | yes                            | no: inferred from interrupts (or RAW stop)   |
 * | suspended placeholder result       | yes    | yes                            | synthesized from the interrupt               |
 * | USER_CONFIRM_RESULT echo           | yes    | yes                            | no: the store applies its own echo           |
 * | answering a confirmation           | yes    | approve / deny only            | no: 2.0.2 opens no interrupt for it (RAW)    |
 * | external results back to the agent | yes    | no (refused: the task is done) | yes (as text payloads)                       |
 * | multi-turn memory                  | yes    | with `sessionId` (attribute)   | yes (threadId = session)                     |
 * | reconnect after a drop             | no     | yes (Last-Event-ID, 256 frames) | no                                          |
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AgentStreamError, confirmResult, toolResultBlock, userMessage, type RunRequest, type ToolUseBlock } from '../../src/core'
import { createSseTransport } from '../../src/transport/sse-transport'
import { createAgentProtocolTransport } from '../../src/transport/agent-protocol-transport'
import { createAguiTransport } from '../../src/transport/agui-transport'
import { startScriptedAgentServer, type ScriptedAgentServer } from '../../src/testing'
import { createAgentStore } from '../../src/store/create-agent-store'
import { toSnapshot } from '../../src/core'
import { converse, lastRequested, shapeOf, snapshotOf } from './protocol-shape'

let server: ScriptedAgentServer
let count = 0
const next = (prefix: string) => `${prefix}-${(count += 1)}`

beforeAll(async () => {
  server = await startScriptedAgentServer({ pace: 'instant', seed: 11 })
})

afterAll(async () => {
  await server.close()
})

const say = (text: string): RunRequest => ({ kind: 'message', messages: [userMessage(text)] })
const decide =
  (approved: boolean[]) =>
  (events: readonly unknown[]): RunRequest => ({
    kind: 'confirm',
    confirmResults: lastRequested(events, 'REQUIRE_USER_CONFIRM').map((call, index) =>
      confirmResult(call as ToolUseBlock, { approved: approved[index] ?? false }),
    ),
  })
const runExternally = (events: readonly unknown[]): RunRequest => ({
  kind: 'tool-results',
  toolResults: lastRequested(events, 'REQUIRE_EXTERNAL_EXECUTION').map((call) =>
    toolResultBlock(call.id, `ran ${call.name} in the browser`, { name: call.name }),
  ),
})

const native = () => createSseTransport({ url: server.url, sessionId: next('native') })
const agentProtocol = () => createAgentProtocolTransport({ url: server.url, agentId: 'assistant', createTaskId: () => next('task') })
const agui = () => createAguiTransport({ url: `${server.url}/agui/run`, threadId: next('thread') })

describe('Agent Protocol transport against the scripted server', () => {
  it.each([
    ['plain', [say('hello')]],
    ['tool', [say('weather in Paris')]],
    ['HITL approve and deny', [say('clean the workspace'), decide([true, false])]],
    ['HITL deny all', [say('delete the report'), decide([false])]],
  ] as const)('rebuilds the same snapshot as the native bridge: %s', async (_name, requests) => {
    const reference = await converse(native(), requests)
    const remote = await converse(agentProtocol(), requests)
    expect(remote.errors).toEqual([])
    expect(remote.ends).toEqual(reference.ends)
    expect(shapeOf(snapshotOf(remote))).toEqual(shapeOf(snapshotOf(reference)))
  })

  it('shows an external-execution pause but refuses to send client tool results', async () => {
    const reference = await converse(native(), [say('open the browser')])
    const remote = await converse(agentProtocol(), [say('open the browser'), runExternally])
    expect(shapeOf(snapshotOf(remote))).toEqual(shapeOf(snapshotOf(reference)))
    expect(remote.errors[0]).toMatchObject({ code: 'refused' })
  })

  it('refuses a confirmation with edited arguments or rules, before sending anything', async () => {
    const transport = agentProtocol()
    const first = await converse(transport, [say('clean the workspace')])
    const [build] = lastRequested(first.events, 'REQUIRE_USER_CONFIRM')
    const edited: RunRequest = {
      kind: 'confirm',
      confirmResults: [confirmResult(build as ToolUseBlock, { approved: true, input: { command: 'ls' } })],
    }
    const result = await converse(transport, [edited])
    expect(result.errors[0]).toBeInstanceOf(AgentStreamError)
    expect(result.errors[0]).toMatchObject({ code: 'refused', message: expect.stringContaining('edited arguments') })
  })

  it('cancels the task through POST /tasks/{id}/cancel', async () => {
    const transport = agentProtocol()
    const events: unknown[] = []
    const slow = await startScriptedAgentServer({ pace: { deltaMs: 2 }, seed: 2 })
    const slowTransport = createAgentProtocolTransport({ url: slow.url })
    const running = slowTransport.run(say('long answer please'), { signal: new AbortController().signal, onEvent: (value) => events.push(value) })
    // interrupt once the answer is streaming, however long the machine takes to get there
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(1), { timeout: 10_000, interval: 5 })
    await slowTransport.interrupt()
    expect(await running).toBe('ended')
    expect(shapeOf(snapshotOf({ events, ends: [], errors: [], connection: [] })).turns[0]?.generateReason).toBe('INTERRUPTED')
    await slow.close()
    expect(transport.taskId).toBeNull()
  })
})

describe('AG-UI transport against the scripted server', () => {
  it('rebuilds a plain reply and a tool call like the native bridge', async () => {
    for (const requests of [[say('hello')], [say('weather in Paris')]]) {
      const reference = await converse(native(), requests)
      const remote = await converse(agui(), requests)
      expect(remote.errors).toEqual([])
      expect(shapeOf(snapshotOf(remote))).toEqual(shapeOf(snapshotOf(reference)))
    }
  })

  // As AgentScope 2.0.2's starter (test/interop): the question arrives as RAW events, no interrupt can answer it.
  it('shows a confirmation but cannot answer it: refused before anything is sent, and declared in its capabilities', async () => {
    const transport = agui()
    expect(transport.capabilities?.confirm).toBe(false)
    const store = createAgentStore({ transport })
    await store.getState().send('delete the report')
    const pending = store.getState().agent.pendingConfirmation
    expect(pending?.toolCalls.map((call) => call.name)).toEqual(['delete_file'])
    expect(toSnapshot(store.getState().agent).turns[0]?.status).toBe('awaiting_confirmation')
    await store.getState().confirm(pending!.toolCalls.map((call) => ({ toolCallId: call.id, approved: false })))
    expect(store.getState().error).toMatchObject({ code: 'refused', message: expect.stringMatching(/^AG-UI cannot send this answer/) })
  })

  it('sends client tool results as resume payloads (external execution)', async () => {
    const requests = [say('open the browser'), runExternally]
    const reference = shapeOf(snapshotOf(await converse(native(), requests)))
    const remote = await converse(agui(), requests)
    expect(remote.errors).toEqual([])
    const shape = shapeOf(snapshotOf(remote))
    expect(shape.turns.map((turn) => turn.status)).toEqual(reference.turns.map((turn) => turn.status))
    expect(shape.messages[0]).toEqual(reference.messages[0])
    // the second turn's text agrees; the native one also has the EXTERNAL_EXECUTION_RESULT echo
    expect(shape.messages[1]?.content.filter((block) => (block as { type: string }).type === 'text')).toEqual(
      reference.messages[1]?.content.filter((block) => (block as { type: string }).type === 'text'),
    )
  })

  it('rejects a failed run with the RUN_ERROR message', async () => {
    const remote = await converse(agui(), [say('crash please')])
    expect(remote.errors[0]).toMatchObject({ code: 'network-error', message: expect.stringContaining('model provider closed') })
  })
})
