// API keys: create one with a name (shown once, with a copy button), list them with prefix, creation, last use and
// revocation, and revoke one after confirming.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../api.ts';
import type { ApiKey, CreatedApiKey } from '../types.ts';
import { CopyButton, FieldError, Status, TableScroll, Time, Unreachable, useGuardedCalls } from '../ui.tsx';

export function Keys({ api }: { api: ApiClient }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
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
        const key = await api.createKey(name);
        setCreated(key);
        setName('');
        setKeys(await api.listKeys());
      },
      (refusal) => setNameError(refusal.messageFor('name', true)),
    );

  const revoke = (key: ApiKey) =>
    guarded(
      async () => {
        setRevokeError(null);
        await api.revokeKey(key.id);
        setConfirming(null);
        setDone(`The key ${key.prefix}… is revoked: requests with it are refused from now on.`);
        setKeys(await api.listKeys());
      },
      (refusal) => setRevokeError(refusal.message),
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
          <button type="submit" disabled={busy}>
            Create key
          </button>
        </form>
        {created && (
          <div class="new-key" role="region" aria-labelledby="new-key-heading">
            <h3 id="new-key-heading">Your new key{created.name ? `: ${created.name}` : ''}</h3>
            <p>
              <strong>Copy it now: you will not see it again.</strong> Send it as the <code>x-api-key</code> header of every partner call.
            </p>
            <div class="key-value">
              <code id="new-key-value">{created.apiKey}</code>
              <CopyButton text={created.apiKey} label="Copy key" />
            </div>
            <button type="button" class="secondary" onClick={() => setCreated(null)}>
              I have copied it
            </button>
          </div>
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
                    <td>
                      <Time iso={key.createdAt} />
                    </td>
                    <td>{key.lastUsedAt ? <Time iso={key.lastUsedAt} /> : <span class="muted">Never</span>}</td>
                    <td>
                      {key.revokedAt ? (
                        <span class="badge badge-failed">
                          Revoked <Time iso={key.revokedAt} />
                        </span>
                      ) : (
                        <span class="badge badge-done">Active</span>
                      )}
                    </td>
                    <td class="actions-cell">
                      {key.revokedAt === null &&
                        (confirming === key.id ? (
                          <div class="confirm" role="group" aria-label={`Revoke ${key.prefix}…?`}>
                            <span>Revoke {key.prefix}…? Calls with it will be refused.</span>
                            <button type="button" class="danger" ref={confirmButton} disabled={busy} onClick={() => void revoke(key)}>
                              Revoke key
                            </button>
                            <button
                              type="button"
                              class="secondary"
                              onClick={() => {
                                setConfirming(null);
                                setRevokeError(null);
                              }}
                            >
                              Keep it
                            </button>
                            {revokeError && (
                              <p class="field-error" role="alert">
                                {revokeError}
                              </p>
                            )}
                          </div>
                        ) : (
                          <button type="button" class="secondary" onClick={() => setConfirming(key.id)}>
                            Revoke…
                          </button>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  );
}
