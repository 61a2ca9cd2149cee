// The dashboard's shell: signed out, the sign-in; signed in, the navigation and one view per hash route
// (#/keys, #/orders, #/money, #/webhooks, #/events, #/activity, #/usage, #/start). Any call refused for its token returns here to the sign-in.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { apiClient } from './api.ts';
import type { DashboardConfig } from './config.ts';
import { session } from './session.ts';
import { SignIn } from './views/sign-in.tsx';
import { Keys } from './views/keys.tsx';
import { Orders } from './views/orders.tsx';
import { Money } from './views/money.tsx';
import { Webhooks } from './views/webhooks.tsx';
import { Events } from './views/events.tsx';
import { ActivityLog } from './views/audit.tsx';
import { Usage } from './views/usage.tsx';
import { GettingStarted } from './views/getting-started.tsx';

const VIEWS = [
  { route: 'keys', title: 'API keys' },
  { route: 'orders', title: 'Orders' },
  { route: 'money', title: 'Money' },
  { route: 'webhooks', title: 'Webhooks' },
  { route: 'events', title: 'Events' },
  { route: 'activity', title: 'Activity log' },
  { route: 'usage', title: 'Usage' },
  { route: 'start', title: 'Getting started' },
] as const;
type Route = (typeof VIEWS)[number]['route'];

const routeOf = (hash: string): Route => VIEWS.find((v) => `#/${v.route}` === hash)?.route ?? 'keys';

function useRoute(): Route {
  const [route, setRoute] = useState<Route>(routeOf(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(routeOf(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return route;
}

export function App({ config }: { config: DashboardConfig }) {
  const store = useMemo(() => session(window.sessionStorage), []);
  const [token, setToken] = useState<string | null>(store.token());
  const [notice, setNotice] = useState<string | null>(null);
  const route = useRoute();
  const heading = useRef<HTMLHeadingElement>(null);

  const api = useMemo(
    () =>
      apiClient({
        baseUrl: config.apiUrl,
        token: store.token,
        onSessionEnded: () => {
          store.signOut();
          setToken(null);
          setNotice('Your session has ended. Please sign in again.');
        },
      }),
    [config.apiUrl],
  );

  const view = VIEWS.find((v) => v.route === route)!;
  useEffect(() => {
    document.title = token ? `${view.title} · Partner dashboard` : 'Sign in · Partner dashboard';
  }, [token, view]);
  // Moving between views moves the focus to the new view's heading, so keyboard and screen reader users follow.
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    heading.current?.focus();
  }, [route]);

  if (!token) {
    return (
      <SignIn
        api={api}
        notice={notice}
        onSignedIn={(signedIn) => {
          store.signIn(signedIn);
          setNotice(null);
          setToken(signedIn);
        }}
      />
    );
  }

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <p class="brand">Plaques · Partner dashboard</p>
        <nav aria-label="Dashboard">
          <ul>
            {VIEWS.map((v) => (
              <li key={v.route}>
                <a href={`#/${v.route}`} aria-current={v.route === route ? 'page' : undefined}>
                  {v.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          class="secondary sign-out"
          onClick={() => {
            store.signOut();
            setNotice(null);
            setToken(null);
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <h1 ref={heading} tabIndex={-1}>
          {view.title}
        </h1>
        {route === 'keys' && <Keys api={api} />}
        {route === 'orders' && <Orders api={api} />}
        {route === 'money' && <Money api={api} />}
        {route === 'webhooks' && <Webhooks api={api} apiUrl={config.apiUrl} />}
        {route === 'events' && <Events api={api} />}
        {route === 'activity' && <ActivityLog api={api} />}
        {route === 'usage' && <Usage api={api} />}
        {route === 'start' && <GettingStarted baseUrl={config.apiUrl} />}
      </main>
    </>
  );
}
