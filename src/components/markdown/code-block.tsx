import { memo, useEffect, useRef, useState, type ReactNode } from 'react'
import { ChunkedText } from '../chunked-text'
import type { HighlightNode } from './highlighter'
import { markdownMessages, type MarkdownLocale } from './locale'
import { useHighlighted } from './use-highlighted'

/** Props of `CodeBlock`. */
export interface CodeBlockProps {
  readonly code: string
  readonly language: string | undefined
  /** `streaming` while the fence is still open: shown plain, never highlighted. */
  readonly status: 'streaming' | 'done'
  readonly locale: MarkdownLocale | undefined
}

const COPIED_FOR_MS = 2000

function renderHighlight(nodes: readonly HighlightNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    node.type === 'text' ? (
      node.value
    ) : (
      <span key={index} className={node.className || undefined}>
        {renderHighlight(node.children)}
      </span>
    ),
  )
}

/** A code block: a header with the language and a copy button, then `<pre><code>`, highlighted once done. */
export const CodeBlock = memo(function CodeBlock({ code, language, status, locale }: CodeBlockProps) {
  const messages = markdownMessages(locale)
  const highlighted = useHighlighted(code, language, status === 'done')
  const [copied, setCopied] = useState(false)
  const codeRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copied])
  // without the Clipboard API (insecure context, old browser) the code is selected for Ctrl+C instead
  const selectCode = (): void => {
    const selection = typeof window === 'undefined' ? null : window.getSelection()
    if (selection && codeRef.current) selection.selectAllChildren(codeRef.current)
  }
  const copy = (): void => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (typeof clipboard?.writeText !== 'function') return selectCode()
    clipboard.writeText(code).then(() => setCopied(true), selectCode)
  }
  return (
    <div className="as-md-code" data-language={language} data-status={status}>
      <div className="as-md-code-header">
        <span className="as-md-code-language">{language}</span>
        <button
          type="button"
          className="as-md-copy"
          data-state={copied ? 'copied' : 'idle'}
          data-alt={copied ? messages.copy : messages.copied}
          disabled={status === 'streaming'}
          onClick={copy}
        >
          {copied ? messages.copied : messages.copy}
        </button>
        <span role="status" className="as-md-visually-hidden">
          {copied ? messages.copied : ''}
        </span>
      </div>
      <pre className="as-md-pre" tabIndex={0} aria-busy={status === 'streaming' || undefined}>
        {/* keyed: the highlighted nodes mount in a fresh <code> (tens of thousands of new siblings placed among the old
            children cost O(n²) in React's commit: 15 s for 100 KB) */}
        <code
          key={highlighted ? 'highlighted' : 'plain'}
          ref={codeRef}
          className="as-md-code-body"
          data-language={language}
          data-highlighted={highlighted ? '' : undefined}
        >
          {highlighted ? renderHighlight(highlighted) : <ChunkedText text={code} />}
        </code>
      </pre>
    </div>
  )
})
