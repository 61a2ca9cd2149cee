// Pieces every view shares: the guard of its calls, an error next to its field, the retry message, copy buttons, status
// badges, times, URLs.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { Fragment, type ComponentChildren } from 'preact';
import { ApiRefusal, ServiceUnreachable, SessionEnded } from './api.ts';
import { formatTime, statusBadge, urlPieces } from './format.ts';
import { columnsOutOfView, scrollHint } from './table-scroll.ts';
import type { OrderStatus } from './types.ts';

/** The API's words about one field, right under it (the input names it with aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} class="field-error" role="alert">
      {message}
    </p>
  );
}

/** An unreachable service, and the call to run again once it answers. */
type Trouble = { unreachable: ServiceUnreachable; retry: () => void } | null;

/**
 * How a view runs its calls: `busy` while one runs (its buttons wait), a lapsed session left to the app, an unreachable
 * service kept as `trouble` with the call to retry, and a refusal handed to `onRefused` when the caller takes it.
 */
export function useGuardedCalls() {
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble>(null);
  async function guarded(run: () => Promise<void>, onRefused?: (refusal: ApiRefusal) => void): Promise<void> {
    setBusy(true);
    setTrouble(null);
    try {
      await run();
    } catch (error) {
      if (error instanceof SessionEnded) return;
      if (error instanceof ServiceUnreachable) setTrouble({ unreachable: error, retry: () => void guarded(run, onRefused) });
      else if (error instanceof ApiRefusal && onRefused) onRefused(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  }
  return { busy, trouble, guarded };
}

/** The service could not be reached or failed: say so, and offer to try again (nothing typed is lost). */
export function Unreachable({ error, onRetry }: { error: ServiceUnreachable; onRetry: () => void }) {
  return (
    <div class="notice notice-error" role="alert">
      <p>
        {error.message} Nothing you entered is lost{error.retryAfter ? `; try again in ${error.retryAfter} s` : ''}.
      </p>
      <button type="button" class="secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A message that appears once and is read out: successes and progress. */
export function Status({ children }: { children: ComponentChildren }) {
  return (
    <p class="notice notice-ok" role="status">
      {children}
    </p>
  );
}

/**
 * The panel of a value the API shows once (a new API key, a webhook signing secret): the warning, the value with its copy
 * button, and the dismissal. The focus moves to its heading when it opens, so a screen reader reads it first. A replayed
 * answer may come without the value (what it created is gone since): the panel then says so instead of showing nothing.
 */
export function ShownOnce({
  id,
  heading,
  value,
  copyLabel,
  onDone,
  children,
}: {
  id: string;
  heading: ComponentChildren;
  value: string | undefined;
  copyLabel: string;
  onDone: () => void;
  children?: ComponentChildren;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [value]);
  return (
    <div class="new-key" role="region" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <p>
        <strong>Copy it now: it is shown only now, you will not see it again.</strong> {children}
      </p>
      {value === undefined ? (
        <p>This answer was given before, and what it created is gone since: its value is not shown again.</p>
      ) : (
        <div class="key-value">
          <code id={`${id}-value`}>{value}</code>
          <CopyButton text={value} label={copyLabel} />
        </div>
      )}
      <button type="button" class="secondary" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

/** Copies `text`; says whether it did, or how to copy by hand when the browser refuses. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('refused');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 4000);
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span class="copy-state" role="status">
        {state === 'copied' ? 'Copied' : state === 'refused' ? 'Select the text and copy it yourself' : ''}
      </span>
    </span>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { label, tone } = statusBadge(status);
  return <span class={`badge badge-${tone}`}>{label}</span>;
}

/**
 * A URL that breaks across lines only after a `/`, `.` or the like, never inside a word nor at its hyphens (each piece
 * stays whole, styles.css: `.url-piece`), unless a piece is too long for a phone's line (format.ts: urlPieces).
 */
export function Url({ url }: { url: string }) {
  const pieces = urlPieces(url);
  return (
    <code class="url">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          <span class="url-piece">{piece}</span>
          {i < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </code>
  );
}

/** A UTC time, machine-readable too. */
export function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span aria-label="never">—</span>;
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

/** A wide table that scrolls on its own on a narrow screen, reachable by keyboard. */
/**
 * A table in a region of its own that scrolls sideways (focusable, so arrow keys scroll it too). While the table is
 * wider than the region, as on a phone, a hint above it says how many columns lie beyond which edge (the region's
 * description names it), and the edges shade where more lies (styles.css).
 */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  const region = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [hidden, setHidden] = useState({ before: 0, after: 0 });
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => {
      const headers = [...element.querySelectorAll('thead tr:first-child > th')].map((th) => th.getBoundingClientRect());
      const next = columnsOutOfView(headers, element.getBoundingClientRect());
      setHidden((now) => (now.before === next.before && now.after === next.after ? now : next));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  });
  const hint = scrollHint(hidden);
  return (
    <>
      {hint && (
        <p id={hintId} class="scroll-hint">
          {hint}
        </p>
      )}
      <div ref={region} class="table-scroll" role="region" aria-label={label} aria-describedby={hint ? hintId : undefined} tabIndex={0}>
        {children}
      </div>
    </>
  );
}

/** A page's cursor; null reads the first page. */
type PageCursor = string | null;

/**
 * Previous and next buttons of a list read page by page with cursors (the audit log, the events): shown only when
 * there is another page to go to; `busy` disables both while a page is read. The view keeps the cursor of the page
 * shown and the trail of those before it; a button asks it to read a page with the trail that page has.
 */
export function PageButtons({
  busy,
  cursor,
  trail,
  nextCursor,
  read,
}: {
  busy: boolean;
  cursor: PageCursor;
  /** The cursors of the pages before the one shown (the first page has none). */
  trail: PageCursor[];
  nextCursor: string | null | undefined;
  read: (at: PageCursor, before: PageCursor[]) => void;
}) {
  if (trail.length === 0 && !nextCursor) return null;
  return (
    <div class="toolbar">
      <button
        type="button"
        class="secondary"
        disabled={busy || trail.length === 0}
        onClick={() => read(trail[trail.length - 1] ?? null, trail.slice(0, -1))}
      >
        Previous page
      </button>
      <button
        type="button"
        class="secondary"
        disabled={busy || !nextCursor}
        onClick={() => nextCursor && read(nextCursor, [...trail, cursor])}
      >
        Next page
      </button>
    </div>
  );
}
