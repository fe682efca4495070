import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import type { AgentStreamError } from '../core/errors'
import { useAgentStore } from '../react/use-agent-store'
import { useAgentStream } from '../react/use-agent-stream'
import { useAgentStrings } from './i18n'
import type { AgentStrings, WarningKind } from './i18n'
import { warningKindOf } from './i18n'

/** Props of {@link ErrorBanner}. */
export type ErrorBannerProps = HTMLAttributes<HTMLDivElement>

// A failed or cut-off run can be run again as it was sent; a refusal only needs reading.
const RETRYABLE: ReadonlySet<string> = new Set(['http-error', 'network-error', 'incomplete-stream', 'wrong-content-type', 'timeout'])
const BODY_EXCERPT = 600
const WARNING_KINDS: readonly WarningKind[] = ['read', 'apply', 'render', 'history', 'other']

// One line per kind of warning, in a fixed order, each with its own count.
function warningLines(warnings: readonly AgentStreamError[], strings: AgentStrings): string[] {
  const counts = new Map<WarningKind, number>()
  for (const warning of warnings) {
    const kind = warningKindOf(warning.code)
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
  }
  return WARNING_KINDS.flatMap((kind) => {
    const count = counts.get(kind)
    return count === undefined ? [] : [strings.warnings[kind](count)]
  })
}

// The technical side, for whoever debugs it: what the transport said, in its own (English) words.
function technicalDetails(error: AgentStreamError, strings: AgentStrings): [string, string][] {
  const rows: [string, string][] = [[strings.errorMessage, error.message]]
  if (error.status !== undefined) rows.push([strings.errorStatus, String(error.status)])
  if (error.eventType !== undefined) rows.push([strings.errorEvent, error.eventType])
  if (error.field !== undefined) rows.push([strings.errorField, error.field])
  if (error.body) rows.push([strings.errorBody, error.body.length > BODY_EXCERPT ? `${error.body.slice(0, BODY_EXCERPT)}…` : error.body])
  return rows
}

/**
 * What went wrong with the last action, in plain words of the chat's language, and the action that fits: retry a
 * failed run, or dismiss. The transport's own message, status, event and body excerpt sit behind "Details".
 */
export const ErrorBanner = forwardRef<HTMLDivElement, ErrorBannerProps>(function ErrorBanner(props, ref) {
  const strings = useAgentStrings()
  const { error, warnings } = useAgentStream()
  const dismiss = useAgentStore((state) => state.dismissError)
  const canRetry = useAgentStore((state) => state.canRetry)
  const retryRun = useAgentStore((state) => state.retry)
  if (error === null && warnings.length === 0) return null
  const retry = error !== null && canRetry && RETRYABLE.has(error.code) ? () => retryRun().catch(() => {}) : null
  return (
    <div className="as-error" role="alert" data-code={error?.code ?? 'warnings'} {...props} ref={ref}>
      <div className="as-error-text">
        {error !== null && (
          <p>
            <strong>{strings.errorTitle[error.code]}</strong> <span className="as-error-detail">{strings.errorHint[error.code]}</span>
          </p>
        )}
        {warningLines(warnings, strings).map((line) => (
          <p key={line} className="as-muted">
            {line}
          </p>
        ))}
        {(error !== null || warnings.length > 0) && (
          <details className="as-error-more">
            <summary>{strings.errorDetails}</summary>
            <dl>
              {[
                ...(error === null ? [] : technicalDetails(error, strings)),
                ...warnings.slice(0, 5).map((warning): [string, string] => [strings.errorEvent, warning.message]),
              ].map(([label, value], index) => (
                <div key={index}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </div>
      <div className="as-actions">
        {retry !== null && (
          <button type="button" data-variant="primary" onClick={retry}>
            {strings.errorRetry}
          </button>
        )}
        <button type="button" onClick={dismiss}>
          {strings.errorDismiss}
        </button>
      </div>
    </div>
  )
})
