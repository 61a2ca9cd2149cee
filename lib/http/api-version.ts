// The API version each answer is given in (lib/versions/versions.ts): the one the request's `Plaque-Version` header
// names, else the one the caller's key is pinned to (the declaration's auth finds it), else the default; its body given
// that version's shape, and the header naming the version on every answer the service gives, refusals included.
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { HttpResult, Operation, RequestView } from '#lib/http/operation.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import {
  DEFAULT_API_VERSION,
  isApiVersion,
  isVersioned,
  shapeAnswer,
  unknownVersion,
  VERSION_HEADER,
  type ApiVersion,
} from '#lib/versions/versions.ts';

const HEADER = VERSION_HEADER.toLowerCase();

/**
 * The version the request's header names, when it names a known one: what a refusal made before the caller is known
 * is answered in (the default without it).
 */
export const namedVersion = (headers: Record<string, string>): ApiVersion | undefined => {
  const named = headers[HEADER]?.trim();
  return isApiVersion(named) ? named : undefined;
};

/** The version a request is answered in; 400 UNKNOWN_VERSION when its header names none of the versions. */
export async function answerVersion(
  ctx: AppContext,
  declaration: Operation,
  request: RequestView,
  principal: unknown,
): Promise<ApiVersion> {
  const named = request.headers[HEADER];
  const version = namedVersion(request.headers);
  if (version) return version;
  const pinned = (await declaration.auth.pin?.(ctx, request, principal)) ?? DEFAULT_API_VERSION;
  // The refusal is given in the version the request would have been answered in without the header.
  if (named !== undefined) throw unknownVersion(VERSION_HEADER, named, pinned);
  return pinned;
}

/** The answer's success component, when a version may change its shape. */
const versionedAnswerOf = (declaration: Operation, status: number): string | undefined => {
  const id = declaration.responses[status]?.schema?.id;
  return id !== undefined && isVersioned(id) ? id : undefined;
};

/** A handler's answer, built in the newest shape, in the version's. */
export function versionedResult(declaration: Operation, result: HttpResult, version: ApiVersion): HttpResult {
  const answer = versionedAnswerOf(declaration, result.statusCode);
  return answer ? { ...result, body: shapeAnswer(answer, result.body, version) } : result;
}

/**
 * The version's headers on an answer: `Plaque-Version` always; where a version shapes the answer, `Vary` by it (and by
 * the key, where the key's pin chooses the version of a public read), so a cache keeps one answer per version. An
 * Idempotency-Key's replay, kept in the shape of its first request's version, is given this one's.
 */
export function withVersion(declaration: Operation, response: APIGatewayProxyResult, version: ApiVersion): APIGatewayProxyResult {
  const headers: Record<string, string | number | boolean> = { ...response.headers, [HEADER]: version };
  const answer = versionedAnswerOf(declaration, response.statusCode);
  if (!answer) return { ...response, headers };
  const varies = ['Plaque-Version', ...(declaration.auth.kind === 'none' && declaration.auth.pin ? ['X-Api-Key'] : [])];
  headers['vary'] = [headers['vary'], ...varies].filter(Boolean).join(', ');
  if (headers['idempotent-replayed'] !== 'true' || !response.body) return { ...response, headers };
  return { ...response, headers, body: JSON.stringify(shapeAnswer(answer, JSON.parse(response.body) as unknown, version, 'any')) };
}
