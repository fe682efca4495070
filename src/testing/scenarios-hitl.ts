/** Scenarios that pause the call: confirmation of tool calls, and tools the client runs itself. */
import { hashString } from './seeded-random'
import { callTool, resultText, say, type Scenario } from './scenario'

function command(input: Readonly<Record<string, unknown>>): string {
  return typeof input.command === 'string' ? input.command : ''
}

/** Two bash calls that need confirmation, each approved, denied, edited or always allowed (user-confirm fixture). */
export const CONFIRMATION: Scenario = {
  name: 'confirmation',
  keyword: 'clean',
  description: 'Two bash calls that need your confirmation (approve, deny, edit the arguments or always allow each), ' + 'then the rest of the turn.',
  tools: {
    bash: {
      permission: 'ask',
      run: (input) => {
        const line = command(input)
        const files = 200 + (hashString(line) % 1800)
        const removeTree = /^rm -rf (\S+)$/.exec(line)
        const removeFiles = /^rm -f (\S+)$/.exec(line)
        let output: string
        if (removeTree !== null) output = `removed ${removeTree[1]} (${files} files, ${(files / 13.3).toFixed(1)} MB)`
        else if (removeFiles !== null) output = `removed ${files % 9} files matching ${removeFiles[1]}`
        else output = `$ ${line}\n(no output)`
        return { output: [{ type: 'text', text: `${output}\nexit code: 0` }], duration: 8 }
      },
    },
  },
  reason: (step) => {
    if (step.index === 0) {
      return {
        chunks: [
          ...say("I'll clean the build output and the temporary logs.", 20),
          ...callTool('build', 'bash', ['{"command":"rm', ' -rf ./build"}']),
          ...callTool('logs', 'bash', ['{"command":"rm -f', ' /tmp/app-*.log"}']),
        ],
      }
    }
    const sentences = step.results.map((result, index) => {
      const line = command(step.calls[index]?.input ?? {})
      if (result.state === 'denied') return `I left \`${line}\` alone since you declined that step.`
      const firstLine = resultText(result).split('\n')[0] ?? ''
      return result.state === 'success' ? `Done — \`${line}\`: ${firstLine}.` : `\`${line}\` failed: ${firstLine}`
    })
    return { chunks: say(sentences.join(' '), 4) }
  },
}

/** Denying the only call ends the turn with ALL_TOOLS_DENIED forwarded by a middleware (all-tools-denied fixture). */
export const ALL_DENIED: Scenario = {
  name: 'all-denied',
  keyword: 'delete',
  description: 'A delete_file call that needs confirmation; denying it ends the turn with ALL_TOOLS_DENIED and REQUEST_STOP.',
  allDenied: 'stop',
  tools: {
    delete_file: {
      permission: 'ask',
      run: (input) => ({ output: [{ type: 'text', text: `deleted ${String(input.path)} (2.4 MB)` }], duration: 4 }),
    },
  },
  reason: (step) =>
    step.index === 0
      ? { chunks: callTool('file', 'delete_file', ['{"path":"/srv/dat', 'a/customers.csv"}']) }
      : { chunks: say(`Done: ${step.results.map(resultText).join('; ')}.`) },
}

/** A tool the client runs: suspended result, REQUIRE_EXTERNAL_EXECUTION, then a resume with its result. */
export const EXTERNAL_EXECUTION: Scenario = {
  name: 'external-execution',
  keyword: 'browser',
  description: 'A browser_read_page call the client runs itself (REQUIRE_EXTERNAL_EXECUTION); send its result to resume.',
  tools: { browser_read_page: { permission: 'external' } },
  reason: (step) => {
    if (step.index === 0) {
      return {
        chunks: [
          ...say('I need to read the pricing page in your browser session.', 20),
          ...callTool('page', 'browser_read_page', ['{"url":"https://exam', 'ple.com/pricing","selector":"main"}']),
        ],
      }
    }
    const result = step.results[0]
    const text = result === undefined ? '' : resultText(result).trim()
    if (result?.state !== 'success' || text === '') {
      return { chunks: say(`I couldn't read the page (the browser returned state "${result?.state ?? 'none'}").`, 4) }
    }
    const excerpt = text.length > 280 ? `${text.slice(0, 280)}…` : text
    return { chunks: say(`Here is what the page says: ${excerpt}`, 4) }
  },
}
