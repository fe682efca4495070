import type { Meta, StoryObj } from '@storybook/react-vite'
import { TextBlockView } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedEntry, RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

const PLAIN = recordedScript('plain-text')
const LONG = recordedScript('long-answer')
// In the long answer, text delta 209 opens the first code fence and 268 closes it.
const MID_PROSE = nthEvent('TEXT_BLOCK_DELTA', 120)
const MID_CODE_FENCE = nthEvent('TEXT_BLOCK_DELTA', 240)

function Text({ script, ...options }: RecordedStoreOptions & { readonly script: RecordedScript }) {
  return (
    <RecordedStory script={script} {...options}>
      <RecordedEntry kind="text">{(entry) => <TextBlockView entry={entry} />}</RecordedEntry>
    </RecordedStory>
  )
}

/** A text block as markdown; its props come from a recorded script replayed into a real store. */
const meta = {
  title: 'Blocks/TextBlock',
  component: TextBlockView,
} satisfies Meta<typeof TextBlockView>

export default meta
// The stories render from the replayed store, so they take no args.
type Story = StoryObj

/** Frozen mid-answer: the stream is held open after text delta 120 of the long answer. */
export const Streaming: Story = { render: () => <Text script={LONG} until={MID_PROSE} /> }

/** Frozen inside an unclosed code fence: the fence renders as code while it streams. */
export const StreamingInCodeFence: Story = { render: () => <Text script={LONG} until={MID_CODE_FENCE} /> }

/** The short plain-text reply, finished. */
export const Done: Story = { render: () => <Text script={PLAIN} /> }

/** The long answer (cut to commit size), finished: headings, lists, tables, code and quotes. */
export const WithCodeAndTable: Story = { render: () => <Text script={LONG} /> }

/** The long answer replayed live, two deltas every 16 ms. */
export const Live: Story = { render: () => <Text script={LONG} pace={{ deltaMs: 16, burst: 2 }} /> }

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'Streaming', node: <Text script={LONG} until={MID_PROSE} /> },
        { label: 'Streaming in a code fence', node: <Text script={LONG} until={MID_CODE_FENCE} /> },
        { label: 'Done', node: <Text script={PLAIN} /> },
        { label: 'With code and table', node: <Text script={LONG} /> },
      ]}
    />
  ),
}
