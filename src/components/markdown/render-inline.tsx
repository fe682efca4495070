import type { ReactNode } from 'react'
import { MathFormula } from './math-formula'
import { RemoteImage } from './remote-image'
import { encodeUrl, safeUrl } from './safe-url'
import type { InlineNode } from './types'

const LINK_REL = 'noopener noreferrer nofollow'

function renderNode(node: InlineNode, key: number): ReactNode {
  switch (node.type) {
    case 'text': {
      return node.value
    }
    case 'emphasis': {
      return <em key={key}>{renderInline(node.children)}</em>
    }
    case 'strong': {
      return <strong key={key}>{renderInline(node.children)}</strong>
    }
    case 'delete': {
      return <del key={key}>{renderInline(node.children)}</del>
    }
    case 'inlineMath': {
      return <MathFormula key={key} tex={node.value} display={node.display} status="done" />
    }
    case 'inlineCode': {
      return (
        <code key={key} className="as-md-inline-code">
          {node.value}
        </code>
      )
    }
    case 'link': {
      // an empty destination links to the page itself (CommonMark keeps `href=""`): harmless, so it stays
      const href = node.url === '' ? '' : safeUrl(encodeUrl(node.url), 'link')
      // a refused URL leaves only the link text: no anchor, nothing to click
      if (href === null) return <span key={key}>{renderInline(node.children)}</span>
      // same-page anchors stay in the tab; everything else opens a new one
      const external = href !== '' && !href.startsWith('#')
      return (
        <a key={key} className="as-md-link" href={href} title={node.title} target={external ? '_blank' : undefined} rel={LINK_REL}>
          {renderInline(node.children)}
        </a>
      )
    }
    case 'image': {
      const src = safeUrl(encodeUrl(node.url), 'image')
      if (src === null)
        return (
          <span key={key} className="as-md-image-refused">
            [{node.alt}]
          </span>
        )
      return <RemoteImage key={key} src={src} alt={node.alt} title={node.title} />
    }
    case 'break': {
      return <br key={key} />
    }
    case 'softBreak': {
      return '\n'
    }
    default: {
      node satisfies never
      return null
    }
  }
}

/** Renders inline nodes as React elements; every URL goes through `safeUrl`. */
export function renderInline(nodes: readonly InlineNode[]): ReactNode[] {
  return nodes.map(renderNode)
}
