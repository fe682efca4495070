import type { Decorator, Preview } from '@storybook/react-vite'
import { AgentLocaleContext } from '../src'
import type { AgentLocale } from '../src'
import '../src/components/styles.css'
import '../src/components/markdown/markdown.css'

// The kit's CSS is scoped under [data-agentscope]: every story renders inside one, themed from the toolbar.
const withAgentScope: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  const locale: AgentLocale = context.globals.locale === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <AgentLocaleContext.Provider value={locale}>
      <div data-agentscope="" data-theme={theme} lang={locale} style={{ padding: 16, minHeight: '100vh' }}>
        <Story />
      </div>
    </AgentLocaleContext.Provider>
  )
}

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
  globalTypes: {
    theme: {
      description: 'The kit theme (data-theme)',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'The kit locale',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'zh-CN', title: '简体中文' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  decorators: [withAgentScope],
}

export default preview
