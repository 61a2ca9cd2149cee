// API keys: create one with a name and what it may do (shown once, with a copy button), list them with prefix, access,
// creation, last use and state, roll one (a new key, the old one working for the overlap chosen) and revoke one, each
// after confirming. Releasing a hold is the partner's checkout's call, not the dashboard's.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../api.ts';
import { formatTime } from '../format.ts';
import type { ApiKey, CreatedApiKey, KeyScope } from '../types.ts';
import { FieldError, ShownOnce, Status, TableScroll, Time, Unreachable, useGuardedCalls } from '../ui.tsx';

const SCOPES: readonly { scope: KeyScope; label: string; hint: string }[] = [
  { scope: 'sell', label: 'Sell', hint: 'every partner call: look up, hold, buy, release' },
  { scope: 'read', label: 'Read only', hint: 'look-ups, owners, orders and events; safe in a browser front-end' },
];

/** How long the old key keeps working after a roll, in hours (the API takes 0–168). */
const OVERLAPS: readonly { hours: number; label: string }[] = [
  { hours: 0, label: 'Stop it now' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
];

type Confirming = { id: string; action: 'revoke' | 'roll' } | null;

function KeyState({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  if (apiKey.revokedAt)
    return (
      <span class="badge badge-failed">
        Revoked <Time iso={apiKey.revokedAt} />
      </span>
    );
  if (apiKey.expiresAt && Date.parse(apiKey.expiresAt) <= now)
    return (
      <span class="badge badge-failed">
        Ended <Time iso={apiKey.expiresAt} />
      </span>
    );
  if (apiKey.expiresAt)
    return (
      <span class="badge badge-waiting">
        Rolled: works until <Time iso={apiKey.expiresAt} />
      </span>
    );
  return <span class="badge badge-done">Active</span>;
}

export function Keys({ api }: { api: ApiClient }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('sell');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [overlap, setOverlap] = useState(24);
  const [actionError, setActionError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, trouble, guarded } = useGuardedCalls();
  const confirmButton = useRef<HTMLButtonElement>(null);

  const load = () => guarded(async () => setKeys(await api.listKeys()));
  useEffect(() => void load(), []);
  useEffect(() => confirmButton.current?.focus(), [confirming]);

  const create = () =>
    guarded(
      async () => {
        setNameError(null);
        setDone(null);
        const key = await api.createKey(name, scope);
        setCreated(key);
        // The form starts over as it first was: a further key is a sell key unless chosen otherwise again.
        setName('');
        setScope('sell');
        setKeys(await api.listKeys());
      },
      (refusal) => setNameError(refusal.messageFor('name', true)),
    );

  const revoke = (key: ApiKey) =>
    guarded(
      async () => {
        setActionError(null);
        await api.revokeKey(key.id);
        setConfirming(null);
        setDone(`The key ${key.prefix}… is revoked: requests with it are refused from now on.`);
        setKeys(await api.listKeys());
      },
      (refusal) => setActionError(refusal.message),
    );

  const roll = (key: ApiKey) =>
    guarded(
      async () => {
        setActionError(null);
        const next = await api.rollKey(key.id, overlap);
        setConfirming(null);
        setCreated(next);
        const listed = await api.listKeys();
        const end = listed.find((k) => k.id === key.id)?.expiresAt;
        setDone(
          overlap === 0 || !end
            ? `The key ${key.prefix}… is replaced and refused from now on.`
            : `The key ${key.prefix}… is replaced: it keeps working until ${formatTime(end)}. Put the new key in its place before then.`,
        );
        setKeys(listed);
      },
      (refusal) => setActionError(refusal.message),
    );

  const cancel = () => {
    setConfirming(null);
    setActionError(null);
  };
  const now = Date.now();
  /** The key whose revocation or roll is being confirmed, while it can still be. */
  const confirmed = keys?.find((key) => key.id === confirming?.id && key.revokedAt === null) ?? null;
  const actionAlert = actionError && (
    <p class="field-error" role="alert">
      {actionError}
    </p>
  );

  return (
    <>
      {trouble && <Unreachable error={trouble.unreachable} onRetry={trouble.retry} />}
      <section aria-labelledby="create-heading">
        <h2 id="create-heading">Create a key</h2>
        <form
          noValidate
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <div class="field">
            <label for="key-name">Name (optional)</label>
            <input
              id="key-name"
              name="name"
              value={name}
              placeholder="Shop front-end"
              onInput={(event) => setName(event.currentTarget.value)}
              aria-invalid={nameError ? 'true' : undefined}
              aria-describedby={nameError ? 'key-name-error' : undefined}
            />
            <FieldError id="key-name-error" message={nameError} />
          </div>
          <fieldset class="checks">
            <legend>What it may do</legend>
            {SCOPES.map((option) => (
              <label key={option.scope} class="check">
                <input
                  type="radio"
                  name="scope"
                  value={option.scope}
                  checked={scope === option.scope}
                  onChange={() => setScope(option.scope)}
                />
                <span>
                  {option.label} <span class="muted">— {option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={busy}>
            Create key
          </button>
        </form>
        {created && (
          <ShownOnce
            id="new-key"
            heading={`Your new key${created.name ? `: ${created.name}` : ''}`}
            value={created.apiKey}
            copyLabel="Copy key"
            onDone={() => setCreated(null)}
          >
            Send it as the <code>x-api-key</code> header of every partner call.
          </ShownOnce>
        )}
      </section>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        {done && <Status>{done}</Status>}
        {keys === null ? (
          <p>Loading…</p>
        ) : keys.length === 0 ? (
          <p>You have no keys yet.</p>
        ) : (
          <TableScroll label="Your keys">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Access</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <td>{key.name ?? <span class="muted">Unnamed</span>}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{key.scope === 'read' ? 'Read only' : 'Sell'}</td>
                    <td>
                      <Time iso={key.createdAt} />
                    </td>
                    <td>{key.lastUsedAt ? <Time iso={key.lastUsedAt} /> : <span class="muted">Never</span>}</td>
                    <td>
                      <KeyState apiKey={key} now={now} />
                    </td>
                    <td class="actions-cell">
                      {key.revokedAt === null && (
                        <div class="row-actions">
                          {key.expiresAt === null && (
                            <button
                              type="button"
                              class="secondary"
                              aria-expanded={confirming?.id === key.id && confirming.action === 'roll'}
                              onClick={() => setConfirming({ id: key.id, action: 'roll' })}
                            >
                              Roll…<span class="visually-hidden"> {key.prefix}…</span>
                            </button>
                          )}
                          <button
                            type="button"
                            class="secondary"
                            aria-expanded={confirming?.id === key.id && confirming.action === 'revoke'}
                            onClick={() => setConfirming({ id: key.id, action: 'revoke' })}
                          >
                            Revoke…<span class="visually-hidden"> {key.prefix}…</span>
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {confirmed && confirming?.action === 'revoke' && (
          // Below the table, not in its last column: on a phone that column lies beyond the screen's edge.
          <div class="confirm confirm-panel" role="group" aria-label={`Revoke ${confirmed.prefix}…?`}>
            <span>Revoke {confirmed.prefix}…? Calls with it will be refused.</span>
            <button type="button" class="danger" ref={confirmButton} disabled={busy} onClick={() => void revoke(confirmed)}>
              Revoke key
            </button>
            <button type="button" class="secondary" onClick={cancel}>
              Keep it
            </button>
            {actionAlert}
          </div>
        )}
        {confirmed && confirming?.action === 'roll' && (
          <div class="confirm confirm-panel" role="group" aria-label={`Roll ${confirmed.prefix}…?`}>
            <span>Roll {confirmed.prefix}…: a new key of the same name and access replaces it.</span>
            <label for="roll-overlap">Old key keeps working for</label>
            <select id="roll-overlap" value={String(overlap)} onChange={(event) => setOverlap(Number(event.currentTarget.value))}>
              {OVERLAPS.map((option) => (
                <option key={option.hours} value={String(option.hours)}>
                  {option.label}
                </option>
              ))}
            </select>
            <button type="button" ref={confirmButton} disabled={busy} onClick={() => void roll(confirmed)}>
              Roll key
            </button>
            <button type="button" class="secondary" onClick={cancel}>
              Cancel
            </button>
            {actionAlert}
          </div>
        )}
      </section>
    </>
  );
}
