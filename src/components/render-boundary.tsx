import { Component, useEffect, useRef, useState } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import type { BlockEntry } from '../core/state'
import { useReportError } from '../react/agent-context'
import { useBlock } from '../react/use-block'
import { useAgentStrings } from './i18n'

interface BoundaryProps {
  readonly children: ReactNode
  /** Names the part in the report (`block 12 of turn 3`). */
  readonly context: string
  readonly report: (error: unknown, context: string) => void
  readonly fallback: (retry: () => void) => ReactNode
}

interface BoundaryState {
  readonly failed: boolean
}

// A class: React catches render errors only in a component with getDerivedStateFromError.
/** Shows `fallback` in place of children that threw while rendering, and reports the error once. */
export class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false }
  private reported = false

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    // Once per part: a block that keeps failing as it streams is one problem, not one per frame.
    if (this.reported) return
    this.reported = true
    this.props.report(error, this.props.context)
  }

  private readonly retry = () => this.setState({ failed: false })

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children
  }
}

/** The text a block holds, for a reader to see or copy when the block itself cannot be shown. */
export function rawTextOf(entry: BlockEntry | undefined): string {
  if (entry === undefined) return ''
  switch (entry.kind) {
    case 'text': {
      return entry.block.text
    }
    case 'thinking': {
      return entry.block.thinking
    }
    case 'data': {
      return entry.raw || JSON.stringify(entry.block.source)
    }
    case 'tool_use': {
      return `${entry.block.name ?? entry.block.id}(${entry.arguments})`
    }
    case 'tool_result': {
      return JSON.stringify(entry.block.output)
    }
    case 'hint': {
      return entry.block.hint
    }
    default: {
      entry satisfies never
      return ''
    }
  }
}

function RawContent({ text }: { readonly text: string }) {
  const strings = useAgentStrings()
  const [copied, setCopied] = useState(false)
  const copy = () => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <details className="as-raw">
      <summary>{strings.showRaw}</summary>
      <pre>{text}</pre>
      <button type="button" onClick={copy}>
        {copied ? strings.copiedRaw : strings.copyRaw}
      </button>
    </details>
  )
}

function BlockFallback(props: { readonly turnIndex: number; readonly blockKey: string; readonly scopeKey: string; readonly retry: () => void }) {
  const strings = useAgentStrings()
  const entry = useBlock(props.turnIndex, props.blockKey, props.scopeKey)
  const statusAtFailure = useRef(entry?.status)
  const { retry } = props
  // A block that failed while streaming gets one more try once it is complete.
  useEffect(() => {
    if (statusAtFailure.current === 'streaming' && entry?.status === 'done') retry()
  }, [entry?.status, retry])
  return (
    <div className="as-block-error" role="note" data-as-block="error">
      <p>{strings.blockFailed}</p>
      <RawContent text={rawTextOf(entry)} />
    </div>
  )
}

/** Props of {@link BlockBoundary}. */
export interface BlockBoundaryProps {
  readonly turnIndex: number
  readonly blockKey: string
  /** @default '' (the top-level agent) */
  readonly scopeKey?: string
  readonly children: ReactNode
}

/**
 * Contains a block that throws while rendering: in its place a notice with the block's raw content, the
 * error reported to the store's warnings and `onError`, and every other block left as it was.
 */
export function BlockBoundary({ turnIndex, blockKey, scopeKey = '', children }: BlockBoundaryProps) {
  const report = useReportError()
  const where = scopeKey === '' ? '' : ` of ${scopeKey}`
  return (
    <Boundary
      context={`block ${blockKey} of turn ${turnIndex}${where}`}
      report={report}
      fallback={(retry) => <BlockFallback turnIndex={turnIndex} blockKey={blockKey} scopeKey={scopeKey} retry={retry} />}
    >
      {children}
    </Boundary>
  )
}

/** Props of {@link TurnBoundary}. */
export interface TurnBoundaryProps {
  readonly context: string
  /** The raw content to offer when the part cannot be shown. */
  readonly raw: () => string
  readonly children: ReactNode
}

/** Contains a turn (or a user message) that throws outside of its blocks, like {@link BlockBoundary}. */
export function TurnBoundary({ context, raw, children }: TurnBoundaryProps) {
  const report = useReportError()
  return (
    <Boundary context={context} report={report} fallback={() => <TurnFallback raw={raw} />}>
      {children}
    </Boundary>
  )
}

function TurnFallback({ raw }: { readonly raw: () => string }) {
  const strings = useAgentStrings()
  return (
    <div className="as-turn-error" role="note" data-as-block="error">
      <p>{strings.turnFailed}</p>
      <RawContent text={raw()} />
    </div>
  )
}
