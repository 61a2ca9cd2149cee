// The orders view's paging and refreshing: cursors lead forward and back to the same pages, a filter starts over,
// and the page refreshes itself exactly while an order on it is still on its way.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstPage, needsRefresh, nextPage, pageNumber, previousPage, withStatus, type OrdersState } from '../../web/src/orders-state.ts';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../web/src/types.ts';

const anOrder = (status: OrderStatus): Order => ({
  orderId: `ord_${status}`,
  status,
  plaqueId: 1,
  plaqueName: 'ABC-0001',
  price: 75,
  currency: 'USD',
  buyerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  txHash: null,
  explorerUrl: null,
  tokenUrl: null,
  failureReason: null,
  cancelReason: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  deliveredAt: null,
  mintCost: null,
});

describe('paging through orders', () => {
  it('starts on page 1 with no cursor, goes forward with the next cursor and back to the cursor before', () => {
    let state = firstPage();
    expect(state).toEqual({ status: null, trail: [], cursor: null });
    state = nextPage(state, 'c2');
    state = nextPage(state, 'c3');
    expect(pageNumber(state)).toBe(3);
    expect(state.cursor).toBe('c3');
    state = previousPage(state);
    expect(state).toMatchObject({ cursor: 'c2' });
    state = previousPage(state);
    expect(state).toEqual(firstPage());
    expect(previousPage(state)).toEqual(firstPage());
  });

  it('starts over from the first page when the status filter changes', () => {
    const deep = nextPage(nextPage(firstPage('SOLD'), 'a'), 'b');
    expect(withStatus(deep, 'FAILED')).toEqual({ status: 'FAILED', trail: [], cursor: null });
    expect(withStatus(deep, null)).toEqual(firstPage());
  });

  // Going forward n pages and back n pages returns to the page one started from, whatever the cursors.
  it('comes back to where it started after as many steps back as forward', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<OrderStatus | null>(null, ...ORDER_STATUSES),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 20 }),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 20 }),
        (status, before, cursors) => {
          const start: OrdersState = before.reduce(nextPage, firstPage(status));
          const forward = cursors.reduce(nextPage, start);
          expect(pageNumber(forward)).toBe(pageNumber(start) + cursors.length);
          const back = cursors.reduce((state) => previousPage(state), forward);
          expect(back).toEqual(start);
        },
      ),
    );
  });
});

describe('needsRefresh', () => {
  it('is true while an order is SOLD or MINTING, false once all are DELIVERED or FAILED', () => {
    expect(needsRefresh([anOrder('DELIVERED'), anOrder('SOLD')])).toBe(true);
    expect(needsRefresh([anOrder('MINTING')])).toBe(true);
    expect(needsRefresh([anOrder('DELIVERED'), anOrder('FAILED')])).toBe(false);
    expect(needsRefresh([])).toBe(false);
  });
});
