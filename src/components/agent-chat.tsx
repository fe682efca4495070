import { forwardRef, useEffect, useMemo } from 'react'
import type { HTMLAttributes } from 'react'
import { useReportError } from '../react/agent-context'
import { AgentProvider } from '../react/agent-provider'
import type { AgentProviderProps, AgentStoreProps } from '../react/agent-provider'
import { useAgentStore } from '../react/use-agent-store'
import type { AttachmentPolicy } from './attachments'
import { ChatOptionsContext } from './chat-options'
import { LazyConfirmationController, LazyConfirmationTray as ConfirmationTray, preloadChatParts } from './chat-parts'
import type { ChatOptions } from './chat-options'
import { AgentComponentsContext } from './components-context'
import type { AgentChatComponents } from './components-context'
import { Composer } from './composer'
import { ConnectionNotice } from './connection-notice'
import { ConfirmationFrame, useConfirmationRetry, useConfirmationSession } from './confirmation-context'
import { ErrorBanner } from './error-banner'
import { AgentLocaleContext, resolveAgentStrings, useAgentStrings } from './i18n'
import type { AgentLocale, AgentStringOverrides } from './i18n'
import { LiveAnnouncer } from './live-announcer'
import { MediaPolicyContext } from './media-policy'
import type { MediaPolicy } from './media-policy'
import { MessageList } from './message-list'
import { Boundary } from './render-boundary'

/** Props of {@link AgentChat}: a transport to talk to the agent (or a store you made), and how it looks. */
export type AgentChatProps = Omit<HTMLAttributes<HTMLDivElement>, 'children'> & {
  /** Overrides: tool renderers by name with a fallback, media renderers, text and thinking blocks. */
  readonly components?: AgentChatComponents
  /** `'en'`, or the strings themselves: `AGENT_STRINGS_ZH_CN`, or your own (`{ ...AGENT_STRINGS_EN, … }`). @default 'en' */
  readonly locale?: AgentLocale
  /** Single strings to override in that locale (`{ send: 'Ask' }`, `{ toolStatus: { running: 'Working' } }`). */
  readonly strings?: AgentStringOverrides
  /** `auto` follows the system setting. @default 'auto' */
  readonly theme?: 'light' | 'dark' | 'auto'
  readonly placeholder?: string
  /** Which files the composer accepts; `false` turns attachments off. */
  readonly attachments?: AttachmentPolicy | false
  /** Origins whose remote media (in tool results, data blocks and markdown images) load without a click; by default none do. */
  readonly mediaPolicy?: MediaPolicy
  /** Thumbs up/down on each reply call this; without it no thumbs are shown. */
  readonly onFeedback?: ChatOptions['onFeedback']
  /** Prompts offered on the empty chat, sent when clicked. */
  readonly suggestions?: ChatOptions['suggestions']
  /** Shown on the empty chat (a greeting, your logo). @default a "How can I help?" heading */
  readonly welcome?: ChatOptions['welcome']
} & AgentStoreProps

const ChatFrame = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ChatFrame({ children, ...rest }, ref) {
  const status = useAgentStore((state) => state.status)
  return (
    <div data-status={status} {...rest} ref={ref}>
      {children}
    </div>
  )
})

// One object for "no overrides", so that a re-render of the chat does not re-render every card.
const NO_OVERRIDES: AgentChatComponents = Object.freeze({})
const NO_MEDIA_ORIGINS: MediaPolicy = Object.freeze({})

// The batch bar while the agent asks (it loads only then, see chat-parts). If its chunk, or the controller's, could
// not be downloaded, the cards have no buttons: this says so, with a button that downloads it again, rather than
// leave the chat waiting silently.
function PendingConfirmationTray() {
  const strings = useAgentStrings()
  const report = useReportError()
  const retryController = useConfirmationRetry()
  const session = useConfirmationSession()
  const unavailable = (retry: () => void) => (
    <div className="as-block-error" role="alert">
      <p>{strings.confirmUnavailable}</p>
      <button type="button" onClick={retry}>
        {strings.errorRetry}
      </button>
    </div>
  )
  if (retryController !== null) return unavailable(retryController)
  if (session === null) return null
  return (
    <Boundary context="the confirmation tray" report={report} fallback={unavailable}>
      <ConfirmationTray />
    </Boundary>
  )
}

// The chat's lazy parts (tool cards, media, the batch bar) start loading once the chat has first shown, so that
// they are there before a reply, or a loaded history, needs them; a failed download is retried when a part is shown.
function usePreloadedParts(): void {
  useEffect(() => {
    void preloadChatParts()
  }, [])
}

/**
 * The drop-in chat: the conversation with live blocks, a confirmation tray for whatever the agent
 * asks, an error banner, and a composer with stop and attachments. One store per chat.
 */
export const AgentChat = forwardRef<HTMLDivElement, AgentChatProps>(function AgentChat(props, ref) {
  const {
    components,
    locale = 'en',
    strings,
    theme = 'auto',
    placeholder,
    attachments,
    mediaPolicy,
    onFeedback,
    suggestions,
    welcome,
    ...others
  } = props
  const { store, transport, storeOptions, onError, className, ...rest } = others
  const resolved = useMemo(() => (strings === undefined ? locale : resolveAgentStrings(locale, strings)), [locale, strings])
  const lang = typeof resolved === 'string' ? resolved : resolved.lang
  const provided = (store === undefined ? { transport, storeOptions, onError } : { store }) as AgentProviderProps
  const options = useMemo(() => ({ onFeedback, suggestions, welcome }), [onFeedback, suggestions, welcome])
  usePreloadedParts()
  return (
    <AgentProvider {...provided}>
      <AgentLocaleContext.Provider value={resolved}>
        <AgentComponentsContext.Provider value={components ?? NO_OVERRIDES}>
          <MediaPolicyContext.Provider value={mediaPolicy ?? NO_MEDIA_ORIGINS}>
            <ChatOptionsContext.Provider value={options}>
              <ConfirmationFrame controller={LazyConfirmationController}>
                <ChatFrame
                  data-agentscope=""
                  data-theme={theme}
                  lang={lang}
                  className={className === undefined ? 'as-chat' : `as-chat ${className}`}
                  {...rest}
                  ref={ref}
                >
                  <ErrorBanner />
                  <ConnectionNotice />
                  <MessageList />
                  <PendingConfirmationTray />
                  <Composer placeholder={placeholder} attachments={attachments} />
                  <LiveAnnouncer />
                </ChatFrame>
              </ConfirmationFrame>
            </ChatOptionsContext.Provider>
          </MediaPolicyContext.Provider>
        </AgentComponentsContext.Provider>
      </AgentLocaleContext.Provider>
    </AgentProvider>
  )
})
