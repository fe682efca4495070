// A regex such as /[ \t]+$/ tries every position of a long run and scans the run from each one: quadratic on a
// model's 100,000 spaces. These read the run once, from the end inward.

/** Where the run of `characters` that ends `text` at `end` starts. */
export function runStart(text: string, characters: string, end = text.length): number {
  let start = end
  while (start > 0 && characters.includes(text[start - 1] as string)) start--
  return start
}

/** `text` without the `characters` that start and end it. */
export function trimRun(text: string, characters: string): string {
  let start = 0
  while (start < text.length && characters.includes(text[start] as string)) start++
  return start === text.length ? '' : text.slice(start, runStart(text, characters))
}

/** `text` without the `characters` that end it. */
export function trimRunEnd(text: string, characters: string): string {
  return text.slice(0, runStart(text, characters))
}
