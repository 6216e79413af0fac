/** Paging: the total of a list from one of its pages. */

/**
 * How many items the whole list has, given one page of it: a page shorter than `limit` that is
 * not past the end shows where the list ends; only a full page, or an empty page after the
 * first, needs `countAll` (one query saved on every last or only page).
 */
export async function totalOfPage(
  page: { readonly length: number },
  limit: number,
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  const ended = page.length < limit && (page.length > 0 || offset === 0);
  return ended ? offset + page.length : countAll();
}
