import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, waitFor } from 'storybook/test'
import { UsageBadge, useAgentStream, useTurn } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

const PLAIN = recordedScript('plain-text')
// Two model calls, the second with cached tokens.
const USAGE = recordedScript('usage')
// Two turns: the paused call and the resumed one.
const CONFIRMATION = recordedScript('confirmation')

function TurnUsage({ turn }: { readonly turn: number }) {
  const found = useTurn(turn)
  if (found === undefined) return null
  return <UsageBadge usage={found.usage} modelCalls={found.modelCalls} />
}

function ConversationUsage() {
  const { usage } = useAgentStream()
  return <UsageBadge usage={usage} />
}

interface BadgeProps extends RecordedStoreOptions {
  readonly script: RecordedScript
  readonly turn?: number
}

function Badge({ script, turn = 0, ...options }: BadgeProps) {
  return (
    <RecordedStory script={script} {...options}>
      <TurnUsage turn={turn} />
    </RecordedStory>
  )
}

/** Token usage of a turn (summed over its model calls, from MODEL_CALL_END), each call on demand. */
const meta = {
  title: 'Cards/UsageBadge',
  component: UsageBadge,
} satisfies Meta<typeof UsageBadge>

export default meta
type Story = StoryObj

export const OneModelCall: Story = { render: () => <Badge script={PLAIN} /> }

/** Two model calls, opened to list each; the second reports cached tokens. */
export const TwoModelCalls: Story = {
  render: () => <Badge script={USAGE} />,
  // UsageBadgeProps takes HTMLAttributes<HTMLDetailsElement>, which has no `open`, so it is opened the way a reader does.
  play: async ({ canvasElement }) => {
    const summary = await waitFor(() => {
      const found = canvasElement.querySelector('summary')
      if (found === null) throw new Error('no usage yet')
      return found
    })
    await userEvent.click(summary)
  },
}

/** Held open after the first MODEL_CALL_END: the total so far while the turn streams. */
export const WhileStreaming: Story = { render: () => <Badge script={USAGE} until={nthEvent('MODEL_CALL_END', 0)} /> }

/** The whole conversation (`useAgentStream().usage`): both turns of the confirmation round trip. */
export const Conversation: Story = {
  render: () => (
    <RecordedStory script={CONFIRMATION}>
      <ConversationUsage />
    </RecordedStory>
  ),
}

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'One model call', node: <Badge script={PLAIN} /> },
        { label: 'Two model calls', node: <Badge script={USAGE} /> },
        { label: 'While streaming', node: <Badge script={USAGE} until={nthEvent('MODEL_CALL_END', 0)} /> },
        {
          label: 'Conversation',
          node: (
            <RecordedStory script={CONFIRMATION}>
              <ConversationUsage />
            </RecordedStory>
          ),
        },
      ]}
    />
  ),
}
