import type { Meta, StoryObj } from '@storybook/react-vite'
import { MediaView, resolveMedia } from '../src'
import { MediaPolicyContext } from '../src/components/media-policy'
import { StateGrid } from './support/recorded-story'

// A 1×1 PNG, inline: it shows at once as a thumbnail that opens a lightbox.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const inline = resolveMedia({ type: 'base64', media_type: 'image/png', data: PNG })!
const remoteImage = resolveMedia({ type: 'url', url: 'https://images.example.com/chart.png', mime_type: 'image/png' })!
const remoteAudio = resolveMedia({ type: 'url', url: 'https://media.example.com/briefing.mp3', mime_type: 'audio/mpeg' })!
const remoteVideo = resolveMedia({ type: 'url', url: 'https://media.example.com/demo.mp4', mime_type: 'video/mp4' })!
const download = resolveMedia({ type: 'url', url: 'https://files.example.com/report.pdf', mime_type: 'application/pdf' })!

const STATES = {
  InlineThumbnail: () => <MediaView media={inline} name="revenue-2025.png" />,
  RemoteImageWaitsForAClick: () => <MediaView media={remoteImage} name="chart.png" />,
  RemoteAudioWaitsForAClick: () => <MediaView media={remoteAudio} name="briefing.mp3" />,
  RemoteVideoWaitsForAClick: () => <MediaView media={remoteVideo} name="demo.mp4" />,
  AllowedOrigin: () => (
    <MediaPolicyContext.Provider value={{ allowOrigins: ['https://images.example.com'] }}>
      <MediaView media={remoteImage} name="chart.png" />
    </MediaPolicyContext.Provider>
  ),
  Download: () => <MediaView media={download} name="report.pdf" />,
} as const

/**
 * Media from tool results and data blocks: inline bytes as a thumbnail with a keyboard-closable lightbox; remote
 * URLs only on the reader's click (unless `mediaPolicy` allows the origin), always with no referrer.
 */
const meta = {
  title: 'Cards/MediaView',
  component: MediaView,
} satisfies Meta<typeof MediaView>

export default meta
type Story = StoryObj

/** Click the thumbnail: the image opens in a dialog; Escape or Close shuts it. */
export const InlineThumbnail: Story = { render: STATES.InlineThumbnail }
export const RemoteImageWaitsForAClick: Story = { render: STATES.RemoteImageWaitsForAClick }
export const RemoteAudioWaitsForAClick: Story = { render: STATES.RemoteAudioWaitsForAClick }
export const RemoteVideoWaitsForAClick: Story = { render: STATES.RemoteVideoWaitsForAClick }
/** `mediaPolicy={{ allowOrigins: ['https://images.example.com'] }}`: that origin loads at once. */
export const AllowedOrigin: Story = { render: STATES.AllowedOrigin }
export const Download: Story = { render: STATES.Download }

export const AllStates: Story = {
  render: () => <StateGrid cells={Object.entries(STATES).map(([label, State]) => ({ label, node: <State /> }))} />,
}
