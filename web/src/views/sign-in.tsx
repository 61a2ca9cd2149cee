// Sign in with an emailed code: ask for a code, then enter it. A new address gets an account (one flow).
import { useState } from 'preact/hooks';
import { ApiRefusal, ServiceUnreachable, type ApiClient } from '../api.ts';
import { FieldError, Unreachable } from '../ui.tsx';

interface Props {
  api: ApiClient;
  /** Why the user is here again (the session ended), if so. */
  notice: string | null;
  onSignedIn: (token: string) => void;
}

type Failure = { field: 'email' | 'code'; message: string } | { unreachable: ServiceUnreachable; retry: () => void } | null;

export function SignIn({ api, notice, onSignedIn }: Props) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);

  async function attempt(field: 'email' | 'code', run: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      if (error instanceof ServiceUnreachable) setFailure({ unreachable: error, retry: () => void attempt(field, run) });
      else if (error instanceof ApiRefusal) setFailure({ field, message: error.messageFor(field) ?? error.message });
      else throw error;
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    attempt('email', async () => {
      const sent = await api.requestCode(email.trim());
      setSentTo(sent.sentTo);
      setStep('code');
    });

  const verify = () =>
    attempt('code', async () => {
      const signedIn = await api.verifyCode(email.trim(), code.trim());
      onSignedIn(signedIn.token);
    });

  const fieldMessage = (field: 'email' | 'code') => (failure && 'field' in failure && failure.field === field ? failure.message : null);

  return (
    <main id="main" class="sign-in">
      <h1>Partner dashboard</h1>
      <p class="lead">Sign in to create API keys, follow your sales and see how your keys are used.</p>
      {notice && (
        <p class="notice notice-warn" role="alert">
          {notice}
        </p>
      )}
      {failure && 'unreachable' in failure && <Unreachable error={failure.unreachable} onRetry={failure.retry} />}
      {step === 'email' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void sendCode();
          }}
        >
          <label for="email">Email address</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
            aria-invalid={fieldMessage('email') ? 'true' : undefined}
            aria-describedby={fieldMessage('email') ? 'email-error' : undefined}
          />
          <FieldError id="email-error" message={fieldMessage('email')} />
          <button type="submit" disabled={busy}>
            Send me a code
          </button>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <p role="status">We sent a six-digit code to {sentTo}. It is valid for 15 minutes.</p>
          <label for="code">Code</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onInput={(event) => setCode(event.currentTarget.value)}
            aria-invalid={fieldMessage('code') ? 'true' : undefined}
            aria-describedby={fieldMessage('code') ? 'code-error' : undefined}
          />
          <FieldError id="code-error" message={fieldMessage('code')} />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Sign in
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setStep('email');
                setCode('');
                setFailure(null);
              }}
            >
              Use another address
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
