export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /**
   * True when the list holds more than totalCount rows: a catalogue search counts exactly up
   * to a bound (CATALOGUE_COUNT_BOUND) and shows "10,000+" beyond it. False everywhere else.
   */
  totalIsLowerBound: boolean;
}

/** `counted` rows were counted; with `bound`, a count past the bound is given as the bound, marked. */
export function paginate(currentPage: number, pageSize: number, counted: number, bound?: number): Pagination {
  const totalIsLowerBound = bound !== undefined && counted > bound;
  const totalCount = totalIsLowerBound ? bound : counted;
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    currentPage,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    totalIsLowerBound,
  };
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
