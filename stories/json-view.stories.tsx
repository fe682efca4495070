import type { Meta, StoryObj } from '@storybook/react-vite'
import { JsonView } from '../src'
import { StateGrid } from './support/recorded-story'

// `{"level":{"level":…}}` nested `depth` deep, as a hostile or runaway tool call can send.
function nested(depth: number): unknown {
  let value: unknown = 'the bottom'
  for (let level = 0; level < depth; level++) value = { level: value }
  return value
}

const WIDE = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`key${index}`, index]))

const STATES = {
  Flat: () => <JsonView value={{ command: 'rm -rf ./build', timeout: 30, dryRun: false, cwd: null }} />,
  Nested: () => <JsonView value={{ query: 'agent memory', filters: { year: 2025, venues: ['NeurIPS', 'ICLR'] }, limit: 3 }} />,
  FiveThousandLevels: () => <JsonView value={nested(5_000)} />,
  HundredThousandKeys: () => <JsonView value={WIDE} />,
  LongString: () => <JsonView value={{ patch: 'diff --git a/src/app.ts b/src/app.ts\n'.repeat(60) }} />,
} as const

/** Tool arguments and output as keys and values: deep levels fold behind "…", large ones behind "show all". */
const meta = {
  title: 'Parts/JsonView',
  component: JsonView,
} satisfies Meta<typeof JsonView>

export default meta
type Story = StoryObj

export const Flat: Story = { render: STATES.Flat }
export const Nested: Story = { render: STATES.Nested }
/** 5,000 levels: the first render shows four, then "…"; each click opens four more. */
export const FiveThousandLevels: Story = { render: STATES.FiveThousandLevels }
/** 100,000 keys: forty shown, "show all" for the rest. */
export const HundredThousandKeys: Story = { render: STATES.HundredThousandKeys }
export const LongString: Story = { render: STATES.LongString }

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
