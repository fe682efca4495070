import type { Meta, StoryObj } from '@storybook/react-vite'
import { ErrorBanner } from '../src'
import type { AgentStore } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { endOfCall } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

// A message sent while another tab streamed in the same session: the server's recorded 409, through the SSE transport.
const HTTP_ERROR = recordedScript('http-error')
// The model stream broke off: no AGENT_RESULT, no AGENT_END.
const INCOMPLETE = recordedScript('error-midway')
const CONFIRMATION = recordedScript('confirmation')
// Derived from plain-text with two unreadable events (the scripted server never sends any): see its `note`.
const WARNINGS = recordedScript('warnings')

// While the agent waits for a confirmation, the store refuses a new message.
const sendWhileAsked = (store: AgentStore) =>
  store
    .getState()
    .send('One more thing…')
    .catch(() => {})

// A block whose renderer threw, as its error boundary reports it, beside the unreadable events.
const reportRenderFailure = (store: AgentStore) => store.getState().reportError(new Error('A custom Text renderer threw'), 'block text')

function Banner({ script, ...options }: RecordedStoreOptions & { readonly script: RecordedScript }) {
  return (
    <RecordedStory script={script} {...options}>
      <ErrorBanner />
    </RecordedStory>
  )
}

const STATES = {
  HttpError: () => <Banner script={HTTP_ERROR} />,
  IncompleteStream: () => <Banner script={INCOMPLETE} />,
  Refused: () => <Banner script={CONFIRMATION} until={endOfCall(CONFIRMATION, 0)} then={sendWhileAsked} />,
  Warnings: () => <Banner script={WARNINGS} />,
  MixedWarnings: () => <Banner script={WARNINGS} then={reportRenderFailure} />,
} as const

/** What went wrong with the last action, with retry for a failed run and dismiss for everything. */
const meta = {
  title: 'Chat/ErrorBanner',
  component: ErrorBanner,
} satisfies Meta<typeof ErrorBanner>

export default meta
type Story = StoryObj

/** HTTP 409 before any event, with retry. */
export const HttpError: Story = { render: STATES.HttpError }

/** The stream closed before AGENT_END, with retry. */
export const IncompleteStream: Story = { render: STATES.IncompleteStream }

/** A message sent while the agent waits for a confirmation: refused, dismiss only. */
export const Refused: Story = { render: STATES.Refused }

/** Two events the kit could not read were skipped and counted. */
export const Warnings: Story = { render: STATES.Warnings }

/** Unreadable events and a part that could not be shown: each kind of warning worded for what it is. */
export const MixedWarnings: Story = { render: STATES.MixedWarnings }

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
