// The API's dated versions as values: their names, the newest, the default, the header. A module without imports, so
// the schemas that name versions (a key's, an endpoint's) read them without the transformations behind them
// (lib/versions/versions.ts, which gives these names too).
/** Every version, oldest first. A request names one in `Plaque-Version: YYYY-MM-DD`. */
export const API_VERSIONS = ['2026-11-23', '2026-11-28'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** What new API keys and webhook endpoints are pinned to. */
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

/**
 * The version of a request that names none and presents no key (or a key a public read does not know): the first
 * one, the shapes the clients written before versions existed read, so they keep working unchanged.
 */
export const DEFAULT_API_VERSION: ApiVersion = '2026-11-23';

/** The pin of an API key or webhook endpoint stored before pins were kept: the shapes it was made with. */
export const UNPINNED_API_VERSION: ApiVersion = '2026-11-23';

/** The request and response header naming the version. */
export const VERSION_HEADER = 'Plaque-Version';

export const isApiVersion = (value: unknown): value is ApiVersion => (API_VERSIONS as readonly unknown[]).includes(value);
