import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSseTransport, validateHistory } from '../../src/core'
import type { AgentStreamError } from '../../src/core'
import { createAgentSession } from '../../src/session/create-agent-session'
import { costPerUnitRatio } from '../fixtures/cost-ratio'

// History shapes (#11 items 8 and 9): `load(history)` with random and hostile messages never throws, shows every
// valid message, and reports each invalid message or block with its index and field. Each generated message knows
// what it is (valid, broken at one field, or valid with some blocks broken), so the test checks the exact outcome.

type Json = unknown

interface Case {
  readonly value: Json
  /** Where the message is broken (a path after `messages[i]`), or null when it is valid. */
  readonly brokenAt: string | null
  /** For a valid message: the paths (after `messages[i]`) of the blocks that must be skipped. */
  readonly skippedBlocks: readonly string[]
  /** For a valid message: the texts of its text blocks that must be shown. */
  readonly texts: readonly string[]
  readonly role: string
}

const ROLES = ['USER', 'ASSISTANT', 'TOOL', 'SYSTEM'] as const
const word = fc.string({ minLength: 1, maxLength: 12 })
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]))
const notObject = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant([1]))
// Nothing of these is a Msg object.
const notMessage = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }))

const textBlock = fc
  .tuple(word, fc.nat())
  .map(([text, serial]) => ({ block: { type: 'text', text: `${text}·${serial}` }, text: `${text}·${serial}` }))
const otherBlock = fc.oneof(
  word.map((thinking) => ({ type: 'thinking', thinking })),
  fc.record({ type: fc.constant('tool_use'), id: word, name: fc.option(word), input: fc.dictionary(word, fc.jsonValue({ maxDepth: 3 })) }),
  fc.record({
    type: fc.constant('tool_result'),
    id: word,
    name: fc.option(word),
    output: fc.array(
      word.map((text) => ({ type: 'text', text })),
      { maxLength: 2 },
    ),
  }),
  word.map((hint) => ({ type: 'hint', hint })),
  // An unknown block type is kept verbatim (protocol §5).
  fc.record({ type: fc.constant('vendor_block'), payload: fc.jsonValue({ maxDepth: 2 }) }),
)
// A block broken at one field: [the block, the path after `.content[j]` that the warning names].
const brokenBlock: fc.Arbitrary<[Json, string]> = fc.oneof(
  notMessage.map((value): [Json, string] => [value, '']),
  notString.map((text): [Json, string] => [{ type: 'text', text }, '.text']),
  fc.constant<[Json, string]>([{ type: 'text' }, '.text']),
  notString.map((type): [Json, string] => [{ type, text: 'x' }, '.type']),
  fc.constant<[Json, string]>([{ type: 'tool_use', name: 'read', input: {} }, '.id']),
  notObject.map((input): [Json, string] => [{ type: 'tool_use', id: 'c', input }, '.input']),
  notString.map((thinking): [Json, string] => [{ type: 'thinking', thinking }, '.thinking']),
  fc.constant<[Json, string]>([{ type: 'tool_result', id: 'r', output: [{ type: 'text', text: 5 }] }, '.output[0].text']),
  fc.constant<[Json, string]>([{ type: 'image', source: null }, '.source']),
)

type Slot = { kind: 'text'; block: Json; text: string } | { kind: 'other'; block: Json } | { kind: 'broken'; block: Json; field: string }

const slot: fc.Arbitrary<Slot> = fc.oneof(
  { weight: 3, arbitrary: textBlock.map(({ block, text }): Slot => ({ kind: 'text', block, text })) },
  { weight: 2, arbitrary: otherBlock.map((block): Slot => ({ kind: 'other', block })) },
  { weight: 1, arbitrary: brokenBlock.map(([block, field]): Slot => ({ kind: 'broken', block, field })) },
)

// A valid message; each optional field is present, null or absent (the Java defaults fill it).
const validMessage: fc.Arbitrary<Case> = fc
  .record({
    role: fc.constantFrom(...ROLES),
    slots: fc.array(slot, { minLength: 1, maxLength: 4 }),
    id: fc.option(word, { nil: undefined }),
    name: fc.option(fc.option(word), { nil: undefined }),
    timestamp: fc.option(fc.constant('2026-05-14T17:12:44.610Z'), { nil: undefined }),
    metadata: fc.option(fc.option(fc.constant({ note: 'kept' })), { nil: undefined }),
    usage: fc.option(fc.constant(null), { nil: undefined }),
  })
  .map(({ role, slots, ...optional }) => {
    const value: Record<string, Json> = { role, content: slots.map((item) => item.block) }
    for (const [key, field] of Object.entries(optional)) if (field !== undefined) value[key] = field
    return {
      value,
      brokenAt: null,
      role,
      skippedBlocks: slots.flatMap((item, index) => (item.kind === 'broken' ? [`.content[${index}]${item.field}`] : [])),
      texts: slots.flatMap((item) => (item.kind === 'text' ? [item.text] : [])),
    }
  })

// A message broken at one field: the whole message is skipped.
const brokenMessage: fc.Arbitrary<Case> = fc
  .tuple(
    validMessage,
    fc.oneof(
      notMessage.map((value) => ({ at: '', value })),
      fc.oneof(fc.constant(undefined), fc.constant('robot'), fc.integer(), fc.constant('user')).map((role) => ({ at: '.role', role })),
      fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.constant({})).map((content) => ({ at: '.content', content })),
      notObject.map((metadata) => ({ at: '.metadata', metadata })),
      notObject.map((usage) => ({ at: '.usage', usage })),
      fc.tuple(fc.constantFrom('id', 'name', 'timestamp'), notString).map(([key, field]) => ({ at: `.${key}`, [key]: field })),
    ),
  )
  .map(([valid, breaking]): Case => {
    const { at, ...fields } = breaking as { at: string } & Record<string, Json>
    const value = at === '' ? fields.value : { ...(valid.value as object), ...fields }
    if (at === '.role' && fields.role === undefined) delete (value as Record<string, Json>).role
    if (at === '.content' && fields.content === undefined) delete (value as Record<string, Json>).content
    return { value, brokenAt: at, role: valid.role, skippedBlocks: [], texts: [] }
  })

const history = fc.array(fc.oneof({ weight: 3, arbitrary: validMessage }, { weight: 1, arbitrary: brokenMessage }), { maxLength: 12 })

function sessionFor(reported: AgentStreamError[]) {
  return createAgentSession({
    // Never reached: load() does not touch the network.
    transport: createSseTransport({ url: 'http://127.0.0.1:1/api', sessionId: 'fuzz' }),
    onError: (error) => reported.push(error),
  })
}

// Every text the state shows: the user's messages and the entries of the turns.
function shownTexts(session: ReturnType<typeof createAgentSession>): Set<string> {
  const { agent } = session.getState()
  const texts = new Set<string>()
  for (const { message } of agent.userMessages)
    for (const block of message.content) if (block.type === 'text') texts.add((block as { text: string }).text)
  for (const turn of agent.scopes['']!.turns) for (const entry of turn.entries) if (entry.kind === 'text') texts.add(entry.block.text)
  return texts
}

function nested(depth: number, leaf: Json, wrap: (inner: Json) => Json): Json {
  let value = leaf
  for (let level = 0; level < depth; level++) value = wrap(value)
  return value
}

const message = (role: string, content: Json[], extra: Record<string, Json> = {}) => ({ role, content, metadata: {}, ...extra })

describe('load(history) with random and hostile shapes (#11)', () => {
  it('never throws, shows every valid message, and names the index and field of each message or block it skips', () => {
    fc.assert(
      fc.property(history, (cases) => {
        const values = cases.map((item) => item.value)
        const validated = validateHistory(values)
        const expectedFields = cases.flatMap((item, index) =>
          item.brokenAt === null ? item.skippedBlocks.map((path) => `messages[${index}]${path}`) : [`messages[${index}]${item.brokenAt}`],
        )
        expect(validated.warnings.map((warning) => warning.field).sort()).toEqual(expectedFields.sort())
        expect(validated.messages).toHaveLength(cases.filter((item) => item.brokenAt === null).length)
        for (const warning of validated.warnings) expect(warning.code).toBe('invalid-history')

        const reported: AgentStreamError[] = []
        const session = sessionFor(reported)
        expect(() => session.load(values)).not.toThrow()
        expect(reported.map((error) => error.field).sort()).toEqual(expectedFields.sort())
        const shown = shownTexts(session)
        for (const item of cases) {
          if (item.brokenAt !== null || item.role === 'SYSTEM') continue
          for (const text of item.texts) expect(shown.has(text), `"${text}" of a valid ${item.role} message`).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('reads a usage with missing or mistyped counts as 0, naming each mistyped field, and keeps the message', () => {
    const usage = { inputTokens: '12', outputTokens: 3, totalTokens: null, time: 'slow' }
    const validated = validateHistory([message('ASSISTANT', [{ type: 'text', text: 'hi' }], { usage })])
    expect(validated.messages[0]?.usage).toEqual({ inputTokens: 0, outputTokens: 3, cachedTokens: 0, time: 0, totalTokens: 0 })
    expect(validated.warnings.map((warning) => warning.field)).toEqual(['messages[0].usage.inputTokens', 'messages[0].usage.time'])
  })

  it('never throws on any JSON value, as the history or as one of its messages', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())), (values) => {
        const session = sessionFor([])
        expect(() => session.load(values as unknown[])).not.toThrow()
        expect(() => validateHistory(values)).not.toThrow()
      }),
      { numRuns: 300 },
    )
  })

  it('loads deep nesting without overflowing (tool input, metadata, unknown blocks, nested tool results) and a 1 MB text', () => {
    const depth = 100_000
    const deepObject = nested(depth, 1, (inner) => ({ a: inner }))
    const deepResult = nested(depth, { type: 'text', text: 'bottom' }, (inner) => ({ type: 'tool_result', id: 'r', output: [inner] }))
    const values = [
      message('USER', [{ type: 'text', text: 'go' }]),
      message('ASSISTANT', [{ type: 'tool_use', id: 'c1', name: 'read', input: deepObject }]),
      message('ASSISTANT', [{ type: 'text', text: 'deep metadata' }], { metadata: deepObject }),
      message('ASSISTANT', [{ type: 'vendor_block', payload: deepObject }]),
      message('TOOL', [deepResult]),
      message('ASSISTANT', [{ type: 'text', text: 'still here' }]),
      message('ASSISTANT', [{ type: 'text', text: 'x'.repeat(1_000_000) }]),
    ]
    const reported: AgentStreamError[] = []
    const session = sessionFor(reported)
    expect(() => session.load(values)).not.toThrow()
    const shown = shownTexts(session)
    for (const text of ['go', 'deep metadata', 'still here', 'x'.repeat(1_000_000)]) expect(shown.has(text)).toBe(true)
    // The tool call is shown; a result nested past any sane depth may be skipped, but then it is reported.
    const entries = session.getState().agent.scopes['']!.turns.flatMap((turn) => turn.entries)
    expect(entries.some((entry) => entry.kind === 'tool_use' && entry.block.id === 'c1')).toBe(true)
    const resultShown = entries.some((entry) => entry.kind === 'tool_result')
    expect(resultShown || reported.some((error) => error.field?.startsWith('messages[4]'))).toBe(true)
  })

  it('costs time linear in the size of the history (complexity as a ratio of sizes)', () => {
    const build = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        index % 3 === 0
          ? message('USER', [{ type: 'text', text: `question ${index}` }])
          : index % 7 === 0
            ? { role: 'ASSISTANT', content: [{ type: 'text', text: 5 }] }
            : message('ASSISTANT', [
                { type: 'text', text: `answer ${index}` },
                { type: 'tool_use', id: `c${index}`, name: 'read', input: { path: `/tmp/${index}` } },
              ]),
      )
    // Per message, 8,000 against 1,000: linear gives ~1, quadratic ~8.
    const ratio = costPerUnitRatio({
      small: 1_000,
      large: 8_000,
      prepare: build,
      work: (values) => sessionFor([]).load(values),
      runs: 5,
    })
    expect(ratio).toBeLessThan(3)
  })
})
