// Getting started: the selling workflow as curl lines against this stage's API, each with a copy button.
import { workflowCalls, workflowVariables } from '../workflow.ts';
import { CopyButton } from '../ui.tsx';

export function GettingStarted({ baseUrl }: { baseUrl: string }) {
  const variables = workflowVariables(baseUrl, null);
  return (
    <>
      <p>
        Your base URL is <code>{baseUrl}</code>. Every call below sends your API key as the <code>x-api-key</code> header. Set these first
        (your key, a plaque the listing shows available now, your buyer's wallet):
      </p>
      <div class="command">
        <pre>
          <code>{variables}</code>
        </pre>
        <CopyButton text={variables} label="Copy variables" />
      </div>
      <ol class="calls">
        {workflowCalls(baseUrl).map((call) => (
          <li key={call.title}>
            <h2>{call.title}</h2>
            <p>{call.explanation}</p>
            <div class="command">
              <pre>
                <code>{call.command}</code>
              </pre>
              <CopyButton text={call.command} label={`Copy: ${call.title.toLowerCase()}`} />
            </div>
          </li>
        ))}
      </ol>
      <p class="muted">
        The hold keeps its <code>reservationId</code> in <code>RESERVATION</code> and the buy its <code>orderId</code> in <code>ORDER</code>{' '}
        for the calls after them; paste the steps in one shell, in order. Orders also appear under Orders here.
      </p>
    </>
  );
}
