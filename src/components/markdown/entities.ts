import { ENTITY_DATA } from './entity-data'

// Named entities: the ones LLMs actually emit, those that spell URL punctuation (`&colon;`, `&Tab;`…) so that
// `safeUrl` judges what a browser would see, and a generated table of the common alphabets and symbols.
// Unknown names stay literal text.
const CURATED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  plusmn: '±',
  deg: '°',
  middot: '·',
  bull: '•',
  para: '¶',
  sect: '§',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  rArr: '⇒',
  lArr: '⇐',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  minus: '−',
  micro: 'µ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  sigma: 'σ',
  omega: 'ω',
  check: '✓',
  hearts: '♥',
  star: '☆',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  excl: '!',
  quest: '?',
  num: '#',
  percnt: '%',
  equals: '=',
  plus: '+',
  lowbar: '_',
  Tab: '\t',
  NewLine: '\n',
}

let namedEntities: Map<string, string> | undefined

function named(name: string): string | undefined {
  if (namedEntities === undefined) {
    namedEntities = new Map(Object.entries(CURATED_ENTITIES))
    for (const entry of ENTITY_DATA.split(' ')) {
      const [key = '', code = ''] = entry.split('=')
      if (!namedEntities.has(key)) namedEntities.set(key, String.fromCodePoint(parseInt(code, 36)))
    }
  }
  return namedEntities.get(name)
}

/** Matches one entity reference: `&name;`, `&#123;` or `&#x1F600;`. */
export const ENTITY_PATTERN = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));/y

/** Decodes the entity that starts at `index`, or returns undefined when there is none (or its name is unknown). */
export function decodeEntityAt(text: string, index: number): { value: string; length: number } | undefined {
  ENTITY_PATTERN.lastIndex = index
  const match = ENTITY_PATTERN.exec(text)
  if (!match) return undefined
  const [whole, hex, decimal, name] = match
  if (name !== undefined) {
    const value = named(name)
    return value === undefined ? undefined : { value, length: whole.length }
  }
  const code = hex !== undefined ? parseInt(hex, 16) : parseInt(decimal ?? '', 10)
  // NUL, surrogates and out-of-range code points become U+FFFD, as CommonMark says
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
  return { value: valid ? String.fromCodePoint(code) : '\ufffd', length: whole.length }
}

/** Decodes every known entity in `text`; unknown ones are left as they are. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  let out = ''
  let last = 0
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) {
    const entity = decodeEntityAt(text, index)
    if (!entity) continue
    out += text.slice(last, index) + entity.value
    last = index + entity.length
    index = last - 1
  }
  return out + text.slice(last)
}
