/** Column alignment of a GFM table, from its delimiter row (`:--`, `:-:`, `--:`). */
export type TableAlign = 'left' | 'center' | 'right' | undefined

/** An inline node: what a paragraph, heading or table cell is made of. */
export type InlineNode =
  /** Literal text; entities and backslash escapes are already decoded. */
  | { readonly type: 'text'; readonly value: string }
  /** `*a*` or `_a_`. */
  | { readonly type: 'emphasis'; readonly children: readonly InlineNode[] }
  /** `**a**` or `__a__`. */
  | { readonly type: 'strong'; readonly children: readonly InlineNode[] }
  /** `~~a~~`. */
  | { readonly type: 'delete'; readonly children: readonly InlineNode[] }
  /** `$x^2$` (or `$$…$$` inline): TeX source, typeset once the math chunk has loaded. */
  | { readonly type: 'inlineMath'; readonly value: string; readonly display: boolean }
  /** A backtick code span; `value` is the literal content. */
  | { readonly type: 'inlineCode'; readonly value: string }
  /** `[text](url "title")`, `<https://…>` or a bare URL. `url` is raw: the renderer passes it through `safeUrl`. */
  | { readonly type: 'link'; readonly url: string; readonly title: string | undefined; readonly children: readonly InlineNode[] }
  /** `![alt](url "title")`. */
  | { readonly type: 'image'; readonly url: string; readonly title: string | undefined; readonly alt: string }
  /** A hard line break (two trailing spaces or a trailing backslash). */
  | { readonly type: 'break' }
  /** A soft line break (a plain newline inside a paragraph). */
  | { readonly type: 'softBreak' }

/** One item of a list; `checked` is set for task items (`[ ]`, `[x]`). */
export interface ListItemNode {
  readonly checked: boolean | undefined
  readonly children: readonly BlockNode[]
}

/** A block node. Containers (quotes, lists) hold blocks; leaves hold inline nodes or code. */
export type BlockNode =
  /** `# Title` (ATX only). */
  | { readonly type: 'heading'; readonly level: 1 | 2 | 3 | 4 | 5 | 6; readonly children: readonly InlineNode[] }
  /** Consecutive text lines. */
  | { readonly type: 'paragraph'; readonly children: readonly InlineNode[] }
  /** A fenced or indented code block; `status: 'streaming'` while its fence is still open in a live stream. */
  | {
      readonly type: 'code'
      readonly language: string | undefined
      readonly code: string
      readonly status: 'streaming' | 'done'
    }
  /** A `$$` fenced TeX block; `status: 'streaming'` while its closing `$$` has not arrived (shown as source). */
  | { readonly type: 'math'; readonly value: string; readonly status: 'streaming' | 'done' }
  /** `> quoted` blocks, nested as deep as the markers go. */
  | { readonly type: 'blockquote'; readonly children: readonly BlockNode[] }
  /** A bullet or ordered list; `tight` lists render their paragraphs without `<p>`. */
  | {
      readonly type: 'list'
      readonly ordered: boolean
      readonly start: number
      readonly tight: boolean
      readonly items: readonly ListItemNode[]
    }
  /** A GFM table: header cells, then complete body rows. */
  | {
      readonly type: 'table'
      readonly align: readonly TableAlign[]
      readonly head: readonly (readonly InlineNode[])[]
      readonly rows: readonly (readonly (readonly InlineNode[])[])[]
    }
  /** `---`, `***` or `___`. */
  | { readonly type: 'thematicBreak' }

/** A top-level block of the document, with its place in the source and a stable React key. */
export interface MarkdownBlock {
  /** Stable while the block keeps its index and start offset: `${index}:${start}`. */
  readonly key: string
  /** Offset of the block's first character in the text. */
  readonly start: number
  /** Offset just past the block's last line (before its newline). */
  readonly end: number
  /** `text.slice(start, end)`. */
  readonly source: string
  /** True for the growing tail of a live stream: its unclosed syntax is rendered as if closed. */
  readonly open: boolean
  readonly node: BlockNode
}

/** Options of the parser. */
export interface ParseOptions {
  /** The text is a live stream that may still grow: hold ambiguous tails and render unclosed syntax as closed. */
  readonly streaming: boolean
  /** GFM's extended autolinks: bare `https://…`, `www.…` and e-mail addresses become links. @default true */
  readonly extendedAutolinks?: boolean
  /** TeX math: `$…$`, `$$…$$` and `$$` fenced blocks. @default true */
  readonly math?: boolean
}
