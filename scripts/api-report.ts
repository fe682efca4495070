/**
 * The public API report, one per entry (etc/agentscope-react.api.md, etc/agentscope-react-core.api.md,
 * etc/agentscope-react-testing.api.md), made by Microsoft API Extractor from the built declarations (`npm run build`
 * first). `npm run api:check` fails when the API differs from the committed report; `npm run api:update` rewrites
 * the reports, to be reviewed and committed with the change that made them differ.
 */
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const ENTRIES = [
  { declarations: 'dist/types/index.d.ts', report: 'agentscope-react.api.md' },
  { declarations: 'dist/types/core.d.ts', report: 'agentscope-react-core.api.md' },
  { declarations: 'dist/types/testing.d.ts', report: 'agentscope-react-testing.api.md' },
  { declarations: 'dist/types/inspector.d.ts', report: 'agentscope-react-inspector.api.md' },
]
const update = process.argv.includes('--update')

mkdirSync(resolve(ROOT, 'etc'), { recursive: true })
let failed = false
for (const entry of ENTRIES) {
  const configObject: IConfigFile = {
    projectFolder: ROOT,
    mainEntryPointFilePath: `<projectFolder>/${entry.declarations}`,
    compiler: { overrideTsconfig: { compilerOptions: { lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'], skipLibCheck: true } } },
    apiReport: {
      enabled: true,
      reportFileName: entry.report,
      reportFolder: '<projectFolder>/etc/',
      reportTempFolder: '<projectFolder>/node_modules/.cache/api-extractor/',
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // The report lists what the entry exports; which comments and release tags it has is not what it checks.
      extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
    },
  }
  const config = ExtractorConfig.prepare({ configObject, configObjectFullPath: undefined, packageJsonFullPath: resolve(ROOT, 'package.json') })
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      if (message.logLevel !== ExtractorLogLevel.Error && message.logLevel !== ExtractorLogLevel.Warning) message.handled = true
    },
  })
  if (result.apiReportChanged && !update) {
    console.error(`The public API of ${entry.declarations} differs from etc/${entry.report}: run \`npm run api:update\`, review and commit it.`)
    failed = true
  } else if (!result.succeeded) failed = true
}
if (failed) process.exitCode = 1
