import { memo, type ReactNode } from 'react'
import { CodeBlock } from './code-block'
import { markdownMessages, type MarkdownLocale } from './locale'
import { MathFormula } from './math-formula'
import { MermaidDiagram } from './mermaid-diagram'
import { renderInline } from './render-inline'
import { RUN_LENGTH, runStarts, sameRun } from './runs'
import type { BlockNode, InlineNode, ListItemNode, TableAlign } from './types'

// A growing list or table is parsed again at each delta, but its finished items and rows keep their inline nodes
// (the parser's inline cache): compared by those, they are not rendered again, so a delta costs the rows it changed.
function sameLeaf(left: BlockNode, right: BlockNode): boolean {
  if (left === right) return true
  if (left.type === 'paragraph' && right.type === 'paragraph') return left.children === right.children
  return left.type === 'heading' && right.type === 'heading' && left.level === right.level && left.children === right.children
}

interface ListItemProps {
  readonly item: ListItemNode
  readonly tight: boolean
  readonly locale: MarkdownLocale | undefined
}

const ListItem = memo(
  function ListItem({ item, tight, locale }: ListItemProps) {
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
    if (item.checked === undefined) return <li>{children}</li>
    return (
      <li className="as-md-task" data-state={item.checked ? 'checked' : 'unchecked'}>
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
  },
  (before, after) =>
    before.tight === after.tight &&
    before.locale === after.locale &&
    before.item.checked === after.item.checked &&
    before.item.children.length === after.item.children.length &&
    before.item.children.every((child, index) => sameLeaf(child, after.item.children[index] as BlockNode)),
)

interface TableRowProps {
  readonly cells: readonly (readonly InlineNode[])[]
  readonly align: readonly TableAlign[]
}

const TableRow = memo(
  function TableRow({ cells, align }: TableRowProps) {
    return (
      <tr>
        {cells.map((cell, index) => (
          <td key={index} data-align={align[index]}>
            {renderInline(cell)}
          </td>
        ))}
      </tr>
    )
  },
  (before, after) =>
    before.cells.length === after.cells.length &&
    before.cells.every((cell, index) => cell === after.cells[index] && before.align[index] === after.align[index]),
)

interface ListRunProps {
  readonly items: readonly ListItemNode[]
  readonly from: number
  readonly tight: boolean
  readonly locale: MarkdownLocale | undefined
}

const ListRun = memo(
  function ListRun({ items, from, tight, locale }: ListRunProps) {
    return items.slice(from, from + RUN_LENGTH).map((item, index) => <ListItem key={from + index} item={item} tight={tight} locale={locale} />)
  },
  (before, after) =>
    before.from === after.from && before.tight === after.tight && before.locale === after.locale && sameRun(before.items, after.items, after.from),
)

interface TableRunProps {
  readonly rows: readonly (readonly (readonly InlineNode[])[])[]
  readonly from: number
  readonly align: readonly TableAlign[]
}

const TableRun = memo(
  function TableRun({ rows, from, align }: TableRunProps) {
    return rows.slice(from, from + RUN_LENGTH).map((cells, index) => <TableRow key={from + index} cells={cells} align={align} />)
  },
  (before, after) => before.from === after.from && before.align === after.align && sameRun(before.rows, after.rows, after.from),
)

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
      const items = runStarts(node.items.length).map((from) => (
        <ListRun key={from} items={node.items} from={from} tight={node.tight} locale={locale} />
      ))
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
                {runStarts(node.rows.length).map((from) => (
                  <TableRun key={from} rows={node.rows} from={from} align={node.align} />
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
