// Event-log inspector: paste or open a recorded AgentScope event log (a JSON array of events, or
// an SSE body) and see the messages the core rebuilds from it. The live demo replaces this page
// once the components exist.
import { replayEvents } from '../core'

const root = document.getElementById('root') as HTMLElement
root.setAttribute('data-agentscope', '')
root.innerHTML = `
  <h1>AgentScope event log inspector</h1>
  <p>Paste a JSON array of AgentEvents, or an SSE body (<code>data:</code> lines), then Replay.</p>
  <textarea id="log" rows="12" cols="100" aria-label="Event log"></textarea>
  <p><input id="file" type="file" accept=".json,.sse,.txt" aria-label="Open a log file" />
  <button id="replay" type="button">Replay</button></p>
  <p id="errors" role="status"></p>
  <pre id="snapshot"></pre>`

const log = root.querySelector('#log') as HTMLTextAreaElement
const errors = root.querySelector('#errors') as HTMLElement
const output = root.querySelector('#snapshot') as HTMLElement

function valuesOf(text: string): unknown[] {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as unknown[]
  const values: unknown[] = []
  for (const line of trimmed.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('data:')) continue
    try {
      values.push(JSON.parse(line.slice(5)))
    } catch {
      values.push(line)
    }
  }
  return values
}

function replay(): void {
  const problems: string[] = []
  try {
    const snapshot = replayEvents(valuesOf(log.value), {
      onError: (error, index) => problems.push(`#${index}: ${error.message}`),
    })
    output.textContent = JSON.stringify(snapshot, null, 2)
  } catch (error) {
    problems.push(String(error))
  }
  errors.textContent = problems.length === 0 ? 'No invalid events.' : problems.join('\n')
}

root.querySelector('#replay')?.addEventListener('click', replay)
root.querySelector('#file')?.addEventListener('change', async (event) => {
  const file = (event.target as HTMLInputElement).files?.[0]
  if (file !== undefined) log.value = await file.text()
  replay()
})
