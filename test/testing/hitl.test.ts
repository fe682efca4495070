import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allowRule, replayEvents, type Msg } from '../../src/core'
import { PERMISSION_DENIED_BY_USER, startScriptedAgentServer, type ScriptedAgentServer } from '../../src/testing'
import { confirmBody, externalBody, message, ofType, postRun, requestedCalls } from './scripted-client'

let server: ScriptedAgentServer
let sessionCount = 0
const nextSession = () => `hitl-${(sessionCount += 1)}`

beforeAll(async () => {
  server = await startScriptedAgentServer({ pace: 'instant', seed: 3 })
})

afterAll(async () => {
  await server.close()
})

describe('confirmation', () => {
  it('runs the approved call, denies the other silently, and remembers the rule', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean the workspace'))
    const [build, logs] = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    expect([build?.state, logs?.state]).toEqual(['pending', 'pending'])
    const request = ofType(first.events, 'REQUIRE_USER_CONFIRM')[0]
    const result = ofType(first.events, 'AGENT_RESULT')[0]?.result as Msg
    expect(result.metadata).toMatchObject({
      agentscope_generate_reason: 'PERMISSION_ASKING',
      agentscope_confirm_request_reply_id: request?.replyId,
    })
    expect(result.content.filter((block) => 'state' in block && block.state === 'asking')).toHaveLength(2)
    expect(ofType(first.events, 'REQUEST_STOP')[0]).toMatchObject({ generateReason: 'PERMISSION_ASKING' })

    const rule = allowRule(build!, 'rm -rf ./build')
    const answers = confirmBody([build!, logs!], [{ approved: true, rules: [rule] }, { approved: false }])
    const second = await postRun(server.url, session, answers)
    expect(second.events.map((event) => event.type).slice(0, 2)).toEqual(['AGENT_START', 'USER_CONFIRM_RESULT'])
    expect(ofType(second.events, 'USER_CONFIRM_RESULT')[0]?.replyId).toBe(request?.replyId)
    expect(ofType(second.events, 'TOOL_RESULT_START').map((event) => event.toolCallId)).toEqual([build?.id])
    const stored = server.handler.storedMessages(session)
    const denied = stored.flatMap((stored) => stored.content).find((block) => block.type === 'tool_result' && block.id === logs?.id)
    expect(denied).toMatchObject({ state: 'denied', output: [{ type: 'text', text: PERMISSION_DENIED_BY_USER }] })
    expect(replayEvents(server.handler.sentEvents(session)).turns.map((turn) => turn.status)).toEqual(['awaiting_confirmation', 'completed'])

    const third = await postRun(server.url, session, message('clean it again'))
    const asked = requestedCalls(third.events, 'REQUIRE_USER_CONFIRM')
    expect(asked.map((call) => call.input)).toEqual([{ command: 'rm -f /tmp/app-*.log' }])
  })

  it('runs edited arguments', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean'))
    const calls = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    const edited = { approved: true, input: { command: 'rm -rf ./dist' } }
    const second = await postRun(server.url, session, confirmBody(calls, [edited, { approved: false }]))
    const output = ofType(second.events, 'TOOL_RESULT_TEXT_DELTA')
      .map((event) => event.delta)
      .join('')
    expect(output).toContain('removed ./dist')
    const storedBlocks = server.handler.storedMessages(session).flatMap((stored) => stored.content)
    const storedCall = storedBlocks.find((block) => block.type === 'tool_use')
    expect(storedCall).toMatchObject({ input: { command: 'rm -rf ./dist' }, content: '{"command":"rm -rf ./dist"}', state: 'allowed' })
  })

  it('asks again for the calls a partial answer left out, then runs every approved one', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean'))
    const [build, logs] = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    const second = await postRun(server.url, session, confirmBody([build!], [{ approved: true }]))
    expect(second.events.map((event) => event.type)).toEqual([
      'AGENT_START',
      'USER_CONFIRM_RESULT',
      'REQUIRE_USER_CONFIRM',
      'REQUEST_STOP',
      'AGENT_RESULT',
      'AGENT_END',
    ])
    const reasked = requestedCalls(second.events, 'REQUIRE_USER_CONFIRM')
    expect(reasked.map((call) => [call.id, call.state])).toEqual([[logs?.id, 'asking']])
    const firstRequest = ofType(first.events, 'REQUIRE_USER_CONFIRM')[0]
    expect(ofType(second.events, 'REQUIRE_USER_CONFIRM')[0]?.replyId).not.toBe(firstRequest?.replyId)

    const third = await postRun(server.url, session, confirmBody(reasked, [{ approved: true }]))
    expect(ofType(third.events, 'USER_CONFIRM_RESULT')[0]?.replyId).toBe(ofType(second.events, 'REQUIRE_USER_CONFIRM')[0]?.replyId)
    expect(ofType(third.events, 'TOOL_RESULT_END').map((event) => [event.toolCallId, event.state])).toEqual([
      [build?.id, 'success'],
      [logs?.id, 'success'],
    ])
    expect(replayEvents(server.handler.sentEvents(session)).turns.map((turn) => turn.status)).toEqual([
      'awaiting_confirmation',
      'awaiting_confirmation',
      'completed',
    ])
  })

  it('does not ask again once a rule without content allows the tool', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean'))
    const calls = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    await postRun(server.url, session, confirmBody(calls, [{ approved: true, rules: [allowRule(calls[0]!)] }, { approved: true }]))
    const again = await postRun(server.url, session, message('clean'))
    expect(ofType(again.events, 'REQUIRE_USER_CONFIRM')).toEqual([])
    expect(ofType(again.events, 'TOOL_RESULT_END')).toHaveLength(2)
  })

  it('reasons again when everything is denied', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean'))
    const calls = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    const second = await postRun(server.url, session, confirmBody(calls, [{ approved: false }, { approved: false }]))
    expect(ofType(second.events, 'TOOL_RESULT_START')).toEqual([])
    expect(
      ofType(second.events, 'TEXT_BLOCK_DELTA')
        .map((event) => event.delta)
        .join(''),
    ).toContain('Understood')
    expect(replayEvents(second.events).turns[0]?.status).toBe('completed')
  })
})

describe('a bad resume', () => {
  it('fails with HTTP 500 and a Spring error body, and leaves the pause in place', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('clean'))
    const [build, logs] = requestedCalls(first.events, 'REQUIRE_USER_CONFIRM')
    const unknown = { ...build!, id: 'call_doesNotExist0000000000' }
    const attempts = [
      confirmBody([unknown], [{ approved: true }]),
      confirmBody([build!, build!], [{ approved: true }, { approved: false }]),
      { confirmResults: [] },
      message('never mind, do something else'),
      externalBody([build!], 'not an external call'),
    ]
    for (const body of attempts) {
      const failed = await postRun(server.url, session, body)
      expect(failed.status).toBe(500)
      expect(failed.contentType).toBe('application/json')
      expect(failed.json).toMatchObject({
        status: 500,
        error: 'Internal Server Error',
        path: `/api/sessions/${session}/runs`,
        message: expect.any(String),
        timestamp: expect.any(String),
      })
    }
    await postRun(server.url, session, confirmBody([build!], [{ approved: true }]))
    const answeredTwice = await postRun(server.url, session, confirmBody([build!, logs!], [{ approved: true }, { approved: true }]))
    expect(answeredTwice.status).toBe(500)
    expect(answeredTwice.json).toMatchObject({ message: expect.stringContaining('ASKING') })

    const valid = await postRun(server.url, session, confirmBody([logs!], [{ approved: true }]))
    expect(valid.status).toBe(200)
    expect(replayEvents(valid.events).turns[0]?.status).toBe('completed')
  })

  it('answers a confirmation when nothing is pending with 500', async () => {
    const failed = await postRun(server.url, nextSession(), { confirmResults: [] })
    expect(failed.status).toBe(500)
  })

  it('answers a malformed body with 400', async () => {
    const session = nextSession()
    expect((await postRun(server.url, session, { msgs: [], toolResults: [] })).status).toBe(400)
    expect((await postRun(server.url, session, { msgs: [{ role: 'user', content: [] }] })).status).toBe(400)
  })
})

describe('external execution', () => {
  it('suspends, rejects unknown or duplicate results and text, then resumes with the client result', async () => {
    const session = nextSession()
    const first = await postRun(server.url, session, message('open the pricing page in my browser'))
    const suspended = ofType(first.events, 'TOOL_RESULT_TEXT_DELTA')[0]
    expect(suspended).toMatchObject({ delta: '[Awaiting external execution]', metadata: { agentscope_suspended: true } })
    expect(ofType(first.events, 'TOOL_RESULT_END')[0]).toMatchObject({ state: 'running', metadata: { agentscope_suspended: true } })
    const result = ofType(first.events, 'AGENT_RESULT')[0]?.result as { id: string; content: { type: string }[]; usage: unknown }
    expect(result.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/)
    expect(result.content.map((block) => block.type)).toEqual(['tool_use', 'tool_result'])
    expect(result.usage).toBeNull()

    const calls = requestedCalls(first.events, 'REQUIRE_EXTERNAL_EXECUTION')
    const call = calls[0]!
    for (const body of [
      externalBody([{ ...call, id: 'call_unknown' }], 'x'),
      { toolResults: [...externalBody(calls, 'a').toolResults, ...externalBody(calls, 'b').toolResults] },
      message('hello?'),
    ]) {
      expect((await postRun(server.url, session, body)).status).toBe(500)
    }

    const second = await postRun(server.url, session, externalBody(calls, 'Pro $29/mo per seat'))
    const types = second.events.map((event) => event.type)
    expect(types.slice(0, 3)).toEqual(['AGENT_START', 'EXTERNAL_EXECUTION_RESULT', 'MODEL_CALL_START'])
    const request = ofType(first.events, 'REQUIRE_EXTERNAL_EXECUTION')[0]
    expect(ofType(second.events, 'EXTERNAL_EXECUTION_RESULT')[0]?.replyId).toBe(request?.replyId)
    expect(
      ofType(second.events, 'TEXT_BLOCK_DELTA')
        .map((event) => event.delta)
        .join(''),
    ).toContain('Pro $29/mo per seat')
    const storedResults = server.handler.storedMessages(session).filter((stored) => stored.role === 'TOOL')
    expect(storedResults.flatMap((stored) => stored.content)).toMatchObject([{ id: call.id, state: 'success' }])
  })
})
