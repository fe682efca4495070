/** The `unbroken` scenario, for the phone layout tests: text that has nowhere to wrap, on every channel. */
import { callTool, say, think, type Scenario } from './scenario'

// A run with no space in it, as a model writes a hash, a path or a base64 string.
const run = (length: number) => 'a1B2c3D4e5'.repeat(Math.ceil(length / 10)).slice(0, length)

const NESTED_LIST = Array.from({ length: 32 }, (_, depth) => `${'  '.repeat(depth)}- level ${depth + 1} item`).join('\n')
const NESTED_QUOTE = `${'> '.repeat(32)}a quote nested 32 deep, with a few words to wrap`

const ANSWER = [
  `One unbroken word: ${run(600)}.`,
  `An inline formula: $${'x+'.repeat(300)}y$ in a sentence.`,
  `A link written out: https://example.com/${run(400)}`,
  NESTED_LIST,
  NESTED_QUOTE,
].join('\n\n')

/** Hints, thinking, tool arguments and output, a file's name and markdown, each with a run that cannot wrap. */
export const UNBROKEN: Scenario = {
  name: 'unbroken',
  keyword: 'unbroken',
  description:
    'Text with nowhere to wrap on every channel (a hint, thinking, tool arguments and output, a file name, ' +
    'a long word, an inline formula, lists and quotes nested 32 deep): on a phone, nothing may widen the chat.',
  tools: {
    fetch_file: {
      run: (input, context) => ({
        output: [
          { type: 'text', text: `Fetched ${String(input.path)}: ${run(1500)}` },
          {
            type: 'data',
            source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' },
            id: context.ids.hex(),
            name: `${run(500)}.pdf`,
          },
        ],
        duration: 8,
      }),
    },
  },
  hints: (step) => (step.index > 0 ? [] : [{ hintSource: run(200), hint: `[background task] ${run(2000)}` }]),
  reason: (step) =>
    step.index === 0
      ? {
          chunks: [
            ...think(`Fetch the file first. ${run(2000)}`),
            ...callTool('file', 'fetch_file', [`{"path":"/data/${run(300)}`, `","${run(200)}":"${run(300)}"}`]),
          ],
        }
      : { chunks: say(ANSWER, 12) },
}
