/**
 * agentscope-react/inspector: `<AgentInspector>`, the event log, time travel, timeline and fixture export of a
 * chat. Its own entry, so that the chat pays nothing for it until it is imported (`import()` it lazily).
 * Styles: `import 'agentscope-react/inspector.css'`, beside the kit's `agentscope-react/styles.css`.
 */
export { AgentInspector } from './inspector/agent-inspector'
export type { AgentInspectorProps, InspectorView } from './inspector/agent-inspector'
export { attachRecorder } from './inspector/attach-recorder'
export type { AttachedRecorder } from './inspector/attach-recorder'
export { ReadOnlyChat } from './inspector/read-only-chat'
export type { ReadOnlyChatProps } from './inspector/read-only-chat'
export { EventLog } from './inspector/event-log'
export type { EventLogProps } from './inspector/event-log'
export { EntryDetail } from './inspector/entry-detail'
export type { EntryDetailProps } from './inspector/entry-detail'
export { TimelineView } from './inspector/timeline-view'
export type { TimelineViewProps } from './inspector/timeline-view'
export { WindowedList } from './inspector/windowed-list'
export type { WindowedListHandle, WindowedListProps } from './inspector/windowed-list'
export { buildTimeline } from './inspector/timeline'
export type { TimelineBar, TimelineTurn } from './inspector/timeline'
export { createTimeTravel } from './inspector/time-travel'
export type { TimeTravel } from './inspector/time-travel'
export { entriesOfEvents, fixtureName, readLogFile, toFixture, toSseBody } from './inspector/fixture-file'
export type { FixtureExport, FixtureFile, ImportedLog } from './inspector/fixture-file'
export { NO_FILTER, createLogIndexer, isEmptyFilter, matchesFilter } from './inspector/log-filter'
export type { FilterChoices, LogFilter, LogIndex } from './inspector/log-filter'
export { entryJson, entryText, summaryOf } from './inspector/entry-summary'
export type { EntrySummary, EntryTone } from './inspector/entry-summary'
export { createReadOnlyStore, showState, transcriptOf } from './inspector/read-only-store'
export { INSPECTOR_STRINGS } from './inspector/inspector-strings'
export type { InspectorStrings } from './inspector/inspector-strings'
export { PLAYBACK_SPEEDS } from './inspector/use-playback'
export type { PlaybackSpeed } from './inspector/use-playback'
export { approximateSize, applyRecordedEntries, applyRecordedEntry, createEventRecorder, createRecordedState, entrySize } from './core'
export type {
  EventRecorder,
  EventRecorderLimit,
  EventRecorderOptions,
  RecordedEntry,
  RecordedLog,
  RecordedRequest,
  RecordedRunStatus,
  RecordedState,
  RecordedStatus,
} from './core'
