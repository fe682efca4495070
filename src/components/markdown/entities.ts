import { loadOnce } from './load-once'

// Named entities at hand: the ones LLMs actually emit, and those that spell URL punctuation (`&colon;`, `&Tab;`…)
// so that `safeUrl` judges what a browser would see. The other 2,000-odd names of HTML5 come with the full table,
// loaded once the first of them appears (see loadEntityTable); meanwhile, and for names that are not entities at
// all, the reference stays literal text.
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

let fullTable: Readonly<Record<string, string>> | undefined
let misses = 0
// the miss count at which the next miss asks for the table
let requestedAt = 0

/**
 * Loads the full table of HTML5 named character references once (a chunk of its own); the markdown that met a
 * name it did not know parses again once it is there. Later calls share the promise; a failed load runs again.
 */
export const loadEntityTable = /* @__PURE__ */ loadOnce(() =>
  import('character-entities').then((module) => {
    fullTable = module.characterEntities
    return true
  }),
)

/** Whether the full table has arrived: a parse before it may have left some names literal. */
export function entityTableLoaded(): boolean {
  return fullTable !== undefined
}

/** How many names have been looked up before the full table arrived and not found: a parse that raises it needs the table. */
export function entityMisses(): number {
  return misses
}

function named(name: string): string | undefined {
  if (Object.hasOwn(CURATED_ENTITIES, name)) return CURATED_ENTITIES[name]
  if (fullTable !== undefined) return Object.hasOwn(fullTable, name) ? fullTable[name] : undefined
  // one request while it loads (a reaction per miss grew with every unknown name of a long text); one more after a failure
  if (misses++ === requestedAt) {
    void loadEntityTable().catch(() => {
      requestedAt = misses // offline or blocked: the names stay literal, and the next miss asks again
    })
  }
  return undefined
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
