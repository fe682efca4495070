import { memo } from 'react'
import type { ReactNode } from 'react'
import { MathFormula } from './math-formula'
import { RemoteImage } from './remote-image'
import { RUN_LENGTH, runStarts, sameRun } from './runs'
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

/**
 * Renders inline nodes as React elements; every URL goes through `safeUrl`. Many nodes render in runs: React places
 * each new sibling by walking the new ones after it, so thousands added to a paragraph at once cost O(n²) (96 KB of
 * short lines into a streaming paragraph took 12.7 s); a run is placed whole, and skipped while its nodes are the same.
 */
export function renderInline(nodes: readonly InlineNode[]): ReactNode[] {
  if (nodes.length <= RUN_LENGTH) return nodes.map(renderNode)
  return runStarts(nodes.length).map((from) => <InlineRun key={from} nodes={nodes} from={from} />)
}

const InlineRun = memo(
  function InlineRun({ nodes, from }: { readonly nodes: readonly InlineNode[]; readonly from: number }) {
    return nodes.slice(from, from + RUN_LENGTH).map(renderNode)
  },
  (before, after) => before.from === after.from && sameRun(before.nodes, after.nodes, after.from),
)
