// Characters a name could hide or reorder itself with: C0 and C1 controls, bidirectional marks, embeddings,
// overrides and isolates, zero-width and other invisible characters (tag characters included). A tool called
// `read_file\u202E…` would otherwise show its tail reversed on the card the user approves.
const HIDDEN =
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2069\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]/gu

/**
 * A name from the model or the server (a tool's, an agent's) as it may be shown: each control, bidirectional or
 * invisible character spelled out as ⟨U+202E⟩. Shown inside a `<bdi>`, so that right-to-left letters in it stay
 * inside it too.
 */
export function visibleName(name: string): string {
  return name.replace(HIDDEN, (character) => `⟨U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

/** A name for the file saved to disk: without the characters that could make `…exe` read as `…pdf`. */
export function savedName(name: string): string {
  return name.replace(HIDDEN, '')
}
