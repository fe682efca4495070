/**
 * Records the event scripts the stories replay (`npm run record:stories`): starts the scripted AgentScope server on a
 * free loopback port, drives each scenario through the kit's own SSE transport and store (answering confirmations and
 * external execution where the scenario pauses), and saves `{ scenario, requests, calls }` to `stories/scripts/`.
 *
 * Three scripts are derived from recordings because the scripted server has no such scenario (each says so in
 * `derivedFrom` and `note`): an audio and a PDF data block (from `generated-image`) and a stream with unreadable
 * events (from `plain-text`).
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createSseTransport } from '../src/core'
import type { AgentTransport } from '../src/core'
import { createAgentStore } from '../src/store/create-agent-store'
import type { AgentStore, AgentStoreState } from '../src/store/agent-store-state'
import { startScriptedAgentServer } from '../src/testing'
import type { ScriptedAgentServer } from '../src/testing'
import { pickScenario } from '../src/testing/scenario-catalog'
import { cutAtOddLengths } from '../src/testing/sample-images'
import type { RecordedHttpError, RecordedRequest, RecordedScript } from './support/recorded-script'

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'scripts')
const SEED = 20_260_514
// The long answer streams ~20,000 deltas; this many are kept, cut back to the last section heading.
const LONG_ANSWER_DELTAS = 1_500

/** How one scenario is driven: the first message, then the answer to each pause. */
interface Plan {
  readonly file: string
  readonly text: string
  readonly answer?: (state: AgentStoreState) => RecordedRequest | null
}

const PLANS: readonly Plan[] = [
  { file: 'plain-text', text: 'hello there' },
  { file: 'thinking', text: 'Think it through, then write a haiku about autumn rain' },
  { file: 'tool-call', text: "What's the weather in Paris right now?" },
  { file: 'parallel-tools', text: 'Check Beijing and Tokyo in parallel' },
  { file: 'tool-error', text: "What's the ACME stock price?" },
  {
    file: 'confirmation',
    text: 'Please clean up the build output and the temporary logs',
    // The first call approved with edited arguments, the second denied: both outcomes in one recording.
    answer: ({ agent }) => {
      const calls = agent.pendingConfirmation?.toolCalls
      if (calls === undefined || calls.length === 0) return null
      return {
        kind: 'confirm',
        decisions: calls.map((call, index) =>
          index === 0
            ? { toolCallId: call.id, approved: true, input: { command: 'rm -rf ./build/cache' } }
            : { toolCallId: call.id, approved: false },
        ),
      }
    },
  },
  {
    file: 'all-denied',
    text: 'Delete the customers export from the data folder',
    answer: ({ agent }) => {
      const calls = agent.pendingConfirmation?.toolCalls
      if (calls === undefined) return null
      return { kind: 'confirm', decisions: calls.map((call) => ({ toolCallId: call.id, approved: false })) }
    },
  },
  {
    file: 'external-execution',
    text: 'Open the pricing page in my browser and tell me what it says',
    answer: ({ agent }) => {
      const calls = agent.pendingExternalExecution?.toolCalls
      if (calls === undefined) return null
      const page =
        'Pricing — Free: 0 €/month, 1 agent, community support. Team: 49 €/month per seat, unlimited agents, ' +
        'audit log. Enterprise: contact sales (SSO, on-premises, 99.9% SLA).'
      return { kind: 'tool-results', results: calls.map((call) => ({ toolCallId: call.id, output: page })) }
    },
  },
  { file: 'generated-image', text: 'Draw me a small app icon' },
  { file: 'tool-image', text: 'Make a chart of 2025 revenue by quarter' },
  { file: 'subagent', text: 'Research the most cited 2025 papers on agent memory' },
  { file: 'max-iterations', text: 'Search the docs for our retry policy' },
  { file: 'long-running', text: 'Run the full test suite' },
  { file: 'custom-events', text: 'Make a plan for the v2.0.3 release' },
  { file: 'hints', text: 'Any hints before I start the migration?' },
  { file: 'usage', text: 'Convert 250 EUR to JPY' },
  { file: 'error-midway', text: 'Crash test: pull the quarterly numbers into a table' },
  { file: 'legacy-type-names', text: 'Show me a legacy server stream' },
  { file: 'long-answer', text: 'Write a long guide to streaming agent UIs' },
  { file: 'help', text: 'What can you do?' },
]

/** The SSE transport, with every raw event of each call kept, and every non-stream HTTP answer. */
function recordingTransport(url: string, sessionId: string) {
  const calls: unknown[][] = []
  const httpErrors: RecordedHttpError[] = []
  const inner = createSseTransport({
    url,
    sessionId,
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      if (!response.ok) {
        const body = await response.clone().text()
        const contentType = response.headers.get('content-type') ?? ''
        httpErrors.push({ status: response.status, statusText: response.statusText, contentType, body })
      }
      return response
    },
  })
  const transport: AgentTransport = {
    run(request, handlers) {
      const events: unknown[] = []
      calls.push(events)
      return inner.run(request, {
        ...handlers,
        onEvent: (value) => {
          events.push(value)
          handlers.onEvent(value)
        },
      })
    },
    interrupt: () => inner.interrupt(),
  }
  return { calls, httpErrors, transport }
}

async function perform(store: AgentStore, request: RecordedRequest): Promise<void> {
  const state = store.getState()
  switch (request.kind) {
    case 'message': {
      return state.send(request.text)
    }
    case 'confirm': {
      return state.confirm(request.decisions)
    }
    case 'tool-results': {
      return state.submitToolResults(request.results)
    }
    default: {
      request satisfies never
    }
  }
}

async function record(server: ScriptedAgentServer, plan: Plan): Promise<RecordedScript> {
  const scenario = pickScenario(plan.text)
  if (scenario.name !== plan.file) throw new Error(`"${plan.text}" picks ${scenario.name}, not ${plan.file}`)
  const { calls, transport } = recordingTransport(server.url, `story-${plan.file}`)
  const store = createAgentStore({ transport })
  const requests: RecordedRequest[] = []
  let next: RecordedRequest | null = { kind: 'message', text: plan.text }
  while (next !== null) {
    requests.push(next)
    await perform(store, next)
    next = plan.answer?.(store.getState()) ?? null
  }
  const { name, keyword, description } = scenario
  return { scenario: name, keyword, description, requests, calls }
}

function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) resolve()
      else if (Date.now() > deadline) reject(new Error(`Timed out waiting for ${what}`))
      else setTimeout(check, 2)
    }
    check()
  })
}

const isType = (type: string) => (value: unknown) => (value as { type?: unknown }).type === type

/** The long-running suite, stopped by the user while run_tests streams: the server's own interrupted ending. */
async function recordInterrupted(server: ScriptedAgentServer): Promise<RecordedScript> {
  const text = 'Run the full test suite'
  const scenario = pickScenario(text)
  const { calls, transport } = recordingTransport(server.url, 'story-interrupted')
  const store = createAgentStore({ transport })
  const sent = store.getState().send(text)
  const outputDeltas = () => calls[0]?.filter(isType('TOOL_RESULT_TEXT_DELTA')).length ?? 0
  await waitFor(() => outputDeltas() >= 6, 'six lines of test output')
  const interruptedAfter = (calls[0]?.length ?? 0) - 1
  await store.getState().stop()
  await sent
  return {
    scenario: 'interrupted',
    keyword: scenario.keyword,
    description: 'The long-running test suite, stopped by the user while run_tests streams its output.',
    requests: [{ kind: 'message', text }],
    calls,
    interruptedAfter,
  }
}

/** A second message while the session still streams: the server answers 409 with a Spring error body. */
async function recordHttpError(server: ScriptedAgentServer): Promise<RecordedScript> {
  const sessionId = 'story-http-error'
  const busy = recordingTransport(server.url, sessionId)
  const busyStore = createAgentStore({ transport: busy.transport })
  const running = busyStore.getState().send('Run the full test suite')
  await waitFor(() => (busy.calls[0]?.length ?? 0) > 0, 'the first call to stream')
  const second = recordingTransport(server.url, sessionId)
  const store = createAgentStore({ transport: second.transport })
  const text = 'hello there'
  await store.getState().send(text)
  await busyStore.getState().stop()
  await running
  const httpError = second.httpErrors[0]
  if (httpError === undefined) throw new Error('The second call was not refused')
  return {
    scenario: 'http-error',
    keyword: 'hello',
    description: 'A message sent while another tab still streams in the same session: HTTP 409 before any event.',
    requests: [{ kind: 'message', text }],
    calls: [],
    httpError,
  }
}

// ─── Derived scripts ──────────────────────────────────────────────────────────────────────────────────

function derivedId(script: string, index: number): string {
  return createHash('sha256').update(`${script}:${index}`).digest('hex').slice(0, 32)
}

/** A short 8 kHz 8-bit mono WAV: a 660 Hz chime with a fade-out. */
function chimeWav(): string {
  const rate = 8000
  const samples = Math.round(rate * 0.4)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples, 40)
  const data = Buffer.alloc(samples)
  for (let index = 0; index < samples; index++) {
    const fade = 1 - index / samples
    data[index] = Math.round(128 + 90 * fade * Math.sin((2 * Math.PI * 660 * index) / rate))
  }
  return Buffer.concat([header, data]).toString('base64')
}

/** A one-page PDF saying "Q3 report", with a correct cross-reference table. */
function reportPdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 60 Td (Q3 report) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1').toString('base64')
}

type WireEvent = Record<string, unknown>

/** The generated-image call with its media swapped: same events, the DATA_BLOCK_DELTAs re-cut from other bytes. */
function withMedia(source: RecordedScript, name: string, base64: string, mediaType: string, noun: string): RecordedScript {
  const events = (source.calls[0] ?? []) as readonly WireEvent[]
  const firstDelta = events.findIndex(isType('DATA_BLOCK_DELTA'))
  const template = events[firstDelta]
  if (template === undefined) throw new Error('generated-image has no DATA_BLOCK_DELTA')
  const deltas = cutAtOddLengths(base64).map((delta, index) => ({ ...template, id: derivedId(name, index), delta }))
  const rename = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('icon', noun)) as WireEvent
  const call: WireEvent[] = []
  events.forEach((event, index) => {
    if (index === firstDelta) call.push(...deltas)
    else if (event.type === 'DATA_BLOCK_DELTA') return
    else if (event.type === 'AGENT_RESULT') call.push(withResultMedia(rename(event), base64, mediaType))
    else call.push(event.type === 'TEXT_BLOCK_DELTA' ? rename(event) : event)
  })
  return {
    ...source,
    scenario: name,
    description: `A model-generated ${mediaType} streamed as DATA_BLOCK_* base64 chunks (no media type on the wire).`,
    calls: [call],
    derivedFrom: 'generated-image',
    note: `The scripted server streams only PNGs as data blocks: this is its generated-image call with the DATA_BLOCK_DELTA payload replaced by a ${mediaType} file, cut at the same odd lengths.`,
  }
}

function withResultMedia(event: WireEvent, base64: string, mediaType: string): WireEvent {
  const result = event.result as { content: WireEvent[] }
  const content = result.content.map((block) =>
    block.type === 'data' ? { ...block, source: { type: 'base64', media_type: mediaType, data: base64 } } : block,
  )
  return { ...event, result: { ...result, content } }
}

/** The plain-text call with two events this kit version cannot read, as a newer server or a lossy proxy might send. */
function withUnreadableEvents(source: RecordedScript): RecordedScript {
  const events = (source.calls[0] ?? []) as readonly WireEvent[]
  const firstDelta = events.findIndex(isType('TEXT_BLOCK_DELTA'))
  const template = events[firstDelta]
  if (template === undefined) throw new Error('plain-text has no TEXT_BLOCK_DELTA')
  const unknownType = {
    type: 'TEXT_BLOCK_CITATION',
    id: derivedId('warnings', 0),
    createdAt: template.createdAt,
    replyId: template.replyId,
    blockId: 'text',
    url: 'https://example.com',
  }
  const missingBlockId: WireEvent = { ...template, id: derivedId('warnings', 1), delta: ' (stripped)' }
  delete missingBlockId.blockId
  const call = [...events.slice(0, firstDelta + 1), unknownType, missingBlockId, ...events.slice(firstDelta + 1)]
  return {
    ...source,
    scenario: 'warnings',
    description: 'A plain-text reply with two events the kit cannot read: both are skipped and counted as warnings.',
    calls: [call],
    derivedFrom: 'plain-text',
    note: 'The scripted server never sends invalid events: this is its plain-text call with an event of an unknown type (TEXT_BLOCK_CITATION) and a TEXT_BLOCK_DELTA without blockId inserted after the first delta.',
  }
}

/** Cuts the long answer to at most {@link LONG_ANSWER_DELTAS} deltas, ending just before a section heading. */
function truncateLongAnswer(script: RecordedScript): RecordedScript {
  const events = (script.calls[0] ?? []) as readonly WireEvent[]
  const deltaIndexes = events.flatMap((event, index) => (event.type === 'TEXT_BLOCK_DELTA' ? [index] : []))
  const deltaText = (index: number) => String(events[index]?.delta ?? '')
  const text = deltaIndexes.slice(0, LONG_ANSWER_DELTAS).map(deltaText).join('')
  const finalText = text.slice(0, text.lastIndexOf('\n## ') + 1)
  // Keep the deltas that start before the cut; the last one is trimmed to end exactly at it.
  const kept = new Map<number, string>()
  let offset = 0
  for (const index of deltaIndexes) {
    if (offset >= finalText.length) break
    const delta = deltaText(index)
    kept.set(index, delta.slice(0, finalText.length - offset))
    offset += delta.length
  }
  const call: WireEvent[] = []
  events.forEach((event, index) => {
    if (event.type === 'TEXT_BLOCK_DELTA') {
      const delta = kept.get(index)
      if (delta !== undefined) call.push({ ...event, delta })
    } else if (event.type === 'AGENT_RESULT') {
      const result = event.result as { content: WireEvent[] }
      const content = result.content.map((block) => (block.type === 'text' ? { ...block, text: finalText } : block))
      call.push({ ...event, result: { ...result, content } })
    } else {
      call.push(event)
    }
  })
  return {
    ...script,
    calls: [call],
    truncated: { keptTextDeltas: kept.size, droppedTextDeltas: deltaIndexes.length - kept.size },
  }
}

// ─── Output ───────────────────────────────────────────────────────────────────────────────────────────

/** Pretty JSON with one event per line, so a diff shows which events changed. */
function format(script: RecordedScript): string {
  const { calls, ...rest } = script
  const head = JSON.stringify(rest, null, 2).slice(0, -2)
  const body = calls
    .map((events) => (events.length === 0 ? '    []' : `    [\n${events.map((event) => `      ${JSON.stringify(event)}`).join(',\n')}\n    ]`))
    .join(',\n')
  return `${head},\n  "calls": [${calls.length === 0 ? '' : `\n${body}\n  `}]\n}\n`
}

function save(script: RecordedScript): void {
  const text = format(script)
  JSON.parse(text)
  writeFileSync(join(OUT_DIR, `${script.scenario}.json`), text)
  const events = script.calls.reduce((count, call) => count + call.length, 0)
  const size = `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`
  console.log(`${script.scenario.padEnd(20)} ${String(script.calls.length).padStart(2)} call(s) ${String(events).padStart(5)} events ${size}`)
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true })
  for (const file of readdirSync(OUT_DIR)) if (file.endsWith('.json')) rmSync(join(OUT_DIR, file))
  const server = await startScriptedAgentServer({ pace: 'instant', seed: SEED })
  // Interrupts and the 409 need a call that is still streaming, so they get a server that takes its time.
  const paced = await startScriptedAgentServer({ pace: { deltaMs: 1 }, seed: SEED })
  try {
    const recorded = new Map<string, RecordedScript>()
    // Every scenario of the catalog; one added later without a plan is sent its bare keyword.
    const scenarios = server.handler.scenarios()
    const unknown = PLANS.filter((plan) => !scenarios.some((scenario) => scenario.name === plan.file))
    if (unknown.length > 0) throw new Error(`No such scenario: ${unknown.map((plan) => plan.file).join(', ')}`)
    for (const { name, keyword } of scenarios) {
      const plan = PLANS.find((candidate) => candidate.file === name) ?? { file: name, text: keyword }
      const script = await record(server, plan)
      recorded.set(plan.file, script)
      save(plan.file === 'long-answer' ? truncateLongAnswer(script) : script)
    }
    save(await recordInterrupted(paced))
    save(await recordHttpError(paced))
    const image = recorded.get('generated-image')
    const plain = recorded.get('plain-text')
    if (image === undefined || plain === undefined) throw new Error('The source recordings are missing')
    save(withMedia(image, 'generated-audio', chimeWav(), 'audio/wav', 'chime'))
    save(withMedia(image, 'generated-pdf', reportPdf(), 'application/pdf', 'report'))
    save(withUnreadableEvents(plain))
  } finally {
    await server.close()
    await paced.close()
  }
}

await main()
