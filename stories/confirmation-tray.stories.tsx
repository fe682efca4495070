import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { ConfirmationTray } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { kitStrings } from './support/story-context'
import { endOfCall } from './support/use-recorded-store'

// delete_file alone; answering it replays the recorded denial (ALL_TOOLS_DENIED).
const SINGLE = recordedScript('all-denied')
// Two bash calls; answering replays the recorded answer (the first approved with edits, the second denied).
const SEVERAL = recordedScript('confirmation')

function Tray({ script }: { readonly script: RecordedScript }) {
  return (
    <RecordedStory script={script} until={endOfCall(script, 0)}>
      <ConfirmationTray />
    </RecordedStory>
  )
}

/** Everything the agent asked to confirm, one card per call, answered in one request. */
const meta = {
  title: 'Cards/ConfirmationTray',
  component: ConfirmationTray,
} satisfies Meta<typeof ConfirmationTray>

export default meta
type Story = StoryObj

/** One call waiting (the first call of the all-denied scenario). */
export const Single: Story = { render: () => <Tray script={SINGLE} /> }

/** Two calls waiting: approve or deny all, or answer each. */
export const Several: Story = { render: () => <Tray script={SEVERAL} /> }

/** The first of two calls approved; the tray waits for the second before it sends. */
export const PartlyAnswered: Story = {
  render: () => <Tray script={SEVERAL} />,
  play: async ({ canvasElement, globals }) => {
    const strings = kitStrings(globals)
    const [approve] = await within(canvasElement).findAllByRole('button', { name: strings.approve })
    if (approve !== undefined) await userEvent.click(approve)
  },
}

/** Editing the first call's arguments: the diff against the model's arguments updates as you type. */
export const Editing: Story = {
  render: () => <Tray script={SEVERAL} />,
  play: async ({ canvasElement, globals }) => {
    const strings = kitStrings(globals)
    const canvas = within(canvasElement)
    const [edit] = await canvas.findAllByRole('button', { name: strings.edit })
    if (edit === undefined) return
    await userEvent.click(edit)
    const editor = await canvas.findByRole('textbox', { name: strings.toolArguments })
    await userEvent.clear(editor)
    await userEvent.click(editor)
    await userEvent.paste('{\n  "command": "rm -rf ./build/cache"\n}')
  },
}

/** "Always allow": the rule is shown before it is saved. */
export const AlwaysAllow: Story = {
  render: () => <Tray script={SINGLE} />,
  play: async ({ canvasElement, globals }) => {
    const strings = kitStrings(globals)
    await userEvent.click(await within(canvasElement).findByRole('button', { name: strings.alwaysAllow }))
  },
}

export const AllStates: Story = {
  render: () => (
    <StateGrid
      cells={[
        { label: 'Single', node: <Tray script={SINGLE} /> },
        { label: 'Several', node: <Tray script={SEVERAL} /> },
      ]}
    />
  ),
}
