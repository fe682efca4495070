import type { ReactNode } from 'react'
import { AgentProvider, ToolCallView, useAgentStore } from '../../src'
import type { AgentStoreState, BlockEntry, Turn } from '../../src'
import type { RecordedScript } from './recorded-script'
import { useRecordedStore } from './use-recorded-store'
import type { RecordedStoreOptions } from './use-recorded-store'

/** Props of {@link RecordedStory}. */
export interface RecordedStoryProps extends RecordedStoreOptions {
  readonly script: RecordedScript
  readonly children: ReactNode
}

/** Renders its children inside `<AgentProvider>` with a real store fed by the recorded script. */
export function RecordedStory({ script, children, ...options }: RecordedStoryProps) {
  const store = useRecordedStore(script, options)
  if (store === null) return null
  return <AgentProvider store={store}>{children}</AgentProvider>
}

type EntryOf<K extends BlockEntry['kind']> = Extract<BlockEntry, { kind: K }>

const NO_TURNS: readonly Turn[] = []

function findEntry<K extends BlockEntry['kind']>(
  state: AgentStoreState,
  kind: K,
  nth: number,
  scopeKey: string,
  where: (entry: EntryOf<K>) => boolean,
): EntryOf<K> | undefined {
  let seen = 0
  for (const turn of state.agent.scopes[scopeKey]?.turns ?? NO_TURNS) {
    for (const entry of turn.entries) {
      if (entry.kind !== kind || !where(entry as EntryOf<K>)) continue
      if (seen === nth) return entry as EntryOf<K>
      seen += 1
    }
  }
  return undefined
}

/** The `nth` block of a kind in the store (top level by default), as the store holds it. */
export function useRecordedEntry<K extends BlockEntry['kind']>(
  kind: K,
  nth = 0,
  scopeKey = '',
  where: (entry: EntryOf<K>) => boolean = () => true,
): EntryOf<K> | undefined {
  return useAgentStore((state) => findEntry(state, kind, nth, scopeKey, where))
}

/** Props of {@link RecordedEntry}. */
export interface RecordedEntryProps<K extends BlockEntry['kind']> {
  readonly kind: K
  readonly nth?: number
  readonly scopeKey?: string
  readonly children: (entry: EntryOf<K>) => ReactNode
}

/** Renders the `nth` block of a kind once the replay has produced it. */
export function RecordedEntry<K extends BlockEntry['kind']>({ kind, nth = 0, scopeKey = '', children }: RecordedEntryProps<K>) {
  const entry = useRecordedEntry(kind, nth, scopeKey)
  return entry === undefined ? null : <>{children(entry)}</>
}

/** Props of {@link RecordedToolCall}. */
export interface RecordedToolCallProps {
  /** The tool's name. */
  readonly name: string
  /** Which call of that tool, from 0. */
  readonly nth?: number
}

/** The kit's tool card for one recorded tool call, as `<AgentChat>` renders it (`ToolCallView`). */
export function RecordedToolCall({ name, nth = 0 }: RecordedToolCallProps) {
  const entry = useRecordedEntry('tool_use', nth, '', (candidate) => candidate.block.name === name)
  return entry === undefined ? null : <ToolCallView toolCallId={entry.block.id} scopeKey="" />
}

/** One cell of an `AllStates` grid. */
export interface GridCell {
  readonly label: string
  readonly node: ReactNode
}

/** The `AllStates` grid: every fixed state side by side, for visual diffs. */
export function StateGrid({ cells, columns = 2 }: { readonly cells: readonly GridCell[]; readonly columns?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 24, alignItems: 'start' }}>
      {cells.map((cell) => (
        <section key={cell.label} aria-label={cell.label} style={{ minWidth: 0 }}>
          <h3 className="as-muted" style={{ margin: '0 0 8px', fontSize: 12, fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.5 }}>
            {cell.label.replace(/([a-z])([A-Z])/g, '$1 $2')}
          </h3>
          {cell.node}
        </section>
      ))}
    </div>
  )
}
