// Success responses: JSON bodies with the status the contract names, typed so a handler's answer is held to its
// declaration (`ReplyOf` in lib/http/operation.ts).
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { HttpResult, JsonText, TextBody } from '#lib/http/operation.ts';

const result = <S extends number, B>(statusCode: S, body: B, headers?: Record<string, string>): HttpResult<S, B> => ({
  statusCode,
  body,
  ...(headers && { headers }),
});

export const ok = <B>(body: B, headers?: Record<string, string>): HttpResult<200, B> => result(200, body, headers);
export const created = <B>(body: B, headers?: Record<string, string>): HttpResult<201, B> => result(201, body, headers);
export const accepted = <B>(body: B, headers?: Record<string, string>): HttpResult<202, B> => result(202, body, headers);
export const noContent = (): HttpResult<204, undefined> => ({ statusCode: 204, body: undefined });

/** A JSON text written ahead (the OpenAPI document), sent as it is; the caller vouches that it holds a `T`. */
export const jsonText = <T>(text: string): JsonText<T> => ({ jsonText: text });

/**
 * Whether the request's `Accept` names `mediaType` (`text/csv`) with a quality above 0: the declared text form of an
 * answer is sent then, the JSON one otherwise (no `Accept`, `*\/*`, `application/json`).
 */
export const acceptsText = (accept: string | undefined, mediaType: string): boolean =>
  (accept ?? '').split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return type === mediaType && !params.some((param) => /^q=0(\.0{0,3})?$/.test(param));
  });

/** A text answer (a CSV file), sent as it is with its content type. */
export const textBody = (textContent: string, contentType: string): TextBody => ({ textContent, contentType });

const isTextBody = (body: unknown): body is TextBody =>
  typeof body === 'object' && body !== null && typeof (body as { textContent?: unknown }).textContent === 'string';

const isJsonText = (body: unknown): body is JsonText<unknown> =>
  typeof body === 'object' && body !== null && typeof (body as { jsonText?: unknown }).jsonText === 'string';

export function toProxyResult(result: HttpResult, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === undefined) return { statusCode: result.statusCode, headers, body: '' };
  if (isTextBody(result.body)) {
    return {
      statusCode: result.statusCode,
      headers: { 'content-type': result.body.contentType, ...headers },
      body: result.body.textContent,
    };
  }
  const body = isJsonText(result.body) ? result.body.jsonText : JSON.stringify(result.body);
  return { statusCode: result.statusCode, headers: { 'content-type': 'application/json', ...headers }, body };
}
