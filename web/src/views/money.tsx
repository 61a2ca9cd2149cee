// Money: what the partner owes the service per currency, a month's statement (chosen with a month picker, downloadable
// as the CSV a spreadsheet opens), and the ledger's entries newest first, filtered by type, page by page.
import { useEffect, useState } from 'preact/hooks';
import { ServiceUnreachable, SessionEnded, type ApiClient } from '../api.ts';
import {
  currentMonth,
  firstLedgerPage,
  formatMinor,
  nextLedgerPage,
  previousLedgerPage,
  statementMonth,
  type LedgerState,
} from '../money-state.ts';
import { ENTRY_TYPES, type Balance, type EntryType, type LedgerPage, type Statement } from '../types.ts';
import { Status, TableScroll, Time, Unreachable, useGuardedCalls } from '../ui.tsx';

const PAGE_SIZE = 20;

const TYPE_NAMES: Record<EntryType, string> = { sale: 'Sale', reversal: 'Reversal', payment: 'Payment' };

/** Loads `read()` whenever `deps` change, keeping the answer, or the trouble to retry. */
function useLoaded<T>(read: () => Promise<T>, deps: readonly unknown[]) {
  const [value, setValue] = useState<T | null>(null);
  const [trouble, setTrouble] = useState<ServiceUnreachable | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    read().then(
      (answer) => {
        if (!live) return;
        setValue(answer);
        setTrouble(null);
      },
      (error: unknown) => {
        if (!live || error instanceof SessionEnded) return;
        if (error instanceof ServiceUnreachable) setTrouble(error);
        else throw error;
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  return { value, trouble, retry: () => setAttempt((n) => n + 1) };
}

export function Money({ api }: { api: ApiClient }) {
  return (
    <>
      <p class="muted">
        Amounts are what each sale means between you and the service: the price (gross), the commission you keep, and what you owe (due).
        Payments you made lower what you owe.
      </p>
      <Balances api={api} />
      <MonthStatement api={api} />
      <Ledger api={api} />
    </>
  );
}

function Balances({ api }: { api: ApiClient }) {
  const { value, trouble, retry } = useLoaded<Balance>(() => api.balance(), []);
  return (
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading">Balance</h2>
      {trouble && <Unreachable error={trouble} onRetry={retry} />}
      {value === null ? (
        <p>Loading…</p>
      ) : value.balances.length === 0 ? (
        <p>Nothing yet: sales made with your keys appear here.</p>
      ) : (
        <dl class="balances">
          {value.balances.map((b) => (
            <div key={b.currency} data-currency={b.currency} data-due={b.due}>
              <dt>{b.currency} you owe</dt>
              <dd class="number">{formatMinor(b.due, b.currency)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function MonthStatement({ api }: { api: ApiClient }) {
  const latest = currentMonth(new Date());
  const [month, setMonth] = useState(latest);
  const [saved, setSaved] = useState<string | null>(null);
  const chosen = statementMonth(month, new Date());
  const { value, trouble, retry } = useLoaded<Statement | null>(() => (chosen ? api.statement(month) : Promise.resolve(null)), [month]);
  const download = useGuardedCalls();

  const save = () =>
    download.guarded(async () => {
      const csv = await api.statementCsv(month);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${month}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      setSaved(`statement-${month}.csv`);
    });

  return (
    <section aria-labelledby="statement-heading">
      <h2 id="statement-heading">Monthly statement</h2>
      <div class="toolbar">
        <label for="statement-month">Month (UTC)</label>
        <input
          id="statement-month"
          type="month"
          max={latest}
          value={month}
          onChange={(event) => {
            setSaved(null);
            setMonth(event.currentTarget.value);
          }}
        />
        <button type="button" class="secondary" disabled={!chosen || download.busy} onClick={() => void save()}>
          Download CSV
        </button>
      </div>
      {saved && <Status>Saved {saved}.</Status>}
      {download.trouble && <Unreachable error={download.trouble.unreachable} onRetry={download.trouble.retry} />}
      {trouble && <Unreachable error={trouble} onRetry={retry} />}
      {!chosen ? (
        <p>Choose a month up to this one.</p>
      ) : value === null ? (
        <p>Loading…</p>
      ) : value.currencies.length === 0 ? (
        <p>No entries by the end of {value.month}.</p>
      ) : (
        <TableScroll label={`Statement of ${value.month}`}>
          <table class="statement">
            <caption class="visually-hidden">Statement of {value.month}, per currency</caption>
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">Opening</th>
                <th scope="col">Sales</th>
                <th scope="col">Gross</th>
                <th scope="col">Commission</th>
                <th scope="col">Reversals</th>
                <th scope="col">Payments</th>
                <th scope="col">Closing</th>
              </tr>
            </thead>
            <tbody>
              {value.currencies.map((c) => (
                <tr key={c.currency} data-currency={c.currency} data-closing={c.closing}>
                  <th scope="row">{c.currency}</th>
                  <td class="number">{formatMinor(c.opening, c.currency)}</td>
                  <td class="number">{c.sales.count}</td>
                  <td class="number">{formatMinor(c.sales.gross, c.currency)}</td>
                  <td class="number">{formatMinor(c.sales.commission, c.currency)}</td>
                  <td class="number">{formatMinor(c.reversals.due, c.currency)}</td>
                  <td class="number">{formatMinor(c.payments.due, c.currency)}</td>
                  <td class="number">{formatMinor(c.closing, c.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Ledger({ api }: { api: ApiClient }) {
  const [state, setState] = useState<LedgerState>(firstLedgerPage());
  const {
    value: page,
    trouble,
    retry,
  } = useLoaded<LedgerPage>(() => api.listLedger({ type: state.type, cursor: state.cursor, limit: PAGE_SIZE }), [state]);
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Ledger</h2>
      {trouble && <Unreachable error={trouble} onRetry={retry} />}
      <div class="toolbar">
        <label for="entry-type">Entry type</label>
        <select
          id="entry-type"
          value={state.type ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setState(firstLedgerPage(value === '' ? null : (value as EntryType)));
          }}
        >
          <option value="">All entries</option>
          {ENTRY_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type]}s
            </option>
          ))}
        </select>
      </div>
      {page === null ? (
        <p>Loading…</p>
      ) : page.entries.length === 0 ? (
        <p>{state.type || state.cursor ? 'No entries of this kind on this page.' : 'No entries yet.'}</p>
      ) : (
        <TableScroll label="Ledger entries">
          <table class="ledger">
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">Order or reference</th>
                <th scope="col">Gross</th>
                <th scope="col">Commission</th>
                <th scope="col">Due</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id} data-entry-id={entry.id}>
                  <td>{TYPE_NAMES[entry.type]}</td>
                  <td>{entry.reference ?? <code class="order-id">{entry.orderId}</code>}</td>
                  <td class="number">{formatMinor(entry.gross, entry.currency)}</td>
                  <td class="number">{formatMinor(entry.commission, entry.currency)}</td>
                  <td class="number">{formatMinor(entry.due, entry.currency)}</td>
                  <td>
                    <Time iso={entry.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav class="pager" aria-label="Ledger pages">
        <button type="button" class="secondary" disabled={state.trail.length === 0} onClick={() => setState(previousLedgerPage(state))}>
          Previous page
        </button>
        <span>Page {state.trail.length + 1}</span>
        <button
          type="button"
          class="secondary"
          disabled={!page?.nextCursor}
          onClick={() => page?.nextCursor && setState(nextLedgerPage(state, page.nextCursor))}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
