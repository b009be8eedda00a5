/** What a list shows, without its paging and order: the filters an export of it takes. */
export function exportFilters(query: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, limit: _limit, sort: _sort, order: _order, ...filters } = query;
  return filters;
}
