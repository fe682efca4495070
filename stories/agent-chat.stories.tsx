import type { Meta, StoryObj } from '@storybook/react-vite'
import { AGENT_STRINGS, AgentChat } from '../src'
import type { AgentChatProps, AgentLocaleName, AgentStore, ReplayPace } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { rewoundScript } from './support/rewound-script'
import { recordedScript } from './support/scripts'
import { kitGlobals } from './support/story-context'
import { useRecordedStore } from './support/use-recorded-store'

// About the speed of a fast model: one event every 45 ms.
const REALISTIC: ReplayPace = { deltaMs: 45 }

interface ChatReplayProps {
  /** A script in `stories/scripts/`, or one made from them (made once, outside the render). */
  readonly script: string | RecordedScript
  readonly locale: AgentLocaleName
  readonly theme: 'light' | 'dark'
  readonly pace?: ReplayPace
  /** Wait for the viewer to send (a suggestion, or anything typed): the empty state. */
  readonly empty?: boolean
  readonly onFeedback?: AgentChatProps['onFeedback']
  /** What the story does once the script's messages were answered. */
  readonly then?: (store: AgentStore) => unknown
}

const SUGGESTIONS = ["What's the weather in Paris?", 'Clean the build output', 'Research agent memory']

/**
 * `<AgentChat>` over a real store that replays a recorded scenario: the recorded message is sent at once, tools
 * the client runs are answered with the recorded results, and confirmations are left to you (any answer replays
 * the recorded one). Stop interrupts the replay as a server would.
 */
function ChatReplay({ script, locale, theme, pace = REALISTIC, empty = false, onFeedback, then }: ChatReplayProps) {
  const recorded = typeof script === 'string' ? recordedScript(script) : script
  const store = useRecordedStore(recorded, { pace, manual: empty ? ['message', 'confirm'] : ['confirm'], answerDelayMs: 1500, then })
  return (
    <div style={{ height: 'calc(100vh - 32px)', minHeight: 480 }}>
      {store && <AgentChat store={store} locale={AGENT_STRINGS[locale]} theme={theme} suggestions={SUGGESTIONS} onFeedback={onFeedback} />}
    </div>
  )
}

interface ReplayOptions {
  readonly pace?: ReplayPace
  readonly locale?: AgentLocaleName
  readonly theme?: 'light' | 'dark'
  readonly empty?: boolean
  readonly onFeedback?: AgentChatProps['onFeedback']
  readonly then?: (store: AgentStore) => unknown
}

function replay(script: string | RecordedScript, options: ReplayOptions = {}): Story {
  return {
    render: (_args, { globals }) => {
      const chosen = kitGlobals(globals)
      return (
        <ChatReplay
          script={script}
          pace={options.pace}
          locale={options.locale ?? chosen.locale}
          theme={options.theme ?? chosen.theme}
          empty={options.empty}
          onFeedback={options.onFeedback}
          then={options.then}
        />
      )
    },
  }
}

/** The drop-in chat, streaming each recorded scenario of the scripted AgentScope server. */
const meta = {
  title: 'Chat/AgentChat',
  component: AgentChat,
} satisfies Meta<typeof AgentChat>

export default meta
// The stories render from the replayed store, so they take no args.
type Story = StoryObj

export const PlainText = replay('plain-text')
export const Thinking = replay('thinking')
export const ToolCall = replay('tool-call')
export const ParallelTools = replay('parallel-tools')
export const ToolError = replay('tool-error')
/** Answer the two bash calls on their cards (or with the batch bar, A/D/J from the keyboard); the recorded answer (first edited, second denied) plays. */
export const Confirmation = replay('confirmation')
/** Deny delete_file to see ALL_TOOLS_DENIED. */
export const AllDenied = replay('all-denied')
/** The browser tool's recorded result is sent 1.5 s after the pause. */
export const ExternalExecution = replay('external-execution')
export const GeneratedImage = replay('generated-image')
export const ToolImage = replay('tool-image')
export const Subagent = replay('subagent')
export const MaxIterations = replay('max-iterations')
/** The test suite streams for a while: press Stop to interrupt it. */
export const LongRunning = replay('long-running', { pace: { deltaMs: 250 } })
/** Recorded from the server's interrupt endpoint. */
export const Interrupted = replay('interrupted')
export const CustomEvents = replay('custom-events')
export const Hints = replay('hints')
export const Usage = replay('usage')
/** The stream breaks off: no AGENT_RESULT, no AGENT_END. */
export const ErrorMidway = replay('error-midway')
/** The server answers 409 before any event. */
export const HttpError = replay('http-error')
export const LegacyTypeNames = replay('legacy-type-names')
/** The long answer (cut to 1,500 deltas), two deltas every 16 ms. */
export const LongAnswer = replay('long-answer', { pace: { deltaMs: 16, burst: 2 } })
/** The security corpus: XSS, script URLs and CSS injection through every channel. Nothing may run. */
export const Hostile = replay('hostile')
export const Help = replay('help')
/** The confirmation scenario in Simplified Chinese. */
export const LocaleZhCN = replay('confirmation', { locale: 'zh-CN' })
/** The subagent scenario in the dark theme. */
export const DarkTheme = replay('subagent', { theme: 'dark' })
/** The empty chat: the welcome heading and the suggestions; any of them (or anything typed) plays the weather reply. */
export const EmptyWithSuggestions = replay('tool-call', { empty: true })
/** Thumbs up and down under each reply, reported through `onFeedback` (here to the console). */
export const WithFeedback = replay('plain-text', { onFeedback: (feedback) => console.info('[feedback]', feedback) })

const RETRIED = rewoundScript(
  'retried',
  'A greeting, a research question answered through the researcher subagent, and the same question once more; then Retry.',
  [recordedScript('plain-text'), recordedScript('subagent'), recordedScript('subagent')],
  recordedScript('subagent'),
)
/**
 * After "Retry" on the last reply: the last exchange is gone (no second copy of the question or of its answer) and
 * the new answer streamed in its place. The researcher lane, which the first research answer opened (it sits under
 * that answer's agent_spawn card) and the removed answer used again, holds the first answer's turn and the retried
 * one's, not the removed one's.
 */
export const AfterRetry = replay(RETRIED, { pace: { deltaMs: 15 }, then: (store) => store.getState().resend() })

const EDITED = rewoundScript(
  'edited',
  'A greeting; then the message is edited into a weather question and sent again.',
  [recordedScript('plain-text')],
  recordedScript('tool-call'),
)
/** After "Edit" and "Resend" on the last message: the greeting and its reply are gone, the edited question and its answer stand. */
export const AfterEditAndResend = replay(EDITED, {
  pace: { deltaMs: 15 },
  then: (store) => store.getState().resend("What's the weather in Paris right now?"),
})
