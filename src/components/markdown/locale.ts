/**
 * A language of the markdown renderer's own labels (anything else falls back to English), or the labels
 * themselves: the kit passes those of its locale (`AgentStrings.markdown`), so there is one locale system.
 */
export type MarkdownLocale = 'en' | 'zh-CN' | MarkdownMessages

/** The renderer's own labels. */
export interface MarkdownMessages {
  readonly copy: string
  readonly copied: string
  readonly taskDone: string
  readonly taskOpen: string
  /** The button that loads a remote image: its alt text and host. */
  readonly loadImage: (alt: string, host: string) => string
  /** The accessible name of a drawn Mermaid diagram. */
  readonly diagram: string
}

const MESSAGES: Readonly<Record<'en' | 'zh-CN', MarkdownMessages>> = {
  en: {
    copy: 'Copy',
    copied: 'Copied',
    taskDone: 'Done',
    taskOpen: 'To do',
    loadImage: (alt, host) => `Load image${alt ? ` “${alt}”` : ''}${host ? ` from ${host}` : ''}`,
    diagram: 'Mermaid diagram',
  },
  'zh-CN': {
    copy: '复制',
    copied: '已复制',
    taskDone: '已完成',
    taskOpen: '待办',
    loadImage: (alt, host) => `加载图片${alt ? `“${alt}”` : ''}${host ? `（来自 ${host}）` : ''}`,
    diagram: 'Mermaid 图表',
  },
}

/** The labels for `locale` (`zh`, `zh-Hans` and `zh-CN` read as `zh-CN`; unknown locales as `en`). */
export function markdownMessages(locale: MarkdownLocale | string | undefined): MarkdownMessages {
  if (typeof locale === 'object') return locale
  return locale !== undefined && /^zh(?:-(?:CN|Hans|SG))?$/i.test(locale) ? MESSAGES['zh-CN'] : MESSAGES.en
}
