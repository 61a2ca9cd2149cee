// Activity log: the partner's sign-ins and the changes of its keys and webhook endpoints over the last year, newest
// first, page by page (GET /partner/audit-log): who did what, to which key or endpoint, from which address, when.
import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../api.ts';
import type { ApiKey, AuditAction, AuditLogPage } from '../types.ts';
import { PageButtons, TableScroll, Time, Unreachable, useGuardedCalls } from '../ui.tsx';

type Entry = AuditLogPage['entries'][number];

/** Each action in words (every action the API declares: a new one fails to compile until it is named here). */
const ACTIONS: Record<AuditAction, string> = {
  'user.signed_in': 'Signed in',
  'api_key.created': 'API key created',
  'api_key.rolled': 'API key rolled',
  'api_key.revoked': 'API key revoked',
  'api_key.version_moved': 'API key moved to another version',
  'webhook.created': 'Webhook endpoint added',
  'webhook.deleted': 'Webhook endpoint deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.resent': 'Event resent',
};

/** What the entry's `detail` adds to its target, in words (a key as `keys` names it); null when it adds nothing. */
function detailOf(entry: Entry, keys: Map<string, string>): string | null {
  const { detail } = entry.target;
  if (detail === null) return null;
  switch (entry.action) {
    case 'user.signed_in':
      return detail === 'password' ? 'with a password' : 'with an emailed code';
    case 'api_key.rolled':
      return `new key ${keys.get(detail) ?? detail}`;
    case 'api_key.version_moved':
      return `to version ${detail}`;
    case 'webhook.resent':
      return `event ${detail}`;
    default:
      return detail;
  }
}

const TARGETS: Record<Entry['target']['type'], string> = { user: 'Account', api_key: 'Key', webhook: 'Endpoint' };

/** How the keys view shows a key (its name and prefix), by id: the log names keys by id only. */
const keyLabels = (keys: ApiKey[]): Map<string, string> =>
  new Map(keys.map((key) => [key.id, `${key.name ?? 'Unnamed'} (${key.prefix}…)`]));

export function ActivityLog({ api }: { api: ApiClient }) {
  const [page, setPage] = useState<AuditLogPage | null>(null);
  /** The cursors of the pages before the one shown (the first page has none). */
  const [trail, setTrail] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [keys, setKeys] = useState<Map<string, string>>(new Map());
  const { busy, trouble, guarded } = useGuardedCalls();

  const read = (at: string | null, before: (string | null)[]) =>
    guarded(
      async () => {
        setRefused(null);
        const [entries, listed] = await Promise.all([api.listAuditLog({ cursor: at, limit: 20 }), api.listKeys()]);
        setPage(entries);
        setKeys(keyLabels(listed));
        setCursor(at);
        setTrail(before);
      },
      (refusal) => {
        setPage(null);
        setRefused(refusal.message);
      },
    );
  useEffect(() => void read(null, []), []);

  return (
    <>
      {trouble && <Unreachable error={trouble.unreachable} onRetry={trouble.retry} />}
      <p>
        Every sign-in to your account and every change to your API keys and webhook endpoints in the last year, newest first, with the
        address it came from. Each is recorded together with the change itself.
      </p>
      <div class="toolbar">
        <button type="button" class="secondary" disabled={busy} onClick={() => void read(null, [])}>
          Refresh
        </button>
      </div>
      {refused && (
        <p id="activity-error" class="field-error" role="alert">
          {refused}
        </p>
      )}
      <div role="status" class="results">
        {page === null && !refused ? <p>Loading…</p> : null}
        {page && page.entries.length === 0 ? <p>No activity in the last year.</p> : null}
      </div>
      {page && page.entries.length > 0 && (
        <TableScroll label="Activity table">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">By</th>
                <th scope="col">From address</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => {
                const detail = detailOf(entry, keys);
                return (
                  <tr key={entry.id} data-entry-id={entry.id} data-action={entry.action}>
                    <td>
                      <Time iso={entry.at} />
                    </td>
                    <td>
                      {ACTIONS[entry.action]} <code class="muted">{entry.action}</code>
                    </td>
                    <td>
                      {TARGETS[entry.target.type]}{' '}
                      {entry.target.type === 'api_key' && keys.has(entry.target.id) ? (
                        keys.get(entry.target.id)
                      ) : (
                        <code>{entry.target.id}</code>
                      )}
                      {detail && <span class="muted"> {detail}</span>}
                    </td>
                    <td>{entry.actor.email}</td>
                    <td>{entry.ip ? <code>{entry.ip}</code> : <span class="muted">unknown</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (
        <PageButtons busy={busy} cursor={cursor} trail={trail} nextCursor={page.nextCursor} read={(at, before) => void read(at, before)} />
      )}
    </>
  );
}
