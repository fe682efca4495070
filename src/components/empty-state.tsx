import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStore } from '../react/use-agent-store'
import { useChatOptions } from './chat-options'
import { useAgentStrings } from './i18n'

/** Props of {@link EmptyState}. */
export type EmptyStateProps = HTMLAttributes<HTMLDivElement>

/** The chat before the first message: the `welcome` slot and the `suggestions`, each sent when clicked. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(props, ref) {
  const strings = useAgentStrings()
  const { welcome, suggestions = [] } = useChatOptions()
  const send = useAgentStore((state) => state.send)
  return (
    <div className="as-empty" {...props} ref={ref}>
      {welcome ?? <h2 className="as-empty-title">{strings.welcome}</h2>}
      {suggestions.length > 0 && (
        <ul className="as-suggestions" aria-label={strings.suggestions}>
          {suggestions.map((suggestion, index) => {
            const { label, prompt } = typeof suggestion === 'string' ? { label: suggestion, prompt: suggestion } : suggestion
            return (
              <li key={index}>
                <button type="button" onClick={() => send(prompt ?? label).catch(() => {})}>
                  {label}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
})
