import type { Meta, StoryObj } from '@storybook/react-vite'
import { DataBlockView } from '../src'
import type { RecordedScript } from './support/recorded-script'
import { RecordedEntry, RecordedStory, StateGrid } from './support/recorded-story'
import { recordedScript } from './support/scripts'
import { nthEvent } from './support/use-recorded-store'
import type { RecordedStoreOptions } from './support/use-recorded-store'

const IMAGE = recordedScript('generated-image')
// Derived from generated-image (the scripted server streams only PNGs): see each script's `note`.
const AUDIO = recordedScript('generated-audio')
const PDF = recordedScript('generated-pdf')
const HALF_THE_IMAGE = nthEvent('DATA_BLOCK_DELTA', 44)
const PART_OF_THE_AUDIO = nthEvent('DATA_BLOCK_DELTA', 90)

function Data({ script, ...options }: RecordedStoreOptions & { readonly script: RecordedScript }) {
  return (
    <RecordedStory script={script} {...options}>
      <RecordedEntry kind="data">{(entry) => <DataBlockView entry={entry} />}</RecordedEntry>
    </RecordedStory>
  )
}

/** A streamed media block (DATA_BLOCK_*): the media type is sniffed from the bytes, as the wire carries none. */
const meta = {
  title: 'Blocks/DataBlock',
  component: DataBlockView,
} satisfies Meta<typeof DataBlockView>

export default meta
type Story = StoryObj

/** Held open halfway through the base64 of the generated PNG. */
export const StreamingImage: Story = { render: () => <Data script={IMAGE} until={HALF_THE_IMAGE} /> }

export const DoneImage: Story = { render: () => <Data script={IMAGE} /> }

/** Held open partway through a WAV: the player appears with what has arrived. */
export const StreamingAudio: Story = { render: () => <Data script={AUDIO} until={PART_OF_THE_AUDIO} /> }

export const Audio: Story = { render: () => <Data script={AUDIO} /> }

/** A PDF is never shown inline: it becomes a download. */
export const DisallowedTypeAsDownload: Story = { render: () => <Data script={PDF} /> }

/** The generated image replayed live, 40 ms per chunk. */
export const Live: Story = { render: () => <Data script={IMAGE} pace={{ deltaMs: 40 }} /> }

export const AllStates: Story = {
  render: () => (
    <StateGrid
      columns={3}
      cells={[
        { label: 'Streaming image', node: <Data script={IMAGE} until={HALF_THE_IMAGE} /> },
        { label: 'Done image', node: <Data script={IMAGE} /> },
        { label: 'Streaming audio', node: <Data script={AUDIO} until={PART_OF_THE_AUDIO} /> },
        { label: 'Audio', node: <Data script={AUDIO} /> },
        { label: 'Disallowed type (download)', node: <Data script={PDF} /> },
      ]}
    />
  ),
}
