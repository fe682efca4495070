import fc from 'fast-check'
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  allowRule,
  assistantMessage,
  base64Source,
  confirmResult,
  contentBlocks,
  dataBlock,
  firstContentBlock,
  hasContentBlocks,
  systemMessage,
  textBlock,
  textContent,
  toolResultBlock,
  toolResultMessage,
  urlSource,
  userMessage,
} from '../../src/core/build-message'
import type { ConfirmResult, DataBlock, Msg, ToolUseBlock } from '../../src/core/message'
import { loadFixtures } from '../fixtures/load-fixtures'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

function confirmFixture() {
  const fixture = loadFixtures().find((candidate) => candidate.name === 'user-confirm-pause-and-resume')
  if (fixture === undefined) throw new Error('fixture user-confirm-pause-and-resume is missing')
  const events = fixture.events as { type: string; toolCalls?: ToolUseBlock[]; confirmResults?: ConfirmResult[] }[]
  const request = events.find((event) => event.type === 'REQUIRE_USER_CONFIRM')
  const answer = events.find((event) => event.type === 'USER_CONFIRM_RESULT')
  const [first, second] = request?.toolCalls ?? []
  if (first === undefined || second === undefined || answer?.confirmResults === undefined) {
    throw new Error('fixture lacks the confirmation events')
  }
  return { first, second, echoed: answer.confirmResults, messages: fixture.expected.messages as Msg[] }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('messages', () => {
  it('serializes a user text message exactly as the bridge body of protocol §9.1', () => {
    const message = userMessage('Clean the build', {
      id: '0b6f0b34-7f8e-4a43-9d8e-2d0f3c1b5a77',
      timestamp: '2026-05-14 17:12:03.104',
    })
    expect(JSON.stringify(message)).toBe(
      '{"id":"0b6f0b34-7f8e-4a43-9d8e-2d0f3c1b5a77","name":"user","role":"USER",' +
        '"content":[{"type":"text","text":"Clean the build"}],"metadata":{},' +
        '"timestamp":"2026-05-14 17:12:03.104","usage":null}',
    )
  })

  it('defaults the id to a dashed UUID and the timestamp to now', () => {
    const message = userMessage('hi')
    expect(message.id).toMatch(UUID)
    expect(message.timestamp).toMatch(TIMESTAMP)
    expect(userMessage('hi').id).not.toBe(message.id)
  })

  it('mints a dashed UUID with getRandomValues where randomUUID is missing (insecure contexts)', () => {
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    expect(userMessage('hi').id).toMatch(UUID)
  })

  it('formats a Date option in local time without an offset', () => {
    const date = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))
    const pad = (value: number, length = 2) => String(value).padStart(length, '0')
    const expected =
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
    expect(userMessage('hi', { timestamp: date }).timestamp).toBe(expected)
  })

  it('rejects a timestamp string in another format', () => {
    expect(() => userMessage('hi', { timestamp: '2026-05-14T09:12:03.104Z' })).toThrow(/yyyy-MM-dd HH:mm:ss\.SSS/)
    expect(() => userMessage('hi', { timestamp: new Date(Number.NaN) })).toThrow(/invalid Date/)
  })

  it('keeps the keys in Msg order and drops null metadata values like upstream', () => {
    const message = systemMessage('Be brief.', { metadata: { keep: 1, drop: null } })
    expect(Object.keys(message)).toEqual(['id', 'name', 'role', 'content', 'metadata', 'timestamp', 'usage'])
    expect(message).toMatchObject({ name: 'system', role: 'SYSTEM', metadata: { keep: 1 }, usage: null })
    expect(userMessage('hi', { name: null }).name).toBeNull()
  })

  it('names the role, the index and the type of a block the role cannot hold', () => {
    const result = toolResultBlock('call_1', 'ok')
    expect(() => userMessage([textBlock('see'), result])).toThrow(
      'A USER message cannot hold a "tool_result" block (content[1]); allowed: text, data, image, audio, video',
    )
  })

  it.each(['thinking', 'tool_use', 'hint', 'custom_widget'])('rejects a "%s" block in a USER message', (type) => {
    expect(() => userMessage({ type, id: 'x' })).toThrow(`cannot hold a "${type}" block (content[0])`)
  })

  it('rejects anything but text in a SYSTEM message', () => {
    const image = dataBlock({ base64: PNG, mediaType: 'image/png' })
    expect(() => systemMessage([textBlock('rules'), image])).toThrow('A SYSTEM message cannot hold a "data" block (content[1]); allowed: text')
  })

  it('accepts every block in ASSISTANT and TOOL messages and keeps unknown types verbatim', () => {
    const widget = { type: 'custom_widget', payload: { a: 1 } }
    expect(assistantMessage([textBlock('hi'), widget]).content).toEqual([{ type: 'text', text: 'hi' }, widget])
    const message = toolResultMessage(toolResultBlock('call_1', 'exit code: 0', { name: 'bash' }))
    expect(message).toMatchObject({ role: 'TOOL', name: null, content: [{ type: 'tool_result', id: 'call_1' }] })
  })

  it('checks the basic shape of text and media blocks', () => {
    expect(() => userMessage({ type: 'text', text: 42 })).toThrow('content[0] is a text block without a string "text"')
    expect(() => userMessage({ type: 'image', source: { type: 'base64', data: PNG } })).toThrow(
      'content[0].source is a base64 source without string "media_type"',
    )
    expect(() => userMessage([null as never])).toThrow('content[0] must be a content block with a string "type"')
    expect(() => userMessage({ type: 'audio', source: 'https://x' })).toThrow('content[0].source must be a base64 or url source')
  })

  it('builds plain JSON for any text and JSON metadata', () => {
    // jsonValue can yield -0, which JSON itself turns into 0
    const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown)
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), json), (text, metadata) => {
        const message = userMessage(text, { metadata })
        expect(JSON.parse(JSON.stringify(message))).toStrictEqual(message)
      }),
    )
  })
})

describe('confirmation answers', () => {
  it('echoes every field of the tool call it answers (user-confirm-pause-and-resume)', () => {
    const { first, second, echoed } = confirmFixture()
    const answers = [
      confirmResult(first, { approved: true, rules: [allowRule(first, 'rm -rf ./build')] }),
      confirmResult(second, { approved: false }),
    ]
    expect(answers).toEqual(echoed)
    expect(JSON.stringify(answers[0]?.toolCall)).toBe(JSON.stringify(first))
  })

  it('replaces both input and content when the arguments are edited', () => {
    const { first } = confirmFixture()
    const answer = confirmResult(first, { approved: true, input: { command: 'rm -rf ./build/tmp' } })
    expect(answer.toolCall).toEqual({
      ...first,
      input: { command: 'rm -rf ./build/tmp' },
      content: '{"command":"rm -rf ./build/tmp"}',
    })
  })

  it('drops the rules of a denial and lowercases the echoed state', () => {
    const { second } = confirmFixture()
    const shouted = { ...second, state: 'ASKING' } as unknown as ToolUseBlock
    const answer = confirmResult(shouted, { approved: false, rules: [allowRule(second)] })
    expect(answer.rules).toBeNull()
    expect(answer.toolCall.state).toBe('asking')
  })

  it('builds an allow rule for the whole tool when no rule content is given', () => {
    const { first } = confirmFixture()
    expect(allowRule(first)).toEqual({ tool_name: 'bash', rule_content: null, behavior: 'allow', source: 'session' })
    expect(allowRule(first, 'ls', 'userSettings').source).toBe('userSettings')
    expect(confirmResult(first, { approved: true }).rules).toBeNull()
  })
})

describe('blocks', () => {
  it('builds a tool result with every key and an explicit state', () => {
    expect(JSON.stringify(toolResultBlock('call_1', 'exit code: 0'))).toBe(
      '{"type":"tool_result","id":"call_1","name":null,"output":[{"type":"text","text":"exit code: 0"}],' + '"metadata":{},"state":"success"}',
    )
    const failed = toolResultBlock('call_1', [], { name: 'bash', state: 'error' })
    expect(failed).toMatchObject({ name: 'bash', output: [], state: 'error' })
  })

  it('rejects a tool result state the server would not accept', () => {
    const state = 'SUCCESS' as 'success'
    expect(() => toolResultBlock('call_1', 'ok', { state })).toThrow(/lowercase/)
    expect(() => toolResultMessage({ ...toolResultBlock('call_1', 'ok'), state: undefined as never })).toThrow(
      'content[0].state must be one of success, error, interrupted, denied, running',
    )
  })

  it('omits the id and name of a data block unless given (NON_NULL)', () => {
    const block = dataBlock({ base64: PNG, mediaType: 'image/png' })
    expect(block).toStrictEqual({ type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG } })
    expect(Object.keys(dataBlock(block.source, { name: 'dot.png' }))).toEqual(['type', 'source', 'name'])
    expect(dataBlock({ url: 'https://example.com/a.png' }).source).toStrictEqual({
      type: 'url',
      url: 'https://example.com/a.png',
    })
    expect(urlSource('https://example.com/a.png', 'image/png').mime_type).toBe('image/png')
  })

  it('rejects a malformed media type', () => {
    expect(() => base64Source(PNG, 'png')).toThrow('base64Source() needs a media type like "image/png", got the string "png"')
    expect(() => urlSource('https://example.com/a', 'image png')).toThrow(/media type like "image\/png"/)
    expect(base64Source('dGV4dA==', 'text/plain; charset=utf-8').media_type).toBe('text/plain; charset=utf-8')
  })

  it('rejects data that is not bare base64', () => {
    expect(() => base64Source(`data:image/png;base64,${PNG}`, 'image/png')).toThrow(/pass the bare base64/)
    expect(() => base64Source('not base64!', 'image/png')).toThrow(/not base64/)
    expect(() => base64Source('abcde', 'image/png')).toThrow(/not base64/)
    expect(() => base64Source('', 'image/png')).toThrow(/non-empty/)
  })

  it('accepts only http and https URLs', () => {
    expect(() => urlSource('javascript:alert(1)')).toThrow('urlSource() accepts only http: and https: URLs, got a "javascript:" URL')
    expect(() => dataBlock({ url: 'file:///etc/passwd' })).toThrow(/"file:" URL/)
    expect(() => urlSource('/relative.png')).toThrow(/absolute http\(s\) URL/)
  })
})

describe('reading messages', () => {
  it('joins the text blocks of the fixture messages with newlines', () => {
    const { messages } = confirmFixture()
    expect(messages.map(textContent)).toEqual([
      "I'll clean the build output and the temporary logs.",
      'Done — ./build is gone (1284 files). I left the temp logs alone since you declined that step.',
    ])
    const hint = { type: 'hint', id: 'h', hint: 'x', source: null }
    expect(textContent(assistantMessage([textBlock('a'), hint, textBlock('b')]))).toBe('a\nb')
    expect(textContent(assistantMessage([]))).toBe('')
  })

  it('returns typed blocks of one type', () => {
    const [paused] = confirmFixture().messages
    if (paused === undefined) throw new Error('fixture has no messages')
    const calls = contentBlocks(paused, 'tool_use')
    expectTypeOf(calls).toEqualTypeOf<ToolUseBlock[]>()
    expectTypeOf(firstContentBlock(paused, 'data')).toEqualTypeOf<DataBlock | undefined>()
    expect(calls.map((call) => call.state)).toEqual(['allowed', 'asking'])
    expect(firstContentBlock(paused, 'tool_use')?.id).toBe('call_EY5zIA48KOtwJQlFhK5uxZnZ')
    expect(firstContentBlock(paused, 'data')).toBeUndefined()
    expect([hasContentBlocks(paused, 'text'), hasContentBlocks(paused, 'thinking')]).toEqual([true, false])
  })
})
