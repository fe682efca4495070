import type { Meta, StoryObj } from '@storybook/react-vite'
import { within } from 'storybook/test'
import { Composer } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { kitStrings } from './support/story-context'
import { endOfCall, nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

// Nothing is sent by itself: a message typed here replays the recorded plain-text reply.
const PLAIN = recordedScript('plain-text')
const LONG_RUNNING = recordedScript('long-running')
const CONFIRMATION = recordedScript('confirmation')
const EXTERNAL = recordedScript('external-execution')
const IMAGE = recordedScript('generated-image')

function ComposerOf({ script, ...options }: RecordedStoreOptions & { readonly script: RecordedScript }) {
  return (
    <RecordedStory script={script} {...options}>
      <Composer />
    </RecordedStory>
  )
}

// The PNG the generated-image scenario streamed, as a file to attach.
function recordedPng(): File {
  const chunks = IMAGE.calls[0]?.filter((event) => (event as { type?: unknown }).type === 'DATA_BLOCK_DELTA') ?? []
  const base64 = chunks.map((event) => String((event as { delta?: unknown }).delta ?? '')).join('')
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
  return new File([bytes], 'app-icon.png', { type: 'image/png' })
}

const STATES = {
  Idle: () => <ComposerOf script={PLAIN} manual={['message']} />,
  StreamingWithStop: () => <ComposerOf script={LONG_RUNNING} until={nthEvent('TOOL_RESULT_TEXT_DELTA', 4)} />,
  BlockedByConfirmation: () => <ComposerOf script={CONFIRMATION} until={endOfCall(CONFIRMATION, 0)} />,
  BlockedByExternalExecution: () => <ComposerOf script={EXTERNAL} until={endOfCall(EXTERNAL, 0)} />,
} as const

/** The message box: send, stop while the agent answers, attach files. */
const meta = {
  title: 'Chat/Composer',
  component: Composer,
} satisfies Meta<typeof Composer>

export default meta
type Story = StoryObj

/** Ready: type "hello" and send, and the recorded reply plays into the store. */
export const Idle: Story = { render: STATES.Idle }

/** Held open while run_tests streams: Stop interrupts the run through the replay transport. */
export const StreamingWithStop: Story = { render: STATES.StreamingWithStop }

/** The agent waits for a confirmation: sending is blocked until it is answered. */
export const BlockedByConfirmation: Story = { render: STATES.BlockedByConfirmation }

/** The agent waits for the result of a tool the client runs. */
export const BlockedByExternalExecution: Story = { render: STATES.BlockedByExternalExecution }

/** Two files dropped on the composer: an image (with a preview) and a text file. */
export const WithAttachments: Story = {
  render: STATES.Idle,
  play: async ({ canvasElement, globals }) => {
    const textbox = await within(canvasElement).findByRole('textbox', { name: kitStrings(globals).composerLabel })
    const form = textbox.closest('form')
    if (form === null) return
    const dataTransfer = new DataTransfer()
    dataTransfer.items.add(recordedPng())
    dataTransfer.items.add(new File(['Quarterly numbers, draft 2\n'], 'notes.txt', { type: 'text/plain' }))
    // A native event: testing-library's fireEvent copies only own properties of dataTransfer, and a real one has none.
    form.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }))
  },
}

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
