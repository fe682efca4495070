/**
 * What a scripted scenario is made of: the model's reply for each reasoning step (as provider chunks that
 * the server turns into events exactly as `ReActAgent.ModelCallBlockLifecycle` does), and its tools.
 */
import type { ChatUsage, ContentBlock, ToolResultBlock, ToolUseBlock } from '../core'
import type { WireIds } from './wire-format'

/** One chunk of a scripted model stream; `ticks` is the wait before it (one text delta = 1 tick). */
export type ModelChunk =
  | { readonly kind: 'thinking'; readonly delta: string; readonly ticks?: number }
  | { readonly kind: 'text'; readonly delta: string; readonly ticks?: number }
  | {
      readonly kind: 'tool'
      /** A name for the call within this reply; the server mints its `call_…` id. */
      readonly call: string
      readonly name: string
      readonly delta: string
      /** What `TOOL_CALL_DELTA.toolCallName` says. @default '__fragment__' */
      readonly fragmentName?: string
      readonly ticks?: number
    }
  | {
      readonly kind: 'data'
      /** A name for the media block within this reply; the server mints its 32-hex blockId. */
      readonly block: string
      readonly delta: string
      /** Used only in the returned Msg: the wire carries no media type. */
      readonly mediaType: string
      readonly ticks?: number
    }
  | { readonly kind: 'fail'; readonly message: string; readonly ticks?: number }

/** A scripted model reply. */
export interface ModelReply {
  readonly chunks: readonly ModelChunk[]
  /** Replaces the computed usage fields. */
  readonly usage?: Partial<ChatUsage>
}

/** What the scripted model knows when it is called. */
export interface ReasoningStep {
  /** How many model calls this conversation made before this one (resumes included). */
  readonly index: number
  /** The text of the user message that chose the scenario. */
  readonly userText: string
  /** The tool results produced since the previous model call: executed, denied or returned by the client. */
  readonly results: readonly ToolResultBlock[]
  /** The tool calls those results answer, in the same order (with the user's edits, if any). */
  readonly calls: readonly ToolUseBlock[]
  /** The tool-less summary call that follows EXCEED_MAX_ITERS. */
  readonly summary: boolean
  readonly sessionId: string
}

/** Something a tool does while it runs; `at` is in ticks since the acting phase began. */
export type ToolChunk =
  | { readonly at: number; readonly text: string; readonly metadata?: Readonly<Record<string, unknown>> }
  | { readonly at: number; readonly data: ContentBlock }
  | { readonly at: number; readonly custom: { readonly name: string; readonly value: unknown } }
  | {
      readonly at: number
      /** An event the tool forwards as is, e.g. a subagent's (with `source`) or SUBAGENT_EXPOSED. */
      readonly event: {
        readonly type: string
        readonly fields: Readonly<Record<string, unknown>>
        readonly source?: string
      }
    }

/** How one tool call runs. */
export interface ToolRun {
  /** Streamed while it runs; streamed text and data are not repeated at the end (protocol §6.3). */
  readonly chunks?: readonly ToolChunk[]
  /** The final output; sent just before TOOL_RESULT_END when nothing was streamed. @default the streamed output */
  readonly output?: readonly ContentBlock[]
  /** @default 'success' */
  readonly state?: 'success' | 'error' | 'interrupted'
  readonly metadata?: Readonly<Record<string, unknown>>
  /** When it finishes, in ticks since the acting phase began. @default 2 ticks after its last chunk */
  readonly duration?: number
}

/** What a tool gets besides its input. */
export interface ToolContext {
  readonly call: ToolUseBlock
  readonly sessionId: string
  readonly ids: WireIds
}

/** A scripted tool. */
export interface ScriptedTool {
  /** `ask` needs the user's confirmation unless a rule allows it; `external` is run by the client. @default 'allow' */
  readonly permission?: 'allow' | 'ask' | 'external'
  /** Runs the tool; a thrown error becomes `Error: Tool execution failed: <message>` with state `error`. */
  readonly run?: (input: Readonly<Record<string, unknown>>, context: ToolContext) => ToolRun
}

/** A CUSTOM event. */
export interface CustomEventSpec {
  readonly name: string
  readonly value: unknown
}

/** A HINT_BLOCK. */
export interface HintSpec {
  readonly hintSource: string
  readonly hint: string
}

/** One scripted conversation, chosen by a keyword in the user's message. */
export interface Scenario {
  readonly name: string
  /** Matched case-insensitively anywhere in the user's message text. */
  readonly keyword: string
  readonly description: string
  readonly tools?: Readonly<Record<string, ScriptedTool>>
  /** @default 10 */
  readonly maxIters?: number
  /**
   * What happens when the user denies every call: reason again, or stop as a middleware that forwards
   * ALL_TOOLS_DENIED would. @default 'reason'
   */
  readonly allDenied?: 'reason' | 'stop'
  /** Write the legacy type names of an older server (protocol §2.1). */
  readonly legacyTypeNames?: boolean
  /** CUSTOM events emitted right after AGENT_START of the first call. */
  readonly start?: (context: { readonly sessionId: string }) => readonly CustomEventSpec[]
  /** HINT_BLOCKs emitted before a model call. */
  readonly hints?: (step: ReasoningStep) => readonly HintSpec[]
  readonly reason: (step: ReasoningStep) => ModelReply
}

/** Splits text into deltas of a few words each, whitespace kept at the front as providers send it. */
export function phrases(text: string, wordsPerDelta = 3): string[] {
  const words = text.match(/\s*\S+/g) ?? []
  const deltas: string[] = []
  for (let index = 0; index < words.length; index += wordsPerDelta) {
    deltas.push(words.slice(index, index + wordsPerDelta).join(''))
  }
  const tail = text.slice(deltas.join('').length)
  if (tail !== '') deltas.push(tail)
  return deltas
}

/** Text chunks for a sentence. */
export function say(text: string, wordsPerDelta = 3): ModelChunk[] {
  return phrases(text, wordsPerDelta).map((delta) => ({ kind: 'text', delta }))
}

/** Thinking chunks for a sentence. */
export function think(text: string, wordsPerDelta = 3): ModelChunk[] {
  return phrases(text, wordsPerDelta).map((delta) => ({ kind: 'thinking', delta }))
}

/** The chunks of one tool call whose JSON arguments arrive in `fragments`. */
export function callTool(call: string, name: string, fragments: readonly string[]): ModelChunk[] {
  return fragments.map((delta) => ({ kind: 'tool', call, name, delta }))
}

/** The text of a tool result's output. */
export function resultText(result: ToolResultBlock): string {
  return result.output.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('')
}
