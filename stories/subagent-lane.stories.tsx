import type { Meta, StoryObj } from '@storybook/react-vite'
import { SubagentLaneView, useSubagentKeys } from '../src'
import { RecordedStory, RecordedToolCall, StateGrid } from './support/recorded-story'
import type { RecordedStoreOptions } from './support/use-recorded-store'
import { recordedScript } from './support/scripts'
import { nthEvent } from './support/use-recorded-store'

// agent_spawn runs a researcher subagent (events with `source`) next to a web_search call.
const SUBAGENT = recordedScript('subagent')
const CHILD_MID_REPLY = nthEvent('TEXT_BLOCK_DELTA', 1, (event) => Boolean(event.source))

function FirstLane({ defaultOpen }: { readonly defaultOpen?: boolean }) {
  const [scopeKey] = useSubagentKeys()
  return scopeKey === undefined ? null : <SubagentLaneView scopeKey={scopeKey} defaultOpen={defaultOpen} />
}

function Lane({ defaultOpen, ...options }: RecordedStoreOptions & { readonly defaultOpen?: boolean }) {
  return (
    <RecordedStory script={SUBAGENT} {...options}>
      <FirstLane defaultOpen={defaultOpen} />
    </RecordedStory>
  )
}

/** A subagent's own turns, grouped under the tool call that spawned it. */
const meta = {
  title: 'Cards/SubagentLane',
  component: SubagentLaneView,
} satisfies Meta<typeof SubagentLaneView>

export default meta
type Story = StoryObj

/** Held open while the researcher writes its reply. */
export const Streaming: Story = { render: () => <Lane until={CHILD_MID_REPLY} /> }

export const Done: Story = { render: () => <Lane /> }

export const Collapsed: Story = { render: () => <Lane defaultOpen={false} /> }

/** The lane inside the agent_spawn card, where `<AgentChat>` shows it. */
export const InToolCallCard: Story = {
  render: () => (
    <RecordedStory script={SUBAGENT}>
      <RecordedToolCall name="agent_spawn" />
    </RecordedStory>
  ),
}

/** The whole scenario replayed live, 150 ms per event, inside the agent_spawn card. */
export const Live: Story = {
  render: () => (
    <RecordedStory script={SUBAGENT} pace={{ deltaMs: 150 }}>
      <RecordedToolCall name="agent_spawn" />
    </RecordedStory>
  ),
}

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'Streaming', node: <Lane until={CHILD_MID_REPLY} /> },
        { label: 'Done', node: <Lane /> },
        { label: 'Collapsed', node: <Lane defaultOpen={false} /> },
      ]}
    />
  ),
}
