import { forwardRef, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { HTMLAttributes, KeyboardEvent } from 'react'
import type { AgentLocaleName } from '../components/i18n'
import { createEventRecorder } from '../core/event-recorder'
import type { EventRecorderLimit, RecordedLog } from '../core/event-recorder'
import type { AgentStore } from '../store/agent-store-state'
import { copyText, downloadText } from './browser-files'
import { EntryDetail } from './entry-detail'
import { entryText } from './entry-summary'
import { EventLog } from './event-log'
import { readLogFile, toFixture } from './fixture-file'
import type { ImportedLog } from './fixture-file'
import { INSPECTOR_STRINGS } from './inspector-strings'
import type { InspectorStrings } from './inspector-strings'
import { NO_FILTER, createLogIndexer } from './log-filter'
import type { LogFilter } from './log-filter'
import { createReadOnlyStore, showState } from './read-only-store'
import { ReadOnlyChat } from './read-only-chat'
import { buildTimeline } from './timeline'
import { TimelineView } from './timeline-view'
import { createTimeTravel } from './time-travel'
import { PLAYBACK_SPEEDS, usePlayback } from './use-playback'
import type { PlaybackSpeed } from './use-playback'
import { attachedStart } from './attach-recorder'
import { useAttachedRecorder } from './use-attached-recorder'
import { useRecorderVersion } from './use-recorder-version'

/** What the chat beside the inspector should show while it is not live: a past state, read-only. */
export interface InspectorView {
  /** A read-only store holding the state after `position` entries: give it to `<ReadOnlyChat>`. */
  readonly store: AgentStore
  readonly position: number
  /** Snaps the inspector back to live (for a "Back to live" button beside the chat). */
  readonly backToLive: () => void
}

/** Props of {@link AgentInspector}. */
export type AgentInspectorProps = Omit<HTMLAttributes<HTMLElement>, 'children'> & {
  /** The recorder given to the chat's store (`createAgentStore({ transport, recorder })`), or one from `attachRecorder`. */
  readonly recorder?: RecordedLog
  /**
   * Any chat's store, made without a recorder: the inspector attaches one while it is mounted (`attachRecorder`),
   * starting from the conversation on screen. Ignored when `recorder` is given.
   */
  readonly store?: AgentStore
  /** How much the recorder attached to `store` keeps. @default keep everything */
  readonly limit?: EventRecorderLimit
  /** A log to open instead of the recorder's, as if imported (`readLogFile`). */
  readonly log?: ImportedLog
  /**
   * Called with the past state to show while the inspector is scrubbed or shows an imported log, and with
   * null once it is live again. Without it, the inspector shows that state itself, above its panels.
   */
  readonly onViewChange?: (view: InspectorView | null) => void
  /** @default 'en' */
  readonly locale?: AgentLocaleName
  /** @default 'auto' */
  readonly theme?: 'light' | 'dark' | 'auto'
  /** @default 'log' */
  readonly defaultTab?: 'log' | 'timeline'
  readonly defaultFilter?: Partial<LogFilter>
  /** Open scrubbed to this position (the number of entries applied) rather than live. */
  readonly defaultPosition?: number
}

const EMPTY_RECORDER = createEventRecorder()

function limitText(recorder: RecordedLog, strings: InspectorStrings): string {
  const { events, megabytes } = recorder.limit
  if (events !== undefined) return strings.limitEvents(events)
  return strings.limitMegabytes(megabytes ?? 0)
}

function isTextField(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.matches('input, select, textarea') || target.isContentEditable)
}

/**
 * The agent inspector: every entry the chat's store took in, filtered and searched; time travel over them
 * (the scrubber, ←/→), rebuilt through the same reducer; a timeline of each turn's model and tool calls;
 * export as a test fixture, and import of a log to replay.
 * @example
 * <AgentChat store={store} /> <AgentInspector store={store} />  // attaches to any chat's store
 * // or record from the very first event:
 * const recorder = createEventRecorder()
 * const store = createAgentStore({ transport, recorder })
 * <AgentChat store={store} /> <AgentInspector recorder={recorder} />
 */
export const AgentInspector = forwardRef<HTMLElement, AgentInspectorProps>(function AgentInspector(props, ref) {
  const {
    recorder: givenRecorder,
    store,
    limit,
    log,
    onViewChange,
    locale = 'en',
    theme = 'auto',
    defaultTab = 'log',
    defaultFilter,
    defaultPosition,
    className,
    onKeyDown,
    ...rest
  } = props
  const attachedRecorder = useAttachedRecorder(givenRecorder === undefined ? store : undefined, limit)
  const recorder = givenRecorder ?? attachedRecorder ?? EMPTY_RECORDER
  const strings = INSPECTOR_STRINGS[locale] ?? INSPECTOR_STRINGS.en
  const idPrefix = useId().replace(/:/g, '')
  const [imported, setImported] = useState<{ name: string; recorder: RecordedLog } | null>(() =>
    log === undefined ? null : { name: log.name, recorder: createEventRecorder({ entries: log.entries }) },
  )
  const active = imported?.recorder ?? recorder
  useRecorderVersion(active)
  const entries = active.entries()
  const dropped = active.dropped()
  const end = dropped + entries.length
  // Said only while the attach is the first entry kept: once dropped, the notice about dropped events says it.
  const attached = dropped === 0 ? attachedStart(entries[0]) : null
  const [tab, setTab] = useState(defaultTab)
  const [filter, setFilter] = useState<LogFilter>(() => ({ ...NO_FILTER, ...defaultFilter }))
  const [position, setPosition] = useState<number | null>(defaultPosition ?? null)
  const [anchor, setAnchor] = useState<number | null>(null)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<PlaybackSpeed>(10)
  const [message, setMessage] = useState('')
  const importInput = useRef<HTMLInputElement>(null)

  const travel = useMemo(() => createTimeTravel(active), [active])
  // The indexer starts over by itself when it is given another log's entries.
  const [indexer] = useState(createLogIndexer)
  const index = indexer(entries, filter)
  const [readOnly] = useState(createReadOnlyStore)
  // An imported log is never live: with no position it shows its end.
  const shown = position === null ? (imported === null ? null : end) : Math.min(end, Math.max(dropped, position))
  const state = shown === null ? null : travel.stateAt(shown)

  useLayoutEffect(() => {
    if (state !== null) showState(readOnly, state)
  }, [readOnly, state])

  const backToLive = useCallback(() => {
    setPlaying(false)
    setPosition(null)
    setAnchor(null)
  }, [])
  const view = useMemo<InspectorView | null>(
    () => (shown === null ? null : { store: readOnly, position: shown, backToLive }),
    [shown, readOnly, backToLive],
  )
  useEffect(() => {
    onViewChange?.(view)
  }, [onViewChange, view])
  useEffect(() => () => onViewChange?.(null), [onViewChange])

  const onEnd = useCallback(() => {
    setPlaying(false)
    if (imported === null) setPosition(null)
  }, [imported])
  usePlayback({ entries, dropped, position: shown ?? end, playing, speed, onPosition: setPosition, onEnd })

  const go = (next: number) => {
    setPlaying(false)
    setAnchor(null)
    setPosition(Math.min(end, Math.max(dropped, next)))
  }
  const select = (kept: number, extend: boolean) => {
    setPlaying(false)
    const previous = shown === null || shown <= dropped ? null : shown - 1 - dropped
    setAnchor(extend ? (anchor ?? previous ?? kept) : null)
    setPosition(dropped + kept + 1)
  }
  const selected = shown === null || shown <= dropped ? null : shown - 1 - dropped
  const rangeStart = anchor === null || selected === null ? selected : Math.min(anchor, selected)
  const rangeEnd = anchor === null || selected === null ? selected : Math.max(anchor, selected)

  const copy = async (text: string) => setMessage((await copyText(text)) ? strings.copied : strings.copyFailed)
  const exportFixture = () => {
    const name = imported?.name ?? `agentscope-run-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}`
    try {
      const { fixture, sse, notes } = toFixture(entries, { name, dropped })
      const json = `${JSON.stringify(fixture, null, 2)}\n`
      const done = downloadText(`${fixture.name}.json`, json, 'application/json') && downloadText(`${fixture.name}.sse`, sse, 'text/event-stream')
      setMessage([done ? strings.exported(fixture.name) : strings.copyFailed, ...notes.map((note) => strings.exportNotes[note])].join(' '))
    } catch {
      // a value nested too deep to write as JSON
      setMessage(strings.copyFailed)
    }
  }
  const importFile = async (file: File) => {
    try {
      const opened = readLogFile(await file.text(), file.name)
      setImported({ name: opened.name, recorder: createEventRecorder({ entries: opened.entries }) })
      setPosition(null)
      setAnchor(null)
      setPlaying(false)
      setMessage(strings.imported(opened.name))
    } catch (error) {
      setMessage(strings.importFailed(error instanceof Error ? error.message : String(error)))
    }
  }

  const keys = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || isTextField(event.target) || event.altKey || event.ctrlKey || event.metaKey) return
    const at = shown ?? end
    if (event.key === 'ArrowLeft') go(at - 1)
    else if (event.key === 'ArrowRight') go(at + 1)
    else if (event.key === 'Home') go(dropped)
    else if (event.key === 'End' && imported === null) backToLive()
    else if (event.key === 'Escape' && (position !== null || imported !== null)) backToLive()
    else return
    event.preventDefault()
  }

  // The recorder grows its array in place: the timeline is of the entries there were at this render.
  const count = entries.length
  const timeline = useMemo(() => (tab === 'timeline' ? buildTimeline(entries.slice(0, count), dropped) : []), [tab, entries, count, dropped])
  const mode = imported !== null ? 'imported' : position === null ? 'live' : 'scrubbed'
  const selectedEntry = selected === null ? null : (entries[selected] ?? null)

  return (
    <section
      data-agentscope=""
      data-theme={theme}
      data-mode={mode}
      lang={locale}
      aria-label={strings.title}
      className={className === undefined ? 'as-inspector' : `as-inspector ${className}`}
      onKeyDown={keys}
      {...rest}
      ref={ref}
    >
      <header className="as-inspector-header">
        <h2>{strings.title}</h2>
        <p className="as-inspector-mode" role="status">
          {imported !== null ? strings.imported(imported.name) : position === null ? strings.following : strings.position(shown ?? end, end)}
        </p>
        <div className="as-inspector-actions">
          {(position !== null || imported !== null) && (
            <button type="button" data-variant="primary" onClick={() => (imported !== null ? (setImported(null), backToLive()) : backToLive())}>
              {imported !== null ? strings.closeImport : strings.backToLive}
            </button>
          )}
          <button type="button" onClick={exportFixture} disabled={entries.length === 0}>
            {strings.exportFixture}
          </button>
          <button type="button" onClick={() => importInput.current?.click()}>
            {strings.importLog}
          </button>
          <input
            ref={importInput}
            type="file"
            accept=".json,.sse,.txt,application/json,text/event-stream"
            hidden
            tabIndex={-1}
            aria-label={strings.importLog}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file !== undefined) void importFile(file)
            }}
          />
        </div>
      </header>
      {dropped > 0 && <p className="as-inspector-notice">{strings.dropped(dropped, limitText(active, strings))}</p>}
      {attached !== null && <p className="as-inspector-notice">{strings.attached(attached.messages, attached.lanes)}</p>}
      {(state?.skipped ?? 0) > 0 && <p className="as-inspector-notice">{strings.skippedKinds(state?.skipped ?? 0)}</p>}
      <p className="as-visually-hidden" aria-live="polite">
        {message}
      </p>
      {message !== '' && <p className="as-inspector-message">{message}</p>}
      <div className="as-inspector-scrubber">
        <label htmlFor={`${idPrefix}-scrubber`}>{strings.position(shown ?? end, end)}</label>
        <input
          id={`${idPrefix}-scrubber`}
          type="range"
          min={dropped}
          max={end}
          step={1}
          value={shown ?? end}
          aria-label={strings.scrubber}
          aria-valuetext={strings.position(shown ?? end, end)}
          aria-describedby={`${idPrefix}-scrubber-hint`}
          onChange={(event) => go(Number(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'End' && imported === null) {
              event.preventDefault()
              backToLive()
            }
          }}
        />
        <p id={`${idPrefix}-scrubber-hint`} className="as-inspector-hint">
          {strings.scrubberHint}
        </p>
        <div className="as-inspector-playback">
          <button
            type="button"
            aria-pressed={playing}
            onClick={() => {
              if (playing) return setPlaying(false)
              if ((shown ?? end) >= end) setPosition(dropped)
              else if (position === null) setPosition(shown ?? end)
              setPlaying(true)
            }}
          >
            {playing ? strings.pause : strings.play}
          </button>
          <label>
            <span>{strings.speed}</span>
            <select value={speed} onChange={(event) => setSpeed(Number(event.target.value) as PlaybackSpeed)}>
              {PLAYBACK_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value}×
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => (imported === null ? go(end) : (setPlaying(false), setPosition(null)))}>
            {strings.instant}
          </button>
        </div>
      </div>
      {onViewChange === undefined && view !== null && (
        <ReadOnlyChat
          className="as-inspector-state"
          store={readOnly}
          position={view.position}
          onLive={imported === null ? backToLive : undefined}
          locale={locale}
          theme={theme}
        />
      )}
      <div className="as-inspector-tabs" role="tablist" aria-label={strings.tabs}>
        {(['log', 'timeline'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${idPrefix}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
              event.preventDefault()
              event.stopPropagation()
              const next = name === 'log' ? 'timeline' : 'log'
              setTab(next)
              document.getElementById(`${idPrefix}-tab-${next}`)?.focus()
            }}
          >
            {name === 'log' ? strings.logTab : strings.timelineTab}
          </button>
        ))}
      </div>
      {tab === 'log' ? (
        <div className="as-inspector-panel" role="tabpanel" id={`${idPrefix}-panel-log`} aria-labelledby={`${idPrefix}-tab-log`}>
          <EventLog
            entries={entries}
            dropped={dropped}
            index={index}
            filter={filter}
            onFilterChange={setFilter}
            selected={selected}
            anchor={anchor}
            onSelect={select}
            follow={mode === 'live'}
            strings={strings}
            idPrefix={idPrefix}
          />
          <EntryDetail
            entry={selectedEntry}
            number={selected === null ? 0 : dropped + selected + 1}
            rangeSize={rangeStart === null || rangeEnd === null ? 0 : rangeEnd - rangeStart + 1}
            onCopy={() => selectedEntry !== null && void copy(entryText(selectedEntry))}
            onCopyRange={() => {
              if (rangeStart === null || rangeEnd === null) return
              void copy(
                `[\n${entries
                  .slice(rangeStart, rangeEnd + 1)
                  .map(entryText)
                  .join(',\n')}\n]`,
              )
            }}
            strings={strings}
          />
        </div>
      ) : (
        <div className="as-inspector-panel" role="tabpanel" id={`${idPrefix}-panel-timeline`} aria-labelledby={`${idPrefix}-tab-timeline`}>
          <TimelineView turns={timeline} onJump={go} strings={strings} />
        </div>
      )}
    </section>
  )
})
