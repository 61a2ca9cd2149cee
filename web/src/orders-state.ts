// The orders view's state: which page is shown (the cursors that lead to it), the status filter, and whether the
// page must refresh itself (while an order on it is still on its way).
import type { Order, OrderStatus } from './types.ts';

export interface OrdersState {
  status: OrderStatus | null;
  /** Cursors of the pages before the one shown, first page first (its cursor is null). */
  trail: (string | null)[];
  /** The cursor of the page shown (null: the first page). */
  cursor: string | null;
}

export const firstPage = (status: OrderStatus | null = null): OrdersState => ({ status, trail: [], cursor: null });

/** Another status filter starts over from the first page. */
export const withStatus = (_state: OrdersState, status: OrderStatus | null): OrdersState => firstPage(status);

/** The page after the shown one. */
export const nextPage = (state: OrdersState, nextCursor: string): OrdersState => ({
  ...state,
  trail: [...state.trail, state.cursor],
  cursor: nextCursor,
});

/** The page before the shown one (the first page stays the first page). */
export function previousPage(state: OrdersState): OrdersState {
  if (state.trail.length === 0) return state;
  return { ...state, trail: state.trail.slice(0, -1), cursor: state.trail.at(-1) ?? null };
}

/** The 1-based number of the page shown. */
export const pageNumber = (state: OrdersState): number => state.trail.length + 1;

/** Orders still on their way (SOLD, then MINTING) change by themselves: the page refreshes while it shows one. */
export const needsRefresh = (orders: readonly Order[]): boolean => orders.some((o) => o.status === 'SOLD' || o.status === 'MINTING');

/** Milliseconds between refreshes while an order is on its way. */
export const REFRESH_MS = 2000;
