import type { RecordedEntry } from '../core/event-recorder'
import { entryJson, summaryOf } from './entry-summary'
import type { InspectorStrings } from './inspector-strings'

/** Props of {@link EntryDetail}. */
export interface EntryDetailProps {
  readonly entry: RecordedEntry | null
  /** The log number of the entry. */
  readonly number: number
  /** How many entries the selected range holds (1 for one entry). */
  readonly rangeSize: number
  readonly onCopy: () => void
  readonly onCopyRange: () => void
  readonly strings: InspectorStrings
}

// Longer JSON is cut in the view (a base64 image can be megabytes); the copy always holds all of it.
const SHOWN_CHARACTERS = 20_000

/** The selected entry as formatted JSON, with its validation error and the copy buttons. */
export function EntryDetail({ entry, number, rangeSize, onCopy, onCopyRange, strings }: EntryDetailProps) {
  if (entry === null) {
    return (
      <section className="as-inspector-detail" aria-label={strings.detail}>
        <p className="as-inspector-empty">{strings.noSelection}</p>
      </section>
    )
  }
  const summary = summaryOf(entry)
  let json: string
  try {
    json = JSON.stringify(entryJson(entry), null, 2) ?? ''
  } catch (error) {
    // a value nested too deep for JSON.stringify (the chat shows it; the inspector must not fall over on it)
    json = `(${error instanceof Error ? error.message : String(error)})`
  }
  if (json.length > SHOWN_CHARACTERS) json = `${json.slice(0, SHOWN_CHARACTERS)}\n…`
  return (
    <section className="as-inspector-detail" aria-label={strings.detail} data-tone={summary.tone}>
      <header>
        <h3>
          #{number} {summary.label}
        </h3>
        <div className="as-inspector-actions">
          <button type="button" onClick={onCopy}>
            {strings.copyEvent}
          </button>
          {rangeSize > 1 && (
            <button type="button" onClick={onCopyRange}>
              {strings.copyRange(rangeSize)}
            </button>
          )}
        </div>
      </header>
      {summary.problem !== null && (
        <p className="as-inspector-problem" role="note">
          {strings.warning}: {summary.problem}
        </p>
      )}
      {summary.tone === 'local' && <p role="note">{strings.local}</p>}
      <pre tabIndex={0} aria-label={`JSON #${number}`}>
        {json}
      </pre>
      <p className="as-inspector-hint">{strings.rangeHint}</p>
    </section>
  )
}
