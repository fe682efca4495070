import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { ConfirmationCard } from '../src'
import type { ConfirmationDecision } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, StateGrid, useRecordedEntry } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { kitStrings } from './support/story-context'
import { endOfCall } from './support/use-recorded-store'

// Two bash calls; the recorded answer approved the first with edited arguments and denied the second.
const SEVERAL = recordedScript('confirmation')
// One delete_file call; the recorded answer denied it.
const SINGLE = recordedScript('all-denied')

/** The decision the user really sent for this call, from the script's recorded answer. */
function recordedDecision(script: RecordedScript, toolCallId: string): ConfirmationDecision | undefined {
  for (const request of script.requests) {
    if (request.kind !== 'confirm') continue
    const decision = request.decisions.find((candidate) => candidate.toolCallId === toolCallId)
    if (decision !== undefined) return decision
  }
  return undefined
}

interface PendingCardProps {
  readonly script: RecordedScript
  readonly index?: number
  readonly decided?: boolean
}

// The call as the model wrote it (before any edit), from the turn the replay built.
function PendingCard({ script, index = 0, decided = false, variant }: PendingCardProps & { readonly variant?: 'card' | 'inline' }) {
  const entry = useRecordedEntry('tool_use', index)
  const [decision, setDecision] = useState<ConfirmationDecision | undefined>(undefined)
  if (entry === undefined) return null
  const toolCall = entry.editedFrom ?? entry.block
  const shown = decision ?? (decided ? recordedDecision(script, toolCall.id) : undefined)
  return <ConfirmationCard toolCall={toolCall} decision={shown} onDecide={setDecision} variant={variant} />
}

function Card({ script, index, decided }: PendingCardProps) {
  return (
    <RecordedStory script={script} until={decided ? undefined : endOfCall(script, 0)}>
      <PendingCard script={script} index={index} decided={decided} />
    </RecordedStory>
  )
}

/** One tool call waiting for the user: approve, deny, edit its arguments or always allow. */
const meta = {
  title: 'Cards/ConfirmationCard',
  component: ConfirmationCard,
} satisfies Meta<typeof ConfirmationCard>

export default meta
type Story = StoryObj

/** The delete_file call of the all-denied scenario, waiting. */
export const Single: Story = { render: () => <Card script={SINGLE} /> }

/** The first of the two bash calls, waiting. */
export const OneOfSeveral: Story = { render: () => <Card script={SEVERAL} /> }

/** Editing the arguments: validated as JSON, with a diff. */
export const Editing: Story = {
  render: () => <Card script={SEVERAL} />,
  play: async ({ canvasElement, globals }) => {
    const strings = kitStrings(globals)
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: strings.edit }))
    const editor = await canvas.findByRole('textbox', { name: strings.toolArguments })
    await userEvent.clear(editor)
    await userEvent.click(editor)
    await userEvent.paste('{\n  "command": "rm -rf ./build/cache"\n}')
  },
}

/** Arguments that are not JSON: the error is announced and approving is disabled. */
export const InvalidArguments: Story = {
  render: () => <Card script={SEVERAL} />,
  play: async ({ canvasElement, globals }) => {
    const strings = kitStrings(globals)
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: strings.edit }))
    const editor = await canvas.findByRole('textbox', { name: strings.toolArguments })
    await userEvent.click(editor)
    await userEvent.paste(' trailing')
  },
}

/** "Always allow": the exact rule is shown before it is saved. */
export const AlwaysAllow: Story = {
  render: () => <Card script={SEVERAL} />,
  play: async ({ canvasElement, globals }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: kitStrings(globals).alwaysAllow }))
  },
}

/** After the recorded answer: approved with edited arguments. */
/** The variant a tool card embeds: its header and arguments are the card's, so only the actions show. */
export const Inline: Story = {
  render: () => (
    <RecordedStory script={SINGLE} until={endOfCall(SINGLE, 0)}>
      <PendingCard script={SINGLE} variant="inline" />
    </RecordedStory>
  ),
}

export const ApprovedWithEdits: Story = { render: () => <Card script={SEVERAL} decided /> }

/** After the recorded answer: denied. */
export const Denied: Story = { render: () => <Card script={SEVERAL} index={1} decided /> }

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'Single', node: <Card script={SINGLE} /> },
        { label: 'One of several', node: <Card script={SEVERAL} /> },
        { label: 'Approved with edits', node: <Card script={SEVERAL} decided /> },
        { label: 'Denied', node: <Card script={SEVERAL} index={1} decided /> },
        { label: 'Single, denied', node: <Card script={SINGLE} decided /> },
      ]}
    />
  ),
}
