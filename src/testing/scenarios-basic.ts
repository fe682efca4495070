/** Scenarios without tools, or with one simple tool: plain text, thinking, hints, CUSTOM events, usage, failures. */
import { longAnswerChunks } from './long-answer'
import { callTool, say, think, type Scenario } from './scenario'

/** The minimal turn (plain-text-reply fixture). */
export const PLAIN_TEXT: Scenario = {
  name: 'plain-text',
  keyword: 'hello',
  description: 'A short plain-text reply: one model call, one text block.',
  reason: () => ({
    chunks: ['Hello', "! I'm", ' your AgentScope', ' assistant.', ' How can I help', ' you today?'].map((delta) => ({
      kind: 'text',
      delta,
    })),
  }),
}

/** Thinking, then text: THINKING_BLOCK_END arrives when the text starts (thinking-then-text fixture). */
export const THINKING: Scenario = {
  name: 'thinking',
  keyword: 'think',
  description: 'Thinking first, then a haiku (THINKING_BLOCK_END is sent lazily when the text starts).',
  reason: () => ({
    chunks: [
      ...think('The user wants a haiku about autumn rain. Keep 5-7-5 and end on an image.'),
      ...['Cold autumn rain falls\n', 'on the empty temple bell —\n', 'one crow shakes its wings.'].map((delta) => ({
        kind: 'text' as const,
        delta,
      })),
    ],
  }),
}

/** HINT_BLOCKs before the model call, with the session state's replyId (hint-blocks fixture). */
export const HINTS: Scenario = {
  name: 'hints',
  keyword: 'hint',
  description: 'Two HINT_BLOCKs (a team message and a finished background task) before the model call.',
  hints: (step) =>
    step.index > 0
      ? []
      : [
          {
            hintSource: 'alice',
            hint: "[team message from alice] Staging DB is read-only until 18:00 — please don't run migrations.",
          },
          {
            hintSource: 'system',
            hint: '[background task task_5b1e finished] Nightly export completed: ' + '12,408 rows written to exports/2026-05-14.csv.',
          },
        ],
  reason: () => ({
    chunks: say("Noted — I won't touch staging migrations before 18:00. The nightly export also finished (12,408 rows).", 8),
  }),
}

/** CUSTOM right after AGENT_START and while a tool runs (custom-events fixture). */
export const CUSTOM_EVENTS: Scenario = {
  name: 'custom-events',
  keyword: 'plan',
  description: 'CUSTOM events right after AGENT_START and while todo_write runs.',
  start: ({ sessionId }) => [{ name: 'example_agent_event', value: { agentName: 'assistant', sessionId } }],
  tools: {
    todo_write: {
      run: (input) => {
        const todos = Array.isArray(input.todos) ? input.todos : []
        const tasks = todos.map((todo, index) => ({ id: index + 1, ...(todo as Record<string, unknown>) }))
        return {
          chunks: [{ at: 2, custom: { name: 'state_updated', value: { tasks, permission: { mode: 'default' } } } }],
          output: [{ type: 'text', text: `Todo list updated (${tasks.length} items).` }],
          duration: 5,
        }
      },
    },
  },
  reason: (step) =>
    step.index === 0
      ? {
          chunks: callTool('todos', 'todo_write', [
            '{"todos":[{"content":"Draft release',
            ' notes","status":"in_progress"},{"c',
            'ontent":"Tag v2.0.3","status":"pending"}]}',
          ]),
        }
      : { chunks: say("Plan saved: I'm drafting the release notes first.") },
}

/** Thinking, a tool, then thinking and text: per-call usage on each MODEL_CALL_END (model-call-usage fixture). */
export const USAGE: Scenario = {
  name: 'usage',
  keyword: 'convert',
  description: 'Thinking, an fx_rate call and a second model call: per-call usage on every MODEL_CALL_END.',
  tools: {
    fx_rate: {
      run: (input) => {
        const [from, to] = [String(input.from ?? 'EUR'), String(input.to ?? 'JPY')]
        return { output: [{ type: 'text', text: `1 ${from} = 162.37 ${to} (ECB, 2026-05-14)` }], duration: 6 }
      },
    },
  },
  reason: (step) =>
    step.index === 0
      ? {
          chunks: [...think('Need the exchange rate first.'), ...callTool('rate', 'fx_rate', ['{"from":"EUR",', '"to":"JPY"}'])],
        }
      : {
          chunks: [...think('250 × 162.37 = 40592.5, round to 40,593.'), ...say("250 EUR ≈ 40,593 JPY at today's ECB rate (162.37).")],
        },
}

/** A very long markdown answer, for rendering and throughput tests. */
export const LONG_ANSWER: Scenario = {
  name: 'long-answer',
  keyword: 'long',
  description: 'A very long markdown answer (~20,000 text deltas): headings, lists, tables and code fences.',
  reason: () => ({ chunks: longAnswerChunks() }),
}

/** The model stream fails midway: WebFlux aborts the response, with no AGENT_RESULT and no AGENT_END. */
export const ERROR_MIDWAY: Scenario = {
  name: 'error-midway',
  keyword: 'crash',
  description: 'A stream that breaks off midway: the connection is aborted with no AGENT_RESULT or AGENT_END.',
  reason: () => ({
    chunks: [
      ...say('Let me pull the quarterly numbers from the warehouse and put them in a table for you.'),
      { kind: 'fail', message: 'Connection reset by peer: the model provider closed the stream', ticks: 4 },
    ],
  }),
}
