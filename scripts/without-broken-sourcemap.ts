import { readFileSync } from 'node:fs'
import { sep } from 'node:path'
import type { Plugin } from 'vite'

// @microsoft/fetch-event-source ships source maps whose sources (its `src/*.ts`) are not in the package: Vite warns
// "points to missing source files" whenever it serves the module (every `npm test`). Loaded here without the
// map comment, it is mapped as the plain JavaScript it is.
export function withoutBrokenSourcemap(): Plugin {
  const folder = `${sep}node_modules${sep}@microsoft${sep}fetch-event-source${sep}`
  return {
    name: 'agentscope-react:fetch-event-source-without-sourcemap',
    load(id) {
      if (!id.includes(folder) || !id.endsWith('.js')) return null
      return { code: readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null }
    },
  }
}
