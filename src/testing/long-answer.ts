/** The long markdown answer: about 80,000 characters streamed as about 20,000 deltas of 3 to 5 characters. */
import type { ModelChunk } from './scenario'

const TARGET_LENGTH = 80_000
const DELTA_SIZES = [4, 3, 5, 4, 4, 3, 5, 4]
// About 2–3 ms a delta at the realistic pace: a fast model, and still ~50 s in all.
const DELTA_TICKS = 0.09

const TOPICS = [
  ['Lazy block ends', 'TEXT_BLOCK_END', 'a text block closes only when a tool call starts or the model call ends'],
  ['Parallel tool results', 'TOOL_RESULT_START', 'every result starts up front and the ends come in call order'],
  ['Human in the loop', 'REQUIRE_USER_CONFIRM', 'the call pauses and a second call carries the answers'],
  ['Subagent lanes', 'SUBAGENT_EXPOSED', 'child events carry a source path such as main/researcher'],
  ['Usage per model call', 'MODEL_CALL_END', 'each call reports its own usage and the turn adds them up'],
  ['Media blocks', 'DATA_BLOCK_DELTA', 'base64 arrives in fragments that are not aligned to four characters'],
] as const

let cached: string | undefined

/** The whole answer text (built once). */
export function longAnswerText(): string {
  if (cached !== undefined) return cached
  const parts: string[] = [
    '# A field guide to streaming agent UIs 🚀\n\n',
    'This answer is deliberately long. It exercises incremental markdown rendering: headings, lists, ',
    'tables, block quotes and fenced code, streamed a few characters at a time.\n\n',
  ]
  let length = parts.join('').length
  for (let section = 1; length < TARGET_LENGTH; section += 1) {
    const text = sectionText(section)
    parts.push(text)
    length += text.length
  }
  parts.push('\n---\n\n**That is the end of the guide.** Thanks for reading all the way down! 🎉\n')
  cached = parts.join('')
  return cached
}

function sectionText(section: number): string {
  const [title, event, rule] = TOPICS[(section - 1) % TOPICS.length] ?? TOPICS[0]
  const count = 40 + ((section * 37) % 160)
  return [
    `## ${section}. ${title}\n\n`,
    `In AgentScope, **${event}** matters because ${rule}. A renderer that keys blocks by the id of the `,
    `event that created them stays correct even when \`blockId\` repeats (section ${section}).\n\n`,
    `- Keep the reducer pure: no clocks, no random ids.\n`,
    `- Flush at most once per frame; status changes flush at once.\n`,
    `- Memoize each block, so a delta re-renders ${section % 2 === 0 ? 'one block' : 'exactly one block'}.\n\n`,
    `1. Parse the event.\n2. Reduce it.\n3. Render what changed.\n\n`,
    `| Event | Seen | Share |\n|---|---:|---:|\n`,
    `| \`${event}\` | ${count} | ${(count / 4).toFixed(1)}% |\n`,
    `| \`TEXT_BLOCK_DELTA\` | ${count * 12} | ${(100 - count / 4).toFixed(1)}% |\n\n`,
    '```ts\n',
    `function apply${section}(state: AgentState, event: AgentEvent): AgentState {\n`,
    `  // ${rule}\n`,
    `  return event.type === '${event}' ? { ...state, seen: state.seen + ${section} } : state\n`,
    '}\n```\n\n',
    `> Note ${section}: streaming markdown must tolerate a fence or a table cut anywhere — 流式渲染.\n\n`,
  ].join('')
}

/** The answer as text chunks. */
export function longAnswerChunks(): ModelChunk[] {
  // cut by code points, so no delta ends in half of a surrogate pair
  const characters = Array.from(longAnswerText())
  const chunks: ModelChunk[] = []
  let offset = 0
  for (let index = 0; offset < characters.length; index += 1) {
    const size = DELTA_SIZES[index % DELTA_SIZES.length] ?? 4
    chunks.push({ kind: 'text', delta: characters.slice(offset, offset + size).join(''), ticks: DELTA_TICKS })
    offset += size
  }
  return chunks
}
