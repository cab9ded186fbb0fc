import {
  categorySortFields,
  sortOrders,
  type CategorySortField,
  type SortOrder,
} from '@shop/shared';

/** The category list's controls, mirrored in its address as q, sort and order (defaults left out). */
export interface CategoryListView {
  query: string;
  sort: CategorySortField;
  order: SortOrder;
}

export const defaultCategoryView: CategoryListView = {
  query: '',
  sort: 'sort_order',
  order: 'asc',
};

export function readCategoryView(params: URLSearchParams): CategoryListView {
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    query: params.get('q') ?? '',
    sort: (categorySortFields as readonly string[]).includes(sort ?? '')
      ? (sort as CategorySortField)
      : defaultCategoryView.sort,
    order: (sortOrders as readonly string[]).includes(order ?? '')
      ? (order as SortOrder)
      : defaultCategoryView.order,
  };
}

export function categoryViewSearch(view: CategoryListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query.trim()) params.set('q', view.query);
  if (view.sort !== defaultCategoryView.sort) params.set('sort', view.sort);
  if (view.order !== defaultCategoryView.order) params.set('order', view.order);
  return params;
}
