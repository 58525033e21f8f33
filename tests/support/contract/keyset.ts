/** Walking a keyset-paged list (lib/domain/paging.ts) to its end, forwards or backwards. */
import type { KeysetPage, PageQuery } from "@/lib/domain/paging";

type Read<Row> = (query: PageQuery) => Promise<KeysetPage<Row>>;

/** Every page from the first, following `next`; `between` runs before each further page. */
export async function walkForward<Row>(read: Read<Row>, between?: () => Promise<void>): Promise<Row[][]> {
  const pages: Row[][] = [];
  let page = await read({});
  pages.push(page.items);
  while (page.next) {
    await between?.();
    page = await read({ after: page.next });
    pages.push(page.items);
  }
  return pages;
}

/** Every page from `start`'s, following `previous` back to the first page. */
export async function walkBackward<Row>(read: Read<Row>, start: KeysetPage<Row>): Promise<Row[][]> {
  const pages: Row[][] = [start.items];
  let page = start;
  while (page.previous) {
    page = await read({ before: page.previous });
    pages.unshift(page.items);
  }
  return pages;
}
