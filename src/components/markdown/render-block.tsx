import type { ReactNode } from 'react'
import { CodeBlock } from './code-block'
import { markdownMessages, type MarkdownLocale } from './locale'
import { MathFormula } from './math-formula'
import { MermaidDiagram } from './mermaid-diagram'
import { renderInline } from './render-inline'
import type { BlockNode, ListItemNode } from './types'

function renderItem(item: ListItemNode, tight: boolean, locale: MarkdownLocale | undefined, key: number): ReactNode {
  const messages = markdownMessages(locale)
  // tight lists show their paragraphs without <p>, as CommonMark renders them
  const children = item.children.map((child, index) =>
    tight && child.type === 'paragraph' ? (
      <span key={index} className="as-md-item-text">
        {renderInline(child.children)}
      </span>
    ) : (
      renderBlock(child, locale, index)
    ),
  )
  if (item.checked === undefined) return <li key={key}>{children}</li>
  return (
    <li key={key} className="as-md-task" data-state={item.checked ? 'checked' : 'unchecked'}>
      <input
        type="checkbox"
        className="as-md-task-checkbox"
        checked={item.checked}
        disabled
        readOnly
        aria-label={item.checked ? messages.taskDone : messages.taskOpen}
      />
      {children}
    </li>
  )
}

/** Renders one block node (and its children) as React elements. */
export function renderBlock(node: BlockNode, locale: MarkdownLocale | undefined, key?: number): ReactNode {
  switch (node.type) {
    case 'heading': {
      const Heading = `h${node.level}` as const
      return (
        <Heading key={key} className="as-md-heading">
          {renderInline(node.children)}
        </Heading>
      )
    }
    case 'paragraph': {
      return (
        <p key={key} className="as-md-paragraph">
          {renderInline(node.children)}
        </p>
      )
    }
    case 'code': {
      const code = <CodeBlock key={key} code={node.code} language={node.language} status={node.status} locale={locale} />
      // a diagram is drawn only once its fence has closed; the code stays beside it, to read and copy
      if (node.language !== 'mermaid' || node.status !== 'done') return code
      return (
        <div key={key} className="as-md-diagram">
          <MermaidDiagram source={node.code} label={markdownMessages(locale).diagram} />
          {code}
        </div>
      )
    }
    case 'math': {
      return <MathFormula key={key} tex={node.value} display block status={node.status} />
    }
    case 'blockquote': {
      return (
        <blockquote key={key} className="as-md-blockquote">
          {node.children.map((child, index) => renderBlock(child, locale, index))}
        </blockquote>
      )
    }
    case 'list': {
      const items = node.items.map((item, index) => renderItem(item, node.tight, locale, index))
      const state = node.tight ? 'tight' : 'loose'
      return node.ordered ? (
        <ol key={key} className="as-md-list" data-spacing={state} start={node.start === 1 ? undefined : node.start}>
          {items}
        </ol>
      ) : (
        <ul key={key} className="as-md-list" data-spacing={state}>
          {items}
        </ul>
      )
    }
    case 'table': {
      return (
        <div key={key} className="as-md-table-wrap" tabIndex={0}>
          <table className="as-md-table">
            <thead>
              <tr>
                {node.head.map((cell, index) => (
                  <th key={index} scope="col" data-align={node.align[index]}>
                    {renderInline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            {node.rows.length === 0 ? null : (
              <tbody>
                {node.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, index) => (
                      <td key={index} data-align={node.align[index]}>
                        {renderInline(cell)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
      )
    }
    case 'thematicBreak': {
      return <hr key={key} className="as-md-rule" />
    }
    default: {
      node satisfies never
      return null
    }
  }
}
