// The stage's settings the page reads at start: `config.json` next to the page (written by the stack in AWS, served
// by the local server locally), so one build serves every stage.

export interface DashboardConfig {
  /** The API's base URL, absolute. */
  apiUrl: string;
}

/** Reads `config.json` beside the page; a relative `apiUrl` is taken relative to the page. */
export async function loadConfig(pageUrl: string, load: typeof fetch = fetch): Promise<DashboardConfig> {
  const response = await load(new URL('config.json', pageUrl).href, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const body = (await response.json()) as { apiUrl?: unknown };
  if (typeof body.apiUrl !== 'string') throw new Error('config.json names no apiUrl');
  return { apiUrl: new URL(body.apiUrl, pageUrl).href };
}
