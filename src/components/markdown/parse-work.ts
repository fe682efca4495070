/**
 * A running count of the parser's inner-loop steps (characters scanned, pieces visited, nodes built), never
 * reset. Tests compare how much it grows at sizes n and 8n, which proves linear work without timing a
 * shared machine. One addition per step: it costs nothing worth measuring.
 */
export const PARSE_WORK = { steps: 0 }
