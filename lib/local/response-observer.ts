// A hook on what the local server answers: tests install an observer that holds every answer to the OpenAPI
// document (test/support/openapi-responses.ts). Nothing is observed unless one is installed.

export interface ObservedResponse {
  method: string;
  /** The request path, without the query string; undefined when the request line could not be read. */
  path?: string;
  /** The manifest entry's path template when the request reached an operation (`/partner/plaques/{id}/lookup`). */
  route?: { method: string; path: string };
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

type Observer = (response: ObservedResponse) => void;

let observer: Observer | undefined;

/** Installs (or, with undefined, removes) the observer of every answer of the local servers in this process. */
export function observeResponses(next: Observer | undefined): void {
  observer = next;
}

export function notifyResponse(response: ObservedResponse): void {
  observer?.(response);
}
