// The dashboard's entry: reads the stage's config.json, then shows the app.
import { render } from 'preact';
import { App } from './app.tsx';
import { loadConfig } from './config.ts';
import './styles.css';

async function start(root: HTMLElement): Promise<void> {
  try {
    const config = await loadConfig(window.location.href);
    render(<App config={config} />, root);
  } catch {
    render(
      <main id="main">
        <h1>Partner dashboard</h1>
        <p role="alert">The dashboard could not load its settings. Reload the page to try again.</p>
      </main>,
      root,
    );
  }
}

void start(document.getElementById('app')!);
