import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { AGENT_STRINGS, AgentChat, createAgentStore, createEventRecorder, createReplayTransport } from '../src'
import type { AgentLocaleName, AgentStore, RecordedLog, ReplayPace } from '../src'
import { AgentInspector, ReadOnlyChat, entriesOfEvents } from '../src/inspector'
import type { ImportedLog, InspectorView, LogFilter } from '../src/inspector'
import '../src/inspector/inspector.css'
import type { RecordedScript } from './support/recorded-script'
import { recordedScript } from './support/scripts'
import { kitGlobals } from './support/story-context'

interface Recorded {
  readonly store: AgentStore
  readonly recorder: RecordedLog
  /** Set once every recorded call has played. */
  readonly done: boolean
}

// A real store with a recorder over the replay transport: it sends the script's message(s) as the user did.
function useRecordedRun(script: RecordedScript, pace: ReplayPace): Recorded | null {
  const [recorded, setRecorded] = useState<Recorded | null>(null)
  useEffect(() => {
    const recorder = createEventRecorder()
    const store = createAgentStore({ transport: createReplayTransport({ calls: script.calls, pace }), recorder })
    let live = true
    void (async () => {
      await Promise.resolve()
      if (!live) return
      setRecorded({ store, recorder, done: false })
      for (const request of script.requests) {
        if (request.kind === 'message')
          await store
            .getState()
            .send(request.text)
            .catch(() => {})
        else if (request.kind === 'confirm')
          await store
            .getState()
            .confirm(request.decisions)
            .catch(() => {})
        else
          await store
            .getState()
            .submitToolResults(request.results)
            .catch(() => {})
      }
      if (live) setRecorded({ store, recorder, done: true })
    })()
    return () => {
      live = false
      store.getState().reset()
    }
  }, [script, pace])
  return recorded
}

interface InspectedProps {
  readonly script: string
  readonly locale: AgentLocaleName
  readonly theme: 'light' | 'dark'
  readonly pace?: ReplayPace
  readonly position?: (recorder: RecordedLog) => number
  readonly filter?: Partial<LogFilter>
  readonly log?: ImportedLog
}

/** The chat and, beside it, the inspector attached to its recorder; the chat turns read-only while scrubbed. */
// About the speed of a fast model; a module constant, since the replay restarts when its pace changes.
const REALISTIC: ReplayPace = { deltaMs: 45 }

function Inspected({ script, locale, theme, pace = REALISTIC, position, filter, log }: InspectedProps) {
  const recorded = useRecordedRun(recordedScript(script), log === undefined ? pace : 'instant')
  const [view, setView] = useState<InspectorView | null>(null)
  const waiting = position !== undefined && recorded?.done !== true
  if (recorded === null || waiting) return null
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)', height: 'calc(100vh - 32px)', minHeight: 560 }}>
      {view === null ? (
        <AgentChat store={recorded.store} locale={AGENT_STRINGS[locale]} theme={theme} />
      ) : (
        <ReadOnlyChat
          store={view.store}
          position={view.position}
          onLive={log === undefined ? view.backToLive : undefined}
          locale={locale}
          theme={theme}
        />
      )}
      <AgentInspector
        recorder={recorded.recorder}
        log={log}
        onViewChange={setView}
        locale={locale}
        theme={theme}
        defaultFilter={filter}
        defaultPosition={position?.(recorded.recorder)}
      />
    </div>
  )
}

function inspected(props: Omit<InspectedProps, 'locale' | 'theme'>): Story {
  return {
    render: (_args, { globals }) => {
      const chosen = kitGlobals(globals)
      return <Inspected {...props} locale={chosen.locale} theme={chosen.theme} />
    },
  }
}

function importedLog(name: string): ImportedLog {
  const script = recordedScript(name)
  const events = script.calls.flat()
  return {
    name,
    entries: entriesOfEvents(
      events,
      script.calls.map((call) => ({ request: null, eventCount: call.length })),
    ),
    expected: null,
  }
}

/** The agent inspector beside a chat replaying recorded scenarios of the scripted AgentScope server. */
const meta = {
  title: 'Inspector/AgentInspector',
  component: AgentInspector,
} satisfies Meta<typeof AgentInspector>

export default meta
// The stories render from a replayed store, so they take no args.
type Story = StoryObj

/** Live: the log follows the events as they stream. */
export const Live = inspected({ script: 'parallel-tools' })
/** Scrubbed: half-way through the run, the chat shows that past state, read-only; ←/→ step. */
export const Scrubbed = inspected({ script: 'parallel-tools', position: (recorder) => Math.floor(recorder.entries().length / 2) })
/** Filtered: only the tool calls' argument fragments. */
export const Filtered = inspected({ script: 'parallel-tools', position: () => 0, filter: { type: 'TOOL_CALL_DELTA' } })
/** Searched: the JSON of every entry mentioning Tokyo. */
export const Searched = inspected({ script: 'parallel-tools', position: () => 0, filter: { search: 'Tokyo' } })
/** Skipped values inline: a stream with invalid events, filtered to the warnings. */
export const Warnings = inspected({ script: 'warnings', position: () => 0, filter: { type: 'warnings' } })
/** An imported log: a confirmation round trip, shown at its end; Play replays it at 1×–100×. */
export const ImportedLogReplay = inspected({ script: 'confirmation', log: importedLog('confirmation') })
/** The timeline of a turn with a subagent: model calls, tool calls and their durations. */
export const Timeline = {
  render: (_args, { globals }) => {
    const chosen = kitGlobals(globals)
    const log = importedLog('subagent')
    return (
      <div style={{ height: 'calc(100vh - 32px)' }}>
        <AgentInspector log={log} defaultTab="timeline" locale={chosen.locale} theme={chosen.theme} />
      </div>
    )
  },
} satisfies Story

// A chat made without a recorder that has already run the subagent scenario, for the inspector to attach to.
function useChatThatRan(name: string): AgentStore | null {
  const [store, setStore] = useState<AgentStore | null>(null)
  useEffect(() => {
    const script = recordedScript(name)
    const created = createAgentStore({ transport: createReplayTransport({ calls: script.calls, pace: 'instant' }) })
    const request = script.requests[0]
    let live = true
    void (request?.kind === 'message' ? created.getState().send(request.text) : Promise.resolve())
      .catch(() => {})
      .then(() => {
        if (live) setStore(created)
      })
    return () => {
      live = false
      created.getState().reset()
    }
  }, [name])
  return store
}

function AttachedLateView({ locale, theme }: { readonly locale: AgentLocaleName; readonly theme: 'light' | 'dark' }) {
  const store = useChatThatRan('subagent')
  const [view, setView] = useState<InspectorView | null>(null)
  if (store === null) return null
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)', height: 'calc(100vh - 32px)', minHeight: 560 }}>
      {view === null ? (
        <AgentChat store={store} locale={AGENT_STRINGS[locale]} theme={theme} />
      ) : (
        <ReadOnlyChat store={view.store} position={view.position} onLive={view.backToLive} locale={locale} theme={theme} />
      )}
      <AgentInspector store={store} onViewChange={setView} locale={locale} theme={theme} />
    </div>
  )
}

/**
 * Attached late: `<AgentInspector store>` opened on a chat that already ran a subagent. Its first entry is the chat
 * as it stood, rebuilt exactly (scrub to it: the researcher lane is there), and it says that the events before it
 * were not recorded, so they cannot be listed, scrubbed through or exported.
 */
export const AttachedLate = {
  render: (_args, { globals }) => {
    const chosen = kitGlobals(globals)
    return <AttachedLateView locale={chosen.locale} theme={chosen.theme} />
  },
} satisfies Story
