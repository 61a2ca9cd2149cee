// The OpenAPI document's entry for the local server names its port as a server variable, `port`, whose default is
// PORT's; a document served by a local server names the port it was fetched from, so a client generated from it, or
// Swagger UI reading it, calls that server and not the default port.

import { LOCAL_DEFAULT_PORT } from '#lib/config.ts';

/** The `port` variable as the document's JSON text holds it. */
const PORT_VARIABLE = `"port":{"default":"${LOCAL_DEFAULT_PORT}"}`;

/** A Host header naming a local server: the loopback address or localhost, with a port. */
const LOCAL_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\]):([1-9]\d{0,4})$/;

/** The document's JSON text as served to a request sent to `host`. */
export function documentFor(json: string, host: string | undefined): string {
  const port = host?.match(LOCAL_HOST)?.[1];
  return port && Number(port) <= 65_535 ? json.replace(PORT_VARIABLE, `"port":{"default":"${port}"}`) : json;
}
