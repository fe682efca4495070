// ESLint (flat config): the recommended JavaScript and TypeScript rules, and React's rules of hooks.
// `npm run lint`; formatting is Prettier's (`npm run format:check`), so no stylistic rules here.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'dist-demo/', 'storybook-static/', 'coverage/', 'bench/results/', 'examples/**/target/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      // `_name` marks a binding left unused on purpose (a destructured field dropped from a rest object)
      // the kit rejects and strips control characters in URLs and markdown on purpose
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
)
