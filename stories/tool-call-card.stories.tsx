import type { Meta, StoryObj } from '@storybook/react-vite'
import { ToolCallCard } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedStory, RecordedToolCall, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { endOfCall, nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

const TOOL_CALL = recordedScript('tool-call')
const TOOL_ERROR = recordedScript('tool-error')
const TOOL_IMAGE = recordedScript('tool-image')
const LONG_RUNNING = recordedScript('long-running')
const INTERRUPTED = recordedScript('interrupted')
// The user approved the first bash call with edited arguments and denied the second.
const CONFIRMATION = recordedScript('confirmation')
const EXTERNAL = recordedScript('external-execution')

interface CardProps extends RecordedStoreOptions {
  readonly script: RecordedScript
  readonly name: string
  readonly nth?: number
}

function Card({ script, name, nth, ...options }: CardProps) {
  return (
    <RecordedStory script={script} {...options}>
      <RecordedToolCall name={name} nth={nth} />
    </RecordedStory>
  )
}

const STATES = {
  StreamingArguments: () => <Card script={TOOL_CALL} name="get_weather" until={nthEvent('TOOL_CALL_DELTA', 4)} />,
  AwaitingConfirmation: () => <Card script={CONFIRMATION} name="bash" until={endOfCall(CONFIRMATION, 0)} />,
  Running: () => <Card script={LONG_RUNNING} name="run_tests" until={nthEvent('TOOL_RESULT_TEXT_DELTA', 4)} />,
  Success: () => <Card script={TOOL_CALL} name="get_weather" />,
  Error: () => <Card script={TOOL_ERROR} name="get_stock_price" />,
  Denied: () => <Card script={CONFIRMATION} name="bash" nth={1} />,
  Interrupted: () => <Card script={INTERRUPTED} name="run_tests" />,
  AwaitingExternal: () => <Card script={EXTERNAL} name="browser_read_page" until={endOfCall(EXTERNAL, 0)} />,
  Edited: () => <Card script={CONFIRMATION} name="bash" />,
  WithImageOutput: () => <Card script={TOOL_IMAGE} name="render_chart" />,
} as const

/** A tool call: live arguments, live output and a terminal state, from recorded scripts replayed into a real store. */
const meta = {
  title: 'Cards/ToolCallCard',
  component: ToolCallCard,
} satisfies Meta<typeof ToolCallCard>

export default meta
// The stories render from the replayed store, so they take no args.
type Story = StoryObj

/** Held open after the fifth `__fragment__` of the arguments: the raw JSON so far. */
export const StreamingArguments: Story = { render: STATES.StreamingArguments }

/** The call paused for the user's confirmation (end of the first call). */
export const AwaitingConfirmation: Story = { render: STATES.AwaitingConfirmation }

/** Held open while run_tests streams its output. */
export const Running: Story = { render: STATES.Running }

/** run_tests replayed live, 120 ms per event: press nothing, watch the output grow. */
export const RunningLive: Story = { render: () => <Card script={LONG_RUNNING} name="run_tests" pace={{ deltaMs: 120 }} /> }

export const Success: Story = { render: STATES.Success }

/** The tool threw: an `error` result. */
export const Error: Story = { render: STATES.Error }

/** The user denied it: the result is synthesized from USER_CONFIRM_RESULT (denials are silent on the wire). */
export const Denied: Story = { render: STATES.Denied }

/** The user stopped the run while the tool streamed (recorded from the scripted server's interrupt endpoint). */
export const Interrupted: Story = { render: STATES.Interrupted }

/** Held open mid-output, then stopped: the replay transport ends the run as an interrupted server does. */
export const StoppedByTheStore: Story = {
  render: () => <Card script={LONG_RUNNING} name="run_tests" until={nthEvent('TOOL_RESULT_TEXT_DELTA', 4)} stop />,
}

/** A tool the client runs itself: suspended, waiting for its result. */
export const AwaitingExternal: Story = { render: STATES.AwaitingExternal }

/** Approved with edited arguments: the card shows the change against the model's arguments. */
export const Edited: Story = { render: STATES.Edited }

export const WithImageOutput: Story = { render: STATES.WithImageOutput }

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
