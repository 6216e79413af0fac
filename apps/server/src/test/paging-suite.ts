/** The checks every paged list passes: default page, enforced maximum, a walk in pages of three. */
import { describe, expect, it } from 'vitest';

/** A list endpoint that pages with `limit` and `offset`. */
export interface PagedList {
  /** URL without paging parameters (may carry a query already, and `:id` placeholders). */
  readonly url: string;
  readonly max: number;
  readonly defaultLimit: number;
  /** Ids of one page's items and, where the answer tells it, the total. */
  readonly read: (body: unknown) => { ids: string[]; total?: number };
}

/**
 * Declares the paging tests of each list, which holds `count` items (fewer than its default
 * limit). `get` answers a GET of the URL with its placeholders filled.
 */
export function describePagedLists(
  lists: Record<string, PagedList>,
  count: number,
  get: (url: string) => Promise<{ statusCode: number; body: string; json(): unknown }>,
): void {
  const withQuery = (url: string, query: string) =>
    `${url}${url.includes('?') ? '&' : '?'}${query}`;
  const page = async (list: PagedList, query: string) => {
    const response = await get(withQuery(list.url, query));
    expect(response.statusCode, response.body).toBe(200);
    return list.read(response.json());
  };

  describe.each(Object.entries(lists))('paging of %s', (_name, list) => {
    it('answers everything on the default page when it fits, with the total where it tells one', async () => {
      const { ids, total } = await page(list, '');
      expect(ids).toHaveLength(count);
      if (total !== undefined) expect(total).toBe(count);
      expect(list.defaultLimit).toBeGreaterThan(count);
    });

    it('answers 400 to a limit above the maximum, and accepts the maximum', async () => {
      expect((await get(withQuery(list.url, `limit=${list.max + 1}`))).statusCode).toBe(400);
      expect((await get(withQuery(list.url, `limit=${list.max}`))).statusCode).toBe(200);
      expect((await get(withQuery(list.url, 'offset=-1'))).statusCode).toBe(400);
    });

    it('walks every item once in pages of three, in the order of the whole list', async () => {
      const { ids: all } = await page(list, '');
      const walked: string[] = [];
      for (let offset = 0; offset < count + 3; offset += 3) {
        const { ids, total } = await page(list, `limit=3&offset=${offset}`);
        if (total !== undefined) expect(total).toBe(count);
        expect(ids.length).toBe(Math.max(0, Math.min(3, count - offset)));
        walked.push(...ids);
      }
      expect(walked).toEqual(all);
      expect(new Set(walked).size).toBe(count);
    });
  });
}
