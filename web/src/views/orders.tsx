// Orders: newest first, filtered by status, page by page; the page refreshes itself while an order on it is SOLD or
// MINTING, so a delivery shows up without a reload. Each row names its order by id, as the webhook delivery log does.
import { useEffect, useState } from 'preact/hooks';
import { ServiceUnreachable, SessionEnded, type ApiClient } from '../api.ts';
import { formatPrice, shortHash, shortWallet } from '../format.ts';
import { firstPage, needsRefresh, nextPage, pageNumber, previousPage, REFRESH_MS, withStatus, type OrdersState } from '../orders-state.ts';
import { ORDER_STATUSES, type OrderPage, type OrderStatus } from '../types.ts';
import { StatusBadge, TableScroll, Time, Unreachable } from '../ui.tsx';

const PAGE_SIZE = 20;

export function Orders({ api }: { api: ApiClient }) {
  const [state, setState] = useState<OrdersState>(firstPage());
  const [page, setPage] = useState<OrderPage | null>(null);
  const [trouble, setTrouble] = useState<ServiceUnreachable | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const load = async () => {
      try {
        const next = await api.listOrders({ status: state.status, cursor: state.cursor, limit: PAGE_SIZE });
        if (!live) return;
        setPage(next);
        setTrouble(null);
        if (needsRefresh(next.orders)) timer = window.setTimeout(() => void load(), REFRESH_MS);
      } catch (error) {
        if (!live || error instanceof SessionEnded) return;
        if (error instanceof ServiceUnreachable) setTrouble(error);
        else throw error;
      }
    };
    void load();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [state, attempt]);

  const refreshing = page !== null && needsRefresh(page.orders);

  return (
    <>
      {trouble && <Unreachable error={trouble} onRetry={() => setAttempt((n) => n + 1)} />}
      <div class="toolbar">
        <label for="status-filter">Status</label>
        <select
          id="status-filter"
          value={state.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setState(withStatus(state, value === '' ? null : (value as OrderStatus)));
          }}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status.charAt(0) + status.slice(1).toLowerCase()}
            </option>
          ))}
        </select>
        {refreshing && <span class="muted">Updating while orders are on their way…</span>}
      </div>
      {page === null ? (
        <p>Loading…</p>
      ) : page.orders.length === 0 ? (
        <p>{state.status ? 'No orders with this status on this page.' : 'No orders yet. Sales made with your keys appear here.'}</p>
      ) : (
        <TableScroll label="Orders">
          <table class="orders">
            <thead>
              <tr>
                <th scope="col">Plaque</th>
                <th scope="col">Price</th>
                <th scope="col">Buyer wallet</th>
                <th scope="col">Status</th>
                <th scope="col">Transaction</th>
                <th scope="col">Token</th>
                <th scope="col">Reason</th>
                <th scope="col">Ordered</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((order) => (
                <tr key={order.orderId} data-order-id={order.orderId}>
                  <td class="plaque-name">{order.plaqueName}</td>
                  <td class="number">{formatPrice(order.price, order.currency)}</td>
                  <td>
                    <code title={order.buyerWallet}>{shortWallet(order.buyerWallet)}</code>
                  </td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>
                    {order.txHash === null ? (
                      <span class="muted">—</span>
                    ) : order.explorerUrl ? (
                      <a href={order.explorerUrl} target="_blank" rel="noopener noreferrer">
                        <code>{shortHash(order.txHash)}</code>
                        <span class="visually-hidden"> (opens the block explorer)</span>
                      </a>
                    ) : (
                      <code title={order.txHash}>{shortHash(order.txHash)}</code>
                    )}
                  </td>
                  <td>
                    {order.tokenUrl ? (
                      <a href={order.tokenUrl} target="_blank" rel="noopener noreferrer">
                        Token<span class="visually-hidden"> of {order.plaqueName} (opens the block explorer)</span>
                      </a>
                    ) : (
                      <span class="muted">—</span>
                    )}
                  </td>
                  <td>
                    {order.cancelReason !== null ? (
                      <>
                        Cancelled: {order.cancelReason}
                        {order.failureReason !== null && <span class="muted"> (failed: {order.failureReason})</span>}
                      </>
                    ) : (
                      (order.failureReason ?? <span class="muted">—</span>)
                    )}
                  </td>
                  <td>
                    <Time iso={order.createdAt} />
                  </td>
                  <td>
                    <code class="order-id">{order.orderId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav class="pager" aria-label="Order pages">
        <button type="button" class="secondary" disabled={pageNumber(state) === 1} onClick={() => setState(previousPage(state))}>
          Previous page
        </button>
        <span>Page {pageNumber(state)}</span>
        <button
          type="button"
          class="secondary"
          disabled={!page?.nextCursor}
          onClick={() => page?.nextCursor && setState(nextPage(state, page.nextCursor))}
        >
          Next page
        </button>
      </nav>
    </>
  );
}
