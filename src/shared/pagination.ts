export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export function paginate(currentPage: number, pageSize: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    currentPage,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
  };
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
