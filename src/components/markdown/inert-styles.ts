// Mermaid writes inline styles while it lays a diagram out in the page: `style="…"` attributes and a `<style>`
// element. Under a strict CSP (`style-src 'self'`) the browser refuses each one and reports a violation, and
// allowing them would weaken the policy for model-written diagrams. Instead, for the elements inside the hidden
// container Mermaid renders into (and only those), a style attribute is stored under another name and a style
// element is swapped for an inert one holding the same rules: nothing is parsed as CSS in the page (as when the
// CSP refuses it, so the layout is the same), nothing is reported, and the SVG string gets its styles back, to
// apply inside the image, whose document no page policy governs and which can't fetch anything.
// A URL an element there would load (an <image>'s or <use>'s href, a src) is stored under another name too, unless
// it is a fragment, data: or blob:, so that a model-written diagram requests nothing from any host in the page.

const STORED_URL = 'data-as-inert-url'
const URL_ATTRIBUTE = /^(?:xlink:)?href$|^src$/i
const LOCAL_URL = /^\s*(?:#|data:|blob:)/i

const STORED_STYLE = 'data-as-inert-style'
const STORED_HANDLER = 'data-as-inert-'
const HANDLER = /^on/i
const INERT_TAG = 'as-inert-style'

interface Patched {
  readonly setAttribute: typeof Element.prototype.setAttribute
  readonly setAttributeNS: typeof Element.prototype.setAttributeNS
  readonly insertBefore: typeof Node.prototype.insertBefore
  readonly appendChild: typeof Node.prototype.appendChild
  readonly parseFromString: typeof DOMParser.prototype.parseFromString
}

const containers = new Set<HTMLElement>()
// The ids of the diagrams being drawn: markup that holds one is the diagram's, parsed again by Mermaid's sanitizer.
const markers = new Set<string>()
const rulesOf = new Map<HTMLElement, string[]>()
let patched: Patched | null = null

function owningContainer(node: Node): HTMLElement | undefined {
  for (const container of containers) if (container.contains(node)) return container
  return undefined
}

function isStyleElement(node: Node): node is Element {
  return node instanceof Element && node.localName === 'style'
}

// The style element, or a stand-in that holds its rules as text and is no style sheet.
function inert(parent: Node, node: Node): Node {
  if (!isStyleElement(node)) return node
  const container = owningContainer(parent)
  if (container === undefined) return node
  rulesOf.get(container)?.push(node.textContent ?? '')
  return document.createElement(INERT_TAG)
}

// The name an attribute is set under on an element inside a container: a style or a fetching URL is kept inert.
function storedName(element: Element, name: string, value: string): string {
  // An event handler attribute is script, which the CSP refuses (and reports) even on an element not yet placed:
  // while a diagram is drawn, one set on it or on a detached element is kept as text.
  if (HANDLER.test(name) && (!element.isConnected || owningContainer(element) !== undefined)) return `${STORED_HANDLER}${name.toLowerCase()}`
  if (owningContainer(element) === undefined) return name
  if (name.toLowerCase() === 'style') return STORED_STYLE
  // a link (<a href>) loads nothing until it is followed, and in an image it can't be
  if (URL_ATTRIBUTE.test(name) && element.localName !== 'a' && !LOCAL_URL.test(String(value))) return STORED_URL
  return name
}

function install(): void {
  if (patched !== null) return
  const original: Patched = {
    setAttribute: Element.prototype.setAttribute,
    setAttributeNS: Element.prototype.setAttributeNS,
    insertBefore: Node.prototype.insertBefore,
    appendChild: Node.prototype.appendChild,
    parseFromString: DOMParser.prototype.parseFromString,
  }
  patched = original
  Element.prototype.setAttribute = function setAttribute(this: Element, name: string, value: string) {
    original.setAttribute.call(this, storedName(this, name, value), value)
  }
  Element.prototype.setAttributeNS = function setAttributeNS(this: Element, namespace: string | null, name: string, value: string) {
    const stored = storedName(this, name, value)
    if (stored === name) original.setAttributeNS.call(this, namespace, name, value)
    else original.setAttribute.call(this, stored, value)
  }
  Node.prototype.insertBefore = function insertBefore<T extends Node>(this: Node, node: T, child: Node | null): T {
    return original.insertBefore.call(this, inert(this, node), child) as T
  }
  Node.prototype.appendChild = function appendChild<T extends Node>(this: Node, node: T): T {
    return original.appendChild.call(this, inert(this, node)) as T
  }
  // Styles set through the CSSOM serialize as style attributes; the sanitizer parses the diagram's markup again.
  // The sanitizer passes TrustedHTML where the browser has Trusted Types: read as text, and if the page enforces
  // them (a plain string is refused), it is parsed as given.
  DOMParser.prototype.parseFromString = function parseFromString(this: DOMParser, markup: string, type: DOMParserSupportedType) {
    // Any markup parsed while a diagram is drawn (the sanitizer's checks of its labels) has its handlers kept as text.
    const text = String(markup)
    const own = [...markers].some((marker) => text.includes(marker))
    try {
      return original.parseFromString.call(this, storeHandlers(own ? storeStyleAttributes(text) : text), type)
    } catch {
      // enforced Trusted Types
    }
    return original.parseFromString.call(this, markup, type)
  } as typeof DOMParser.prototype.parseFromString
}

// One handler per tag and pass; a tag with more than a few is left to the CSP (refused, reported, never run).
function storeHandlers(markup: string): string {
  let stored = markup
  for (let pass = 0, before = ''; pass < 8 && stored !== before; pass++) {
    before = stored
    stored = stored.replace(
      /(<[a-zA-Z][^>]*?\s)(on[a-z]+)=/gi,
      (_match, start: string, name: string) => `${start}${STORED_HANDLER}${name.toLowerCase()}=`,
    )
  }
  return stored
}

function storeStyleAttributes(markup: string): string {
  return markup.replace(/(<[a-zA-Z][^>]*?\s)style=/g, `$1${STORED_STYLE}=`)
}

function uninstall(): void {
  if (patched === null || containers.size > 0) return
  Element.prototype.setAttribute = patched.setAttribute
  Element.prototype.setAttributeNS = patched.setAttributeNS
  Node.prototype.insertBefore = patched.insertBefore
  Node.prototype.appendChild = patched.appendChild
  DOMParser.prototype.parseFromString = patched.parseFromString
  patched = null
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The SVG with its stored style attributes named `style` again and its rules in one `<style>` after the root tag. */
export function restoreStyles(svg: string, rules: readonly string[]): string {
  let restored = svg.replace(new RegExp(`(<[^>]*\\s)${STORED_STYLE}=`, 'g'), '$1style=')
  restored = restored.replace(new RegExp(`<${INERT_TAG}>[^<]*</${INERT_TAG}>|<${INERT_TAG}\\s*/>`, 'g'), '')
  // A sanitizer that drops the unknown stand-in keeps its text: that copy of the rules goes too.
  for (const rule of rules) if (rule !== '') restored = restored.replace(escapeText(rule), '')
  const css = rules
    .filter((rule) => rule !== '')
    .map(escapeText)
    .join('\n')
  return css === '' ? restored : restored.replace(/^(<svg[^>]*>)/, `$1<style>${css}</style>`)
}

/**
 * Runs `render` with a hidden container in the page for it to draw in, where inline styles are kept inert, and
 * returns the SVG it made with its styles restored. `marker` is a string only the diagram's markup holds (its id). The container is removed afterwards, whatever happens.
 */
export async function withInertStyles(marker: string, render: (container: HTMLElement) => Promise<string>): Promise<string> {
  const container = document.createElement('div')
  // Laid out (text is measured), never seen: markdown.css places it off screen.
  container.className = 'as-md-mermaid-layout'
  container.setAttribute('data-agentscope', '')
  container.setAttribute('aria-hidden', 'true')
  containers.add(container)
  markers.add(marker)
  rulesOf.set(container, [])
  install()
  document.body.append(container)
  try {
    const svg = await render(container)
    return restoreStyles(svg, rulesOf.get(container) ?? [])
  } finally {
    container.remove()
    containers.delete(container)
    markers.delete(marker)
    rulesOf.delete(container)
    uninstall()
  }
}
