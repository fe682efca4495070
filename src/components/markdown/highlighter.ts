// Loaded with `import()` only once a code fence closes, so refractor (Prism's grammars) stays in a separate chunk.
import type { ElementContent } from 'hast'
import { refractor, type Syntax } from 'refractor/core'
import arduino from 'refractor/arduino'
import bash from 'refractor/bash'
import c from 'refractor/c'
import cpp from 'refractor/cpp'
import csharp from 'refractor/csharp'
import css from 'refractor/css'
import diff from 'refractor/diff'
import go from 'refractor/go'
import ini from 'refractor/ini'
import java from 'refractor/java'
import javascript from 'refractor/javascript'
import json from 'refractor/json'
import kotlin from 'refractor/kotlin'
import less from 'refractor/less'
import lua from 'refractor/lua'
import makefile from 'refractor/makefile'
import markdown from 'refractor/markdown'
import markup from 'refractor/markup'
import objectivec from 'refractor/objectivec'
import perl from 'refractor/perl'
import php from 'refractor/php'
import python from 'refractor/python'
import r from 'refractor/r'
import ruby from 'refractor/ruby'
import rust from 'refractor/rust'
import sass from 'refractor/sass'
import scss from 'refractor/scss'
import sql from 'refractor/sql'
import swift from 'refractor/swift'
import typescript from 'refractor/typescript'
import vbnet from 'refractor/vbnet'
import yaml from 'refractor/yaml'

/** Highlighted code as plain data: text, and spans carrying an `as-md-tok-*` class. */
export type HighlightNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'span'; readonly className: string; readonly children: readonly HighlightNode[] }

// Grammars are registered on first use, not when the chunk loads, so that load is one cheap task.
// The set is refractor's common one (the languages of highlight.js's common set), by Prism name.
const GRAMMARS: Readonly<Record<string, Syntax>> = {
  arduino,
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  less,
  lua,
  makefile,
  markdown,
  markup,
  objectivec,
  perl,
  php,
  python,
  r,
  ruby,
  rust,
  sass,
  scss,
  sql,
  swift,
  typescript,
  vbnet,
  yaml,
}
const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  yml: 'yaml',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  md: 'markdown',
  kt: 'kotlin',
  rs: 'rust',
  rb: 'ruby',
  cs: 'csharp',
  'c++': 'cpp',
  h: 'c',
  golang: 'go',
  jsonc: 'json',
  'objective-c': 'objectivec',
  objc: 'objectivec',
  vb: 'vbnet',
}

function grammarName(language: string): string | null {
  const lower = language.toLowerCase()
  const name = ALIASES[lower] ?? lower
  const grammar = GRAMMARS[name]
  if (grammar === undefined) return null
  if (!refractor.registered(name)) refractor.register(grammar)
  return name
}

// Prism's token names, as the colour groups the stylesheet colours (`as-md-tok-<group>`, one variable each).
const TOKEN_CLASSES: Readonly<Record<string, string>> = {
  keyword: 'keyword',
  builtin: 'keyword',
  boolean: 'keyword',
  constant: 'keyword',
  null: 'keyword',
  nil: 'keyword',
  atrule: 'keyword',
  important: 'keyword',
  selector: 'keyword',
  number: 'number',
  symbol: 'number',
  variable: 'number',
  string: 'string',
  char: 'string',
  'template-string': 'string',
  'attr-value': 'string',
  url: 'string',
  regex: 'string',
  inserted: 'string',
  comment: 'comment',
  blockquote: 'comment',
  deleted: 'comment',
  function: 'title',
  'class-name': 'title',
  title: 'title',
  namespace: 'type',
  type: 'type',
  parameter: 'type',
  'attr-name': 'attr',
  property: 'attr',
  prolog: 'meta',
  doctype: 'meta',
  cdata: 'meta',
  directive: 'meta',
  annotation: 'meta',
  decorator: 'meta',
  tag: 'meta',
}

function toClassName(value: unknown): string {
  const names = Array.isArray(value) ? value : []
  const classes = names.flatMap((name) =>
    typeof name === 'string' && Object.hasOwn(TOKEN_CLASSES, name) ? [`as-md-tok-${TOKEN_CLASSES[name]}`] : [],
  )
  return [...new Set(classes)].join(' ')
}

function convert(nodes: readonly ElementContent[]): HighlightNode[] {
  const out: HighlightNode[] = []
  for (const node of nodes) {
    if (node.type === 'text') out.push({ type: 'text', value: node.value })
    else if (node.type === 'element') {
      const className = toClassName(node.properties['className'])
      // Prism wraps every operator and bracket in a token the stylesheet does not colour: no span for those
      if (className === '') out.push(...convert(node.children))
      else out.push({ type: 'span', className, children: convert(node.children) })
    }
  }
  return out
}

// Some grammars take time superlinear in the text of one call (typescript on a run of `$`: 0.7 s for 8 K characters,
// 10 s for 32 K), and one call is one task that can't be cut: code is highlighted in pieces of at most this many
// characters, one task each, ended at a line end where there is one. A token across two pieces (a long comment) may
// lose its colour; a block past the second limit stays plain.
const PIECE = 2_000
const MAX_HIGHLIGHTED = 100_000

/** `code` in the pieces that are highlighted one by one; none when it is too long to highlight. */
export function highlightPieces(code: string): string[] {
  if (code.length > MAX_HIGHLIGHTED) return []
  const pieces: string[] = []
  for (let start = 0; start < code.length;) {
    let end = Math.min(code.length, start + PIECE)
    const newline = end < code.length ? code.lastIndexOf('\n', end - 1) : -1
    if (newline >= start + PIECE / 2) end = newline + 1
    pieces.push(code.slice(start, end))
    start = end
  }
  return pieces
}

/** Highlights `code` as `language`, or returns null when the common set doesn't know it. */
export function highlightCode(code: string, language: string): HighlightNode[] | null {
  const name = grammarName(language)
  if (name === null) return null
  return convert(refractor.highlight(code, name).children as ElementContent[])
}
