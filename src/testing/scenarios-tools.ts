/** Scenarios built around tools the server runs itself: streaming, parallel, failing, media, subagents, loops. */
import { callTool, resultText, say, type Scenario, type ScriptedTool, type ToolChunk } from './scenario'
import { REVENUE_CHART_PNG } from './sample-images'

const REPORTS: Readonly<Record<string, { readonly parts: readonly string[]; readonly at: readonly number[] }>> = {
  Paris: { parts: ['Paris: ', '18°C, ', 'light rain, ', 'wind 12 km/h NW'], at: [3, 6, 9, 12] },
  Beijing: { parts: ['Beijing: ', '28°C, partly cloudy'], at: [4, 6] },
  Tokyo: { parts: ['Tokyo: ', '22°C, clear skies'], at: [3, 8] },
}

const GET_WEATHER: ScriptedTool = {
  run: (input) => {
    const city = typeof input.city === 'string' && input.city !== '' ? input.city : 'Paris'
    const report = REPORTS[city] ?? { parts: [`${city}: `, '15°C, ', 'overcast'], at: [3, 6, 9] }
    return { chunks: report.parts.map((text, index): ToolChunk => ({ at: report.at[index] ?? index * 3, text })) }
  },
}

/** One streamed tool call, then a second model call (tool-call-streamed-args-text-result fixture). */
export const TOOL_CALL: Scenario = {
  name: 'tool-call',
  keyword: 'weather',
  description: 'A get_weather call with streamed __fragment__ arguments and a streaming result, then a second model call.',
  tools: { get_weather: GET_WEATHER },
  reason: (step) => {
    if (step.index > 0) {
      const deltas = ["It's 18°C", ' with light rain', ' in Paris right now', ' — bring an umbrella! ☔']
      return { chunks: deltas.map((delta) => ({ kind: 'text', delta })) }
    }
    return {
      chunks: [
        ...say('Let me check the current weather in Paris.', 10),
        ...callTool('paris', 'get_weather', ['{"', 'city', '":"', 'Paris', '","', 'unit', '":"', 'celsius', '"}']),
      ],
    }
  },
}

/** Two calls whose arguments interleave, then interleaved results (parallel-tool-calls-interleaved fixture). */
export const PARALLEL_TOOLS: Scenario = {
  name: 'parallel-tools',
  keyword: 'parallel',
  description:
    "Two get_weather calls: the first call's arguments re-open with a second TOOL_CALL_START, " + 'results stream interleaved and end in call order.',
  tools: { get_weather: GET_WEATHER },
  reason: (step) => {
    if (step.index > 0) {
      const reports = step.results.map((result) => resultText(result).replace(': ', ' is '))
      return { chunks: say(`${reports.join('; ')}.`) }
    }
    return {
      chunks: [
        ...say("I'll look up both cities in parallel.", 10),
        { kind: 'tool', call: 'beijing', name: 'get_weather', delta: '{"city":', fragmentName: 'get_weather' },
        { kind: 'tool', call: 'tokyo', name: 'get_weather', delta: '{"city":"Tokyo"}', fragmentName: 'get_weather' },
        { kind: 'tool', call: 'beijing', name: 'get_weather', delta: '"Beijing"}', fragmentName: 'get_weather' },
      ],
    }
  },
}

/** A tool exception becomes an `error` result (tool-result-error fixture). */
export const TOOL_ERROR: Scenario = {
  name: 'tool-error',
  keyword: 'stock',
  description: 'A tool that fails ("Error: Tool execution failed: …", state error), then an apology.',
  tools: {
    get_stock_price: {
      run: () => {
        throw new Error('quote service returned HTTP 503 (Service Unavailable)')
      },
    },
  },
  reason: (step) =>
    step.index === 0
      ? { chunks: callTool('quote', 'get_stock_price', ['{"ticker":', '"ACME"}']) }
      : {
          chunks: say('Sorry — the quote service is unavailable right now (HTTP 503). Please try again in a few minutes.', 5),
        },
}

/** A tool returns a PNG through TOOL_RESULT_DATA_DELTA (tool-result-data-delta-image fixture). */
export const TOOL_IMAGE: Scenario = {
  name: 'tool-image',
  keyword: 'chart',
  description: 'A render_chart tool returning text and a PNG through TOOL_RESULT_DATA_DELTA.',
  tools: {
    render_chart: {
      run: (input, context) => ({
        output: [
          { type: 'text', text: `Rendered ${String(input.kind ?? 'bar')} chart: 4 quarters, max Q4 = 1.82M.` },
          {
            type: 'data',
            source: { type: 'base64', media_type: 'image/png', data: REVENUE_CHART_PNG },
            id: context.ids.hex(),
            name: `${String(input.metric ?? 'revenue')}-${String(input.period ?? '2025')}.png`,
          },
        ],
        duration: 12,
      }),
    },
  },
  reason: (step) =>
    step.index === 0
      ? { chunks: callTool('chart', 'render_chart', ['{"metric":"', 'revenue","period":"', '2025","kind":"bar"}']) }
      : { chunks: say('Here is the 2025 revenue chart — Q4 was the strongest quarter at 1.82M.', 6) },
}

const CHILD_REPLY = [
  'The three most cited papers are:',
  '\n1. MemGPT-2 — tiered memory paging.',
  '\n2. A-Mem — Zettelkasten-style linking.',
  '\n3. LongMemEval — 500-question benchmark.',
]

// A local subagent, as AgentSpawnTool forwards it: a synthetic AGENT_START and AGENT_END around the child's events.
const AGENT_SPAWN: ScriptedTool = {
  run: (input, context) => {
    const agentId = typeof input.agent_id === 'string' ? input.agent_id : 'researcher'
    const label = typeof input.label === 'string' ? input.label : agentId
    const source = `${context.sessionId}/${agentId}`
    const childSession = `sub-${context.ids.uuid()}`
    const subagentId = context.ids.subagentId()
    const replyId = context.ids.hex()
    const child = (at: number, type: string, fields: Record<string, unknown>): ToolChunk => ({
      at,
      event: { type, fields, source },
    })
    const chunks: ToolChunk[] = [
      child(2, 'AGENT_START', { sessionId: childSession, name: agentId, role: 'assistant' }),
      child(5, 'MODEL_CALL_START', { replyId }),
      child(6, 'TEXT_BLOCK_START', { replyId, blockId: 'text' }),
      ...CHILD_REPLY.map((delta, index) => child([7, 8, 10, 12][index] ?? 12, 'TEXT_BLOCK_DELTA', { replyId, blockId: 'text', delta })),
      child(13, 'TEXT_BLOCK_END', { replyId, blockId: 'text' }),
      child(14, 'MODEL_CALL_END', {
        replyId,
        usage: { inputTokens: 840, outputTokens: 71, cachedTokens: 0, time: 1.5, totalTokens: 911 },
      }),
      child(15, 'AGENT_END', {}),
    ]
    if (input.expose_to_user === true) {
      const fields = { subagentId, agentId, sessionId: childSession, label }
      chunks.unshift({ at: 1, event: { type: 'SUBAGENT_EXPOSED', fields } })
    }
    const exposed = 'status: exposed (user can send messages directly via subagent_id)\n'
    const status = input.expose_to_user === true ? exposed : ''
    const text =
      `agent_key: agent:${agentId}:${context.ids.uuid()}\nagent_id: ${agentId}\nsession_id: ${childSession}\n` +
      `subagent_id: ${subagentId}\n${status}status: ok\nreply:\n${CHILD_REPLY.join('')}`
    return { chunks, output: [{ type: 'text', text }], duration: 17 }
  },
}

/** agent_spawn next to a parallel tool, child events interleaved (subagent-events-interleaved-and-exposed fixture). */
export const SUBAGENT: Scenario = {
  name: 'subagent',
  keyword: 'research',
  description:
    "agent_spawn and web_search in parallel: SUBAGENT_EXPOSED, the researcher's own events (source set) " + 'interleaved with the search results.',
  tools: {
    agent_spawn: AGENT_SPAWN,
    web_search: {
      run: () => ({
        chunks: [
          { at: 3, text: '1. MemBench-25 leaderboard — https://example.org/membench\n' },
          { at: 9, text: '2. LongMemEval paper — https://example.org/longmemeval\n' },
          { at: 16, text: '3. Agent memory survey (2025) — https://example.org/memory-survey\n' },
        ],
      }),
    },
  },
  reason: (step) => {
    if (step.index > 0) {
      return {
        chunks: say('The researcher found MemGPT-2, A-Mem and LongMemEval; you can keep chatting with it in the "Memory research" tab.', 8),
      }
    }
    return {
      chunks: [
        ...say("I'll delegate the literature review and run a quick search myself.", 12),
        ...callTool('spawn', 'agent_spawn', [
          '{"agent_id":"researcher","task":"List th',
          'e 3 most cited 2025 papers on agent memory with on',
          'e-line summaries","label":"Memory research","expose_to_user":true}',
        ]),
        ...callTool('search', 'web_search', ['{"query":"agent memory', ' benchmark 2025"}']),
      ],
    }
  },
}

/** The loop hits maxIters: EXCEED_MAX_ITERS with replyId "", then a summary call (exceed-max-iterations fixture). */
export const MAX_ITERATIONS: Scenario = {
  name: 'max-iterations',
  keyword: 'docs',
  description: 'search_docs until maxIters (2) is reached: EXCEED_MAX_ITERS, then a tool-less summary call.',
  maxIters: 2,
  tools: {
    search_docs: {
      run: (input) => {
        const backoff = String(input.query).includes('backoff')
        const text = backoff ? '2 results: docs/retry.md#backoff' : '3 results: docs/retry.md#overview'
        return { output: [{ type: 'text', text }], duration: 6 }
      },
    },
  },
  reason: (step) => {
    if (step.summary) {
      const summary = 'I hit my step limit. Summary so far: the client retries with exponential backoff (see docs/retry.md#backoff).'
      return { chunks: say(summary, 6) }
    }
    const query = step.index === 0 ? 'retry policy' : 'retry policy exponential backoff'
    return { chunks: callTool(`search-${step.index}`, 'search_docs', ['{"query":', `"${query}"}`]) }
  },
}

const TEST_FILES = [
  'api',
  'store',
  'auth',
  'billing',
  'cache',
  'cli',
  'config',
  'db',
  'events',
  'export',
  'files',
  'http',
  'i18n',
  'jobs',
  'mail',
  'metrics',
  'models',
  'notify',
  'orders',
  'parser',
  'payments',
  'queue',
  'reports',
  'search',
  'security',
  'sessions',
  'sse',
  'storage',
  'sync',
  'tasks',
  'tenants',
  'tokens',
  'ui',
  'upload',
  'users',
  'webhooks',
]

/** A tool that streams for about half a minute at the realistic pace, for the interrupt demo (interrupted-reply fixture). */
export const LONG_RUNNING: Scenario = {
  name: 'long-running',
  keyword: 'suite',
  description: 'run_tests streams test output for about half a minute: press stop to interrupt it.',
  tools: {
    run_tests: {
      run: () => {
        const counts = TEST_FILES.map((_, index) => 6 + ((index * 7) % 11))
        const total = counts.reduce((sum, count) => sum + count, 0)
        const chunks: ToolChunk[] = [{ at: 4, text: `collected ${total} items\n` }]
        let passed = 0
        TEST_FILES.forEach((name, index) => {
          const count = counts[index] ?? 0
          passed += count
          const percent = String(Math.round((passed / total) * 100)).padStart(3, ' ')
          chunks.push({ at: 16 + index * 28, text: `tests/test_${name}.py ${'.'.repeat(count)} [${percent}%]\n` })
        })
        const last = 16 + TEST_FILES.length * 28
        chunks.push({ at: last, text: `\n========== ${total} passed in 41.3s ==========\n` })
        return { chunks, duration: last + 4 }
      },
    },
  },
  reason: (step) =>
    step.index === 0
      ? {
          chunks: [...say('Running the full test suite now.', 10), ...callTool('tests', 'run_tests', ['{"path":"tests/",', '"verbose":true}'])],
        }
      : { chunks: say('All tests passed in 41.3 s — the suite is green.', 4) },
}
