import { describe, expect, it } from 'vitest'
import { safeUrl } from '../../../src/components/markdown/safe-url'

/** URLs a model (or a prompt injection through it) might emit to run script, exfiltrate, or confuse filters. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u00a0javascript:alert(1)',
  '\u200bjavascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  '\u2028javascript:alert(1)',
  'javascript:alert(1)\u202e',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'java&Tab;script:alert(1)',
  'java&NewLine;script:alert(1)',
  '&amp;#106;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'livescript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'data:application/javascript,alert(1)',
  'file:///etc/passwd',
  'FILE://C:/Windows/win.ini',
  'ftp://example.com/file',
  'chrome://settings',
  'about:blank',
  'intent://scan/#Intent;scheme=zxing;end',
  'ms-settings:privacy',
  'jar:file:///x.jar!/',
  'view-source:https://example.com',
  'ｊａｖａｓｃｒｉｐｔ:alert(1)',
  'javascript%3Aalert(1):x',
  '\\\\evil.example.com\\share',
  'https://example.com/\\@evil.com',
  'https://exa mple.com',
  '',
] as const

describe('safeUrl', () => {
  it.each(HOSTILE.map((url) => [JSON.stringify(url), url]))('refuses %s as a link and as an image', (_, url) => {
    expect(safeUrl(url, 'link')).toBeNull()
    expect(safeUrl(url, 'image')).toBeNull()
  })

  it('has a hostile corpus of at least 30 URLs', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30)
  })

  it.each([
    'https://example.com/a?b=1&c=2#d',
    'HTTP://EXAMPLE.COM',
    'http://localhost:3000/x',
    '/relative/path',
    'relative/page.html',
    './here',
    '../up',
    '?query=1',
    '#anchor',
    '//cdn.example.com/lib.js',
    'https://en.wikipedia.org/wiki/Foo_(bar)',
    'path/with:colon-after-slash',
  ])('allows %s for links and images', (url) => {
    expect(safeUrl(url, 'link')).toBe(url)
    expect(safeUrl(url, 'image')).toBe(url)
  })

  it('allows mailto: for links only', () => {
    expect(safeUrl('mailto:team@example.com', 'link')).toBe('mailto:team@example.com')
    expect(safeUrl('mailto:team@example.com', 'image')).toBeNull()
  })

  it('allows raster data: images and blob: for images only', () => {
    for (const type of ['png', 'jpeg', 'gif', 'webp', 'avif']) {
      const url = `data:image/${type};base64,iVBORw0KGgo=`
      expect(safeUrl(url, 'image')).toBe(url)
      expect(safeUrl(url, 'link')).toBeNull()
    }
    expect(safeUrl('blob:https://example.com/0f1e', 'image')).toBe('blob:https://example.com/0f1e')
    expect(safeUrl('blob:https://example.com/0f1e', 'link')).toBeNull()
  })

  it('refuses data: images that are not plain base64 rasters', () => {
    expect(safeUrl('data:image/png,rawbytes', 'image')).toBeNull()
    expect(safeUrl('data:image/png;base64,abc<svg>', 'image')).toBeNull()
    expect(safeUrl('data:image/bmp;base64,Qk0=', 'image')).toBeNull()
  })
})
