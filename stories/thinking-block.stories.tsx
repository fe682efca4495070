import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThinkingBlockView } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedEntry, RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

const THINKING = recordedScript('thinking')
const USAGE = recordedScript('usage')
const MID_THOUGHT = nthEvent('THINKING_BLOCK_DELTA', 2)

interface ThinkingProps extends RecordedStoreOptions {
  readonly script: RecordedScript
  readonly nth?: number
  readonly defaultOpen?: boolean
}

function Thinking({ script, nth = 0, defaultOpen, ...options }: ThinkingProps) {
  return (
    <RecordedStory script={script} {...options}>
      <RecordedEntry kind="thinking" nth={nth}>
        {(entry) => <ThinkingBlockView entry={entry} defaultOpen={defaultOpen} />}
      </RecordedEntry>
    </RecordedStory>
  )
}

/** The model's reasoning: open while it streams, closed once sealed. */
const meta = {
  title: 'Blocks/ThinkingBlock',
  component: ThinkingBlockView,
} satisfies Meta<typeof ThinkingBlockView>

export default meta
type Story = StoryObj

/** Held open after the third thinking delta: the block is open and live. */
export const Streaming: Story = { render: () => <Thinking script={THINKING} until={MID_THOUGHT} /> }

/** THINKING_BLOCK_END arrived (lazily, when the text started): closed, with its duration. */
export const Sealed: Story = { render: () => <Thinking script={THINKING} /> }

/** Sealed, opened by default. */
export const SealedOpen: Story = { render: () => <Thinking script={THINKING} defaultOpen /> }

/** The second thinking block of the usage scenario, after a tool call. */
export const SecondModelCall: Story = { render: () => <Thinking script={USAGE} nth={1} defaultOpen /> }

/** Replayed live at 150 ms per event. */
export const Live: Story = { render: () => <Thinking script={THINKING} pace={{ deltaMs: 150 }} /> }

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'Streaming', node: <Thinking script={THINKING} until={MID_THOUGHT} /> },
        { label: 'Sealed', node: <Thinking script={THINKING} /> },
        { label: 'Sealed, open', node: <Thinking script={THINKING} defaultOpen /> },
        { label: 'Second model call', node: <Thinking script={USAGE} nth={1} defaultOpen /> },
      ]}
    />
  ),
}
