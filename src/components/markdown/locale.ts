/**
 * English (the default), or the renderer's own labels: the kit passes those of its locale (`AgentStrings.markdown`,
 * so `AGENT_STRINGS_ZH_CN.markdown` for Simplified Chinese), so there is one locale system and an app ships only the
 * languages it imports.
 */
export type MarkdownLocale = 'en' | MarkdownMessages

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

/** The renderer's labels in English. */
export const MARKDOWN_MESSAGES_EN: MarkdownMessages = {
  copy: 'Copy',
  copied: 'Copied',
  taskDone: 'Done',
  taskOpen: 'To do',
  loadImage: (alt, host) => `Load image${alt ? ` “${alt}”` : ''}${host ? ` from ${host}` : ''}`,
  diagram: 'Mermaid diagram',
}

/** The renderer's labels in Simplified Chinese. */
export const MARKDOWN_MESSAGES_ZH_CN: MarkdownMessages = {
  copy: '复制',
  copied: '已复制',
  taskDone: '已完成',
  taskOpen: '待办',
  loadImage: (alt, host) => `加载图片${alt ? `“${alt}”` : ''}${host ? `（来自 ${host}）` : ''}`,
  diagram: 'Mermaid 图表',
}

/** The labels for `locale`: English unless they are given. */
export function markdownMessages(locale: MarkdownLocale | undefined): MarkdownMessages {
  return typeof locale === 'object' ? locale : MARKDOWN_MESSAGES_EN
}
