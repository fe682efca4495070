/** Languages the markdown renderer's own labels come in; anything else falls back to English. */
export type MarkdownLocale = 'en' | 'zh-CN'

/** The renderer's own labels. */
export interface MarkdownMessages {
  readonly copy: string
  readonly copied: string
  readonly taskDone: string
  readonly taskOpen: string
}

const MESSAGES: Readonly<Record<MarkdownLocale, MarkdownMessages>> = {
  en: { copy: 'Copy', copied: 'Copied', taskDone: 'Done', taskOpen: 'To do' },
  'zh-CN': { copy: '复制', copied: '已复制', taskDone: '已完成', taskOpen: '待办' },
}

/** The labels for `locale` (`zh`, `zh-Hans` and `zh-CN` read as `zh-CN`; unknown locales as `en`). */
export function markdownMessages(locale: string | undefined): MarkdownMessages {
  return locale !== undefined && /^zh(?:-(?:CN|Hans|SG))?$/i.test(locale) ? MESSAGES['zh-CN'] : MESSAGES.en
}
