import type { Preview } from '@storybook/react-vite'
import '../src/components/styles.css'

const preview: Preview = {
  parameters: { layout: 'padded' },
}

export default preview
