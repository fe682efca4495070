import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { AGENT_STRINGS_EN, AgentLocaleContext } from '../components/i18n'
import { AGENT_STRINGS_ZH_CN } from '../components/i18n-zh-cn'
import type { AgentLocaleName } from '../components/i18n'
import { MessageList } from '../components/message-list'
import { AgentStoreContext } from '../react/agent-context'
import { useAgentStore } from '../react/use-agent-store'
import type { AgentStore } from '../store/agent-store-state'
import { INSPECTOR_STRINGS } from './inspector-strings'

/** Props of {@link ReadOnlyChat}. */
export interface ReadOnlyChatProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The read-only store the inspector gives `onViewChange` (or shows itself). */
  readonly store: AgentStore
  /** The number of events applied, said above the conversation. */
  readonly position: number
  /** Called by the "Back to live" button; without it, the button is not shown. */
  readonly onLive?: () => void
  /** @default 'en' */
  readonly locale?: AgentLocaleName
  /** @default 'auto' */
  readonly theme?: 'light' | 'dark' | 'auto'
}

function Frame({ children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const status = useAgentStore((state) => state.status)
  return (
    <div data-status={status} {...rest}>
      {children}
    </div>
  )
}

/** The conversation as it was after some event: the chat's own message list, with no composer and no actions. */
export const ReadOnlyChat = forwardRef<HTMLDivElement, ReadOnlyChatProps>(function ReadOnlyChat(props, ref) {
  const { store, position, onLive, locale = 'en', theme = 'auto', className, ...rest } = props
  const strings = INSPECTOR_STRINGS[locale] ?? INSPECTOR_STRINGS.en
  return (
    <AgentStoreContext.Provider value={store}>
      <AgentLocaleContext.Provider value={locale === 'zh-CN' ? AGENT_STRINGS_ZH_CN : AGENT_STRINGS_EN}>
        <div
          ref={ref}
          data-agentscope=""
          data-theme={theme}
          data-read-only=""
          lang={locale}
          className={className === undefined ? 'as-chat as-read-only-chat' : `as-chat as-read-only-chat ${className}`}
          {...rest}
        >
          <Frame className="as-read-only-frame">
            <p className="as-read-only-notice">
              <span>{strings.readOnly(position)}</span>
              {onLive !== undefined && (
                <button type="button" onClick={onLive}>
                  {strings.backToLive}
                </button>
              )}
            </p>
            <MessageList />
          </Frame>
        </div>
      </AgentLocaleContext.Provider>
    </AgentStoreContext.Provider>
  )
})
