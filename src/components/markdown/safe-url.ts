import { decodeEntities } from './entities'

/** What a URL is used for: `link` (an anchor's `href`) or `image` (an `<img src>`). */
export type SafeUrlKind = 'link' | 'image'

// the schemes GitHub's own sanitizer lets through in links: each only ever opens on the reader's click
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'xmpp', 'irc', 'ircs'])
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'blob'])
const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/]*={0,2}$/i
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// ASCII controls, every Unicode space, zero-width and bidi controls, BOM: none belongs in a URL from a model,
// and browsers strip some of them (`java\tscript:`), which is how filters are fooled
const FORBIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/

/**
 * Returns `url` when it is safe to put in an `href` (`kind: 'link'`) or `src` (`kind: 'image'`), otherwise `null`.
 * Allowed: `http:`, `https:`, `mailto:`, `xmpp:`, `irc:`, `ircs:` (links), `blob:` and `data:image/(png|jpeg|gif|webp|avif);base64,`
 * (images), relative and protocol-relative URLs, `#anchors`. Everything else is refused, including any URL with
 * whitespace, control characters or backslashes, before or after entity decoding.
 * @example safeUrl('javascript:alert(1)', 'link') // null
 */
export function safeUrl(url: string, kind: SafeUrlKind): string | null {
  if (url === '') return null
  const decoded = decodeEntities(url)
  // judge both spellings, so `&#106;avascript:` and a double-encoded `&amp;#58;` are caught
  if (!isSafe(url, kind) || !isSafe(decoded, kind) || !isSafe(decodeEntities(decoded), kind)) return null
  return url
}

function isSafe(url: string, kind: SafeUrlKind): boolean {
  if (url === '' || FORBIDDEN_CHARACTERS.test(url)) return false
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) {
    // a colon before the first `/`, `?` or `#` would be read as a scheme by some parser: refuse it
    const colon = url.indexOf(':')
    if (colon === -1) return true
    const firstDelimiter = url.search(/[/?#]/)
    return firstDelimiter !== -1 && firstDelimiter < colon
  }
  if (kind === 'link') return LINK_SCHEMES.has(scheme)
  if (scheme === 'data') return SAFE_IMAGE_DATA.test(url)
  return IMAGE_SCHEMES.has(scheme)
}

const URL_KEEP = /[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]/
const PERCENT_ESCAPE = /^%[0-9a-fA-F]{2}$/

/**
 * Percent-encodes what a URL may not hold as is (spaces, brackets, backslashes, non-ASCII), keeping `%XX`
 * escapes, as CommonMark renderers do. `safeUrl` then judges the encoded form: an encoded tab or space can't
 * split a scheme (`java%09script:` has none, so it is refused as a relative URL with a colon).
 * @example encodeUrl('/my uri') // '/my%20uri'
 */
export function encodeUrl(url: string): string {
  let out = ''
  for (let index = 0; index < url.length; index++) {
    const char = url[index] as string
    if (URL_KEEP.test(char)) out += char
    else if (char === '%' && PERCENT_ESCAPE.test(url.slice(index, index + 3))) out += char
    else {
      const code = url.charCodeAt(index)
      if (code >= 0xd800 && code <= 0xdbff && index + 1 < url.length) {
        const pair = url.slice(index, index + 2)
        out += /^[\ud800-\udbff][\udc00-\udfff]$/.test(pair) ? encodeURIComponent(pair) : '%EF%BF%BD'
        if (/^[\ud800-\udbff][\udc00-\udfff]$/.test(pair)) index++
      } else if (code >= 0xd800 && code <= 0xdfff) out += '%EF%BF%BD'
      else out += encodeURIComponent(char)
    }
  }
  return out
}
