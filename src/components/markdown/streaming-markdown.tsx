import { forwardRef, memo, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react'
import { entityMisses, entityTableLoaded, loadEntityTable } from './entities'
import type { MarkdownLocale } from './locale'
import { parseMarkdownIncremental, type MarkdownParseState } from './parse-markdown'
import { renderBlock } from './render-block'
import { RUN_LENGTH, runStarts, sameRun } from './runs'
import { MarkdownLocaleContext } from './remote-image'
import type { MarkdownBlock } from './types'

/** Props of `StreamingMarkdown`; other props go to the root `<div>`. */
export interface StreamingMarkdownProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The markdown so far. While `streaming`, each new value usually extends the previous one. */
  readonly text: string
  /**
   * The text is still growing: unclosed syntax in the last block renders as if closed, ambiguous tails are
   * held back, open code fences are not highlighted. Set it to false for the final render.
   * @default false
   */
  readonly streaming?: boolean
  /** Language of the renderer's own labels (the copy button). @default 'en' */
  readonly locale?: MarkdownLocale
}

interface ParsedMarkdown {
  readonly state: MarkdownParseState
  /** Whether the full entity table was there for this parse. */
  readonly tableLoaded: boolean
  /** Whether the text met an entity name the table at hand lacks. */
  readonly missed: boolean
}

interface BlockViewProps {
  readonly block: MarkdownBlock
  readonly locale: MarkdownLocale | undefined
}

/** One top-level block. Memoized: a block whose object is reused by the parser never re-renders. */
export const MarkdownBlockView = memo(function MarkdownBlockView({ block, locale }: BlockViewProps) {
  return renderBlock(block.node, locale)
})

interface BlockRunProps {
  readonly blocks: readonly MarkdownBlock[]
  readonly from: number
  readonly locale: MarkdownLocale | undefined
}

// A long text's blocks in runs: a delta re-renders the run of the blocks it changed.
const BlockRun = memo(
  function BlockRun({ blocks, from, locale }: BlockRunProps) {
    return blocks.slice(from, from + RUN_LENGTH).map((block) => <MarkdownBlockView key={block.key} block={block} locale={locale} />)
  },
  (before, after) => before.from === after.from && before.locale === after.locale && sameRun(before.blocks, after.blocks, after.from),
)

/**
 * Renders markdown from an LLM as it streams, as React elements only (HTML in the text shows as text).
 * Finished blocks are memoized, so a delta re-renders only the growing last block.
 * @example <StreamingMarkdown text={text} streaming={status === 'streaming'} locale={AGENT_STRINGS_ZH_CN.markdown} />
 */
export const StreamingMarkdown = forwardRef<HTMLDivElement, StreamingMarkdownProps>(function StreamingMarkdown(
  { text, streaming = false, locale, className, ...rest },
  ref,
) {
  const committed = useRef<ParsedMarkdown | undefined>(undefined)
  // Once the full entity table has arrived, a text that met a name it lacked parses again from the start.
  const [tableLoaded, setTableLoaded] = useState(entityTableLoaded)
  // parsing starts from the last committed parse; a discarded render can't corrupt it, since the state
  // carries its own text and is reused only when the new text extends it
  const parsed = useMemo(() => {
    const previous = committed.current?.tableLoaded === tableLoaded ? committed.current : undefined
    const before = entityMisses()
    const state = parseMarkdownIncremental(previous?.state, text, { streaming })
    // sticky: a finished block that missed a name is reused, not parsed again, until the table comes
    return { state, tableLoaded, missed: (previous?.missed ?? false) || entityMisses() !== before }
  }, [text, streaming, tableLoaded])
  const { state, missed } = parsed
  useEffect(() => {
    committed.current = parsed
  }, [parsed])
  useEffect(() => {
    if (!missed || tableLoaded) return
    let cancelled = false
    loadEntityTable().then(
      () => !cancelled && setTableLoaded(true),
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [missed, tableLoaded])
  return (
    <div
      className={className === undefined ? 'as-md' : `as-md ${className}`}
      data-status={streaming ? 'streaming' : 'done'}
      aria-busy={streaming || undefined}
      {...rest}
      ref={ref}
    >
      <MarkdownLocaleContext.Provider value={locale}>
        {runStarts(state.blocks.length).map((from) => (
          <BlockRun key={from} blocks={state.blocks} from={from} locale={locale} />
        ))}
      </MarkdownLocaleContext.Provider>
    </div>
  )
})
