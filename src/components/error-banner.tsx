import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStore } from '../react/use-agent-store'
import { useAgentStream } from '../react/use-agent-stream'
import { useAgentStrings } from './i18n'

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps extends HTMLAttributes<HTMLDivElement> {}

// A failed or cut-off run can be run again as it was sent; a refusal only needs reading.
const RETRYABLE: ReadonlySet<string> = new Set(['http-error', 'network-error', 'incomplete-stream', 'wrong-content-type', 'timeout'])

/** What went wrong with the last action, and the action that fits: retry a failed run, or dismiss. */
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
      {error !== null && (
        <p>
          <strong>{strings.errorTitle[error.code]}</strong> <span className="as-error-detail">{error.message}</span>
        </p>
      )}
      {warnings.length > 0 && <p className="as-muted">{strings.warnings(warnings.length)}</p>}
      <div className="as-actions">
        {retry !== null && (
          <button type="button" data-variant="primary" onClick={retry}>
            {strings.errorRetry}
          </button>
        )}
        {(error !== null || warnings.length > 0) && (
          <button type="button" onClick={dismiss}>
            {strings.errorDismiss}
          </button>
        )}
      </div>
    </div>
  )
})
