/** How many values one filter menu lists: Chromium takes time in the size of a `<select>` for each option added to it. */
export const MENU_LIMIT = 200

/** What one filter menu lists: at most `limit` values, the chosen one always among them, and how many were left out. */
export interface MenuChoices {
  readonly values: readonly string[]
  readonly omitted: number
}

/**
 * The values of a menu: all of them while they fit, else the `limit` most frequent (by `counts`) or the latest (the
 * last in `values`), plus the one chosen; in name order when `sorted`. A log that names thousands of types, agents or
 * calls keeps a menu that opens at once, and search finds the rest.
 */
export function menuChoices(
  values: readonly string[],
  options: { readonly counts?: ReadonlyMap<string, number>; readonly chosen: string | null; readonly sorted: boolean; readonly limit?: number },
): MenuChoices {
  const { counts, chosen, sorted, limit = MENU_LIMIT } = options
  let kept = values
  if (values.length > limit) {
    kept =
      counts === undefined
        ? values.slice(-limit)
        : [...values].sort((left, right) => (counts.get(right) ?? 0) - (counts.get(left) ?? 0)).slice(0, limit)
    if (chosen !== null && values.includes(chosen) && !kept.includes(chosen)) kept = [...kept, chosen]
  }
  return { values: sorted ? [...kept].sort() : kept, omitted: values.length - kept.length }
}
