import { forwardRef, memo, useMemo, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStrings } from './i18n'

/** Props of {@link JsonView}. */
export interface JsonViewProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly value: unknown
  /** Levels shown before a "…" that opens the next ones. @default 4 */
  readonly maxDepth?: number
  /** Entries shown in one object or array before "show all". @default 40 */
  readonly maxEntries?: number
  /** Values shown in the whole view before deeper ones fold into "…". @default 200 */
  readonly maxNodes?: number
  /** Characters of a string shown before "show more". @default 280 */
  readonly maxStringChars?: number
}

interface Limits {
  readonly maxDepth: number
  readonly maxEntries: number
  readonly maxNodes: number
  readonly maxStringChars: number
}

/** A long text cut at `max` characters, with "show more". */
export function ClippedText({ text, max, className }: { readonly text: string; readonly max: number; readonly className?: string }) {
  const strings = useAgentStrings()
  const [whole, setWhole] = useState(false)
  const clipped = !whole && text.length > max
  return (
    <span className={className}>
      {clipped ? `${text.slice(0, max)}…` : text}
      {text.length > max && (
        <>
          {' '}
          <button type="button" className="as-link-button" aria-expanded={!clipped} onClick={() => setWhole(!whole)}>
            {clipped ? strings.showMore(text.length - max) : strings.showLess}
          </button>
        </>
      )}
    </span>
  )
}

function Scalar({ value, limits }: { readonly value: unknown; readonly limits: Limits }) {
  if (typeof value === 'string') return <ClippedText className="as-kv-string" text={value} max={limits.maxStringChars} />
  const text = value === null || value === undefined ? 'null' : typeof value === 'number' && !Number.isFinite(value) ? 'null' : String(value)
  return <span className="as-kv-scalar">{text}</span>
}

// Entries of a container without copying a huge one twice; arrays keep their order.
function entriesOf(value: object): readonly (readonly [string, unknown])[] {
  return Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
}

const Node = memo(function Node({
  value,
  depth,
  budget,
  limits,
}: {
  readonly value: unknown
  readonly depth: number
  readonly budget: number
  readonly limits: Limits
}) {
  const strings = useAgentStrings()
  const [showAll, setShowAll] = useState(false)
  const [opened, setOpened] = useState(false)
  if (typeof value !== 'object' || value === null) return <Scalar value={value} limits={limits} />
  const entries = entriesOf(value)
  const isArray = Array.isArray(value)
  if (entries.length === 0) return <span className="as-kv-scalar">{isArray ? '[]' : '{}'}</span>
  if (!opened && (depth >= limits.maxDepth || budget <= 0)) {
    return (
      <button type="button" className="as-link-button" aria-label={strings.showNested(entries.length)} onClick={() => setOpened(true)}>
        {isArray ? `[…${entries.length}]` : `{…${entries.length}}`}
      </button>
    )
  }
  // A folded level that the reader opened starts a fresh depth and budget.
  const levelDepth = opened ? 0 : depth
  const levelBudget = opened ? limits.maxNodes : budget
  const shown = showAll ? entries.length : Math.min(entries.length, limits.maxEntries, Math.max(1, levelBudget))
  const childBudget = Math.floor((levelBudget - shown) / shown)
  return (
    <div className="as-kv" data-kind={isArray ? 'array' : 'object'}>
      {entries.slice(0, shown).map(([key, item]) => (
        <div key={key} className="as-kv-row">
          <span className="as-kv-key">{key}</span>
          <Node value={item} depth={levelDepth + 1} budget={childBudget} limits={limits} />
        </div>
      ))}
      {shown < entries.length && (
        <button type="button" className="as-link-button" onClick={() => setShowAll(true)}>
          {strings.showAll(entries.length - shown)}
        </button>
      )}
    </div>
  )
})

/**
 * A JSON value as keys and values a person reads: nested levels past `maxDepth`, entries past `maxEntries` and
 * strings past `maxStringChars` fold behind "…", "show all" and "show more", so however deep or large the value,
 * the first render costs a bounded number of elements.
 */
export const JsonView = forwardRef<HTMLDivElement, JsonViewProps>(function JsonView(
  { value, maxDepth = 4, maxEntries = 40, maxNodes = 200, maxStringChars = 280, className, ...rest },
  ref,
) {
  // one object while the limits stay the same: a new one each render would make every memoized level render again
  const limits: Limits = useMemo(() => ({ maxDepth, maxEntries, maxNodes, maxStringChars }), [maxDepth, maxEntries, maxNodes, maxStringChars])
  return (
    <div className={className === undefined ? 'as-json' : `as-json ${className}`} {...rest} ref={ref}>
      <Node value={value} depth={0} budget={maxNodes} limits={limits} />
    </div>
  )
})
