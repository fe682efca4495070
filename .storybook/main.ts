import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: { strictMode: true } },
  core: { disableTelemetry: true },
  // The static Storybook is a developer tool, not the package: its large chunks are Storybook's preview runtime
  // (with React and the kit, ~1.1 MB) and the recorded scripts the stories replay (~0.6 MB), loaded by every story;
  // its slowest build step is Storybook's react-docgen. Vite's warnings about them are turned off here; the
  // library build keeps both checks, and the package suite measures what apps actually load.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: {
      ...viteConfig.build,
      chunkSizeWarningLimit: 2_000,
      rolldownOptions: { ...viteConfig.build?.rolldownOptions, checks: { ...viteConfig.build?.rolldownOptions?.checks, pluginTimings: false } },
    },
  }),
}

export default config
