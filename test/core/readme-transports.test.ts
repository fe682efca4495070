import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { README, readmeWithTable } from '../interop/transport-table'

// The table is generated from what test/interop measures (npm run readme:transports): the README must carry it as is.
it("README's transport table is the one generated from the interop results", () => {
  const readme = readFileSync(README, 'utf8')
  expect(readme).toBe(readmeWithTable(readme))
})
