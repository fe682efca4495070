import type { Meta, StoryObj } from '@storybook/react-vite'
import { AgentIdentity } from '../src'
import { StateGrid } from './support/recorded-story'

const STATES = {
  Assistant: () => <AgentIdentity name="assistant" />,
  Replying: () => <AgentIdentity name="assistant" status="streaming" />,
  Subagent: () => <AgentIdentity name="researcher" status="completed" />,
  ChineseName: () => <AgentIdentity name="研究员" status="awaiting_confirmation" />,
} as const

/** Who speaks on a turn or a subagent lane: an initial avatar, the name and, when given, the status. */
const meta = {
  title: 'Parts/AgentIdentity',
  component: AgentIdentity,
} satisfies Meta<typeof AgentIdentity>

export default meta
type Story = StoryObj

export const Assistant: Story = { render: STATES.Assistant }
export const Replying: Story = { render: STATES.Replying }
export const Subagent: Story = { render: STATES.Subagent }
export const ChineseName: Story = { render: STATES.ChineseName }

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
