// Loaded only when the inspector is opened: the inspector entry and its stylesheet are a chunk of their own.
import { AgentInspector, ReadOnlyChat } from '../inspector'
import '../inspector/inspector.css'

export { AgentInspector, ReadOnlyChat }
