import fc from 'fast-check'

// A generator over the markdown grammar: real constructs, nested and mixed, then cut and spliced with noise.
// It is meant to reach the parser's corners (nesting, delimiter runs, brackets, tables, fences), not to be valid.

const word = fc.constantFrom(
  'a',
  'word',
  'x_y',
  'snake_case',
  '中文',
  '😀',
  'https://x.example/a_(b)',
  'www.a.example',
  'a@b.example',
  '2*3',
  '&amp;',
  '&#35;',
  '&copy',
  '\\*',
  '\\',
  '<b>',
  '<https://a.b>',
  'mailto:a@b.c',
)
const delimiter = fc.constantFrom('*', '**', '***', '_', '__', '~', '~~', '`', '``', '[', ']', '](', '![', '(', ')', '<', '>', '"', "'", '|', '\\')

const inline: fc.Arbitrary<string> = fc.letrec<{ inline: string }>((tie) => ({
  inline: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word,
    delimiter,
    fc.tuple(fc.constantFrom('*', '**', '_', '__', '~~', '`'), tie('inline')).map(([mark, inner]) => `${mark}${inner}${mark}`),
    fc.tuple(tie('inline'), fc.constantFrom('/u', 'https://a.b/c', '<a b>', 'x "t"', '')).map(([text, url]) => `[${text}](${url})`),
    fc
      .tuple(tie('inline'), fc.constantFrom('/i.png', 'https://img.example/x.png', 'data:image/png;base64,AA=='))
      .map(([alt, url]) => `![${alt}](${url})`),
    fc.tuple(tie('inline'), fc.constantFrom('ref', 'Ref', 'missing', '')).map(([text, label]) => `[${text}][${label}]`),
    fc.array(tie('inline'), { maxLength: 6 }).map((parts) => parts.join(' ')),
  ),
})).inline

const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    inline,
    fc.tuple(fc.integer({ min: 1, max: 7 }), inline).map(([level, text]) => `${'#'.repeat(level)} ${text}`),
    fc.tuple(inline, fc.constantFrom('===', '---', '-', '=')).map(([text, line]) => `${text}\n${line}`),
    fc.constantFrom('---', '***', '_ _ _', '- - -'),
    fc
      .tuple(fc.constantFrom('```', '~~~', '````'), fc.constantFrom('', 'ts', 'py{1}', '{.js}'), inline, fc.boolean())
      .map(([fence, info, code, closed]) => `${fence}${info}\n${code}${closed ? `\n${fence}` : ''}`),
    inline.map((code) => `    ${code}`),
    fc.tuple(fc.constantFrom('> ', '>', '>> '), tie('block')).map(([marker, inner]) =>
      inner
        .split('\n')
        .map((line) => `${marker}${line}`)
        .join('\n'),
    ),
    fc
      .tuple(
        fc.constantFrom('- ', '* ', '1. ', '2) ', '- [ ] ', '- [x] '),
        fc.array(tie('block'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('  ', '   ', '    ', '\t'),
      )
      .map(([marker, items, indent]) => items.map((item) => `${marker}${item.split('\n').join(`\n${indent}`)}`).join('\n')),
    fc
      .tuple(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.array(inline, { maxLength: 6 }), { maxLength: 5 }),
        fc.constantFrom('---', ':--', '--:', ':-:'),
      )
      .map(([columns, rows, align]) =>
        [
          `| ${Array.from({ length: columns }, (_, index) => `h${index}`).join(' | ')} |`,
          `|${` ${align} |`.repeat(columns)}`,
          ...rows.map((row) => `| ${row.join(' | ')} |`),
        ].join('\n'),
      ),
    fc
      .tuple(fc.constantFrom('ref', 'Ref', 'x'), fc.constantFrom('/u', '<a b>', 'https://r.example'), fc.constantFrom('', ' "t"', " 't'", ' (t)'))
      .map(([label, url, title]) => `[${label}]: ${url}${title}`),
    fc.array(tie('block'), { maxLength: 4 }).map((blocks) => blocks.join('\n')),
  ),
})).block

/** A generated markdown document: blocks separated by blank lines (or not), with a little noise spliced in. */
export const markdownDocument: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(block, fc.constantFrom('\n\n', '\n', '\n\n\n', '\r\n')), { minLength: 1, maxLength: 12 }),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('\n', ' ', '\t', '*', '[', '`', '|', '>', '- ', '\u0000', '\r')), { maxLength: 4 }),
  )
  .map(([blocks, noise]) => {
    let text = blocks.map(([content, separator]) => `${content}${separator}`).join('')
    for (const [at, insert] of noise) {
      const index = text.length === 0 ? 0 : at % text.length
      text = `${text.slice(0, index)}${insert}${text.slice(index)}`
    }
    return text
  })
