// The local stand-in for API Gateway's API-key check: maps an `x-api-key` value to its key id, or null when unknown.
import type { AppContext } from '#lib/runtime/context.ts';

export async function resolveApiKey(_ctx: AppContext, _apiKey: string): Promise<string | null> {
  // No partner keys exist until the partner key store is in place: every key is unknown.
  return null;
}
