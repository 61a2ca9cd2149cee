// What function bundles get for `node:stream/web` (infra/bundling.ts aliases it here). middy 6's core imports
// `ReadableStream` from it when it loads, for streamed responses, which no function of this service sends; loading web
// streams costs every HTTP function about 2.5 ms of cold start. Node defines the same class, loaded on first use, as
// `globalThis.ReadableStream`: middy only ever checks a response against it, and this stand-in looks it up then.
// test/infra/bundles.test.ts holds that middy stays its only importer (middy 7 no longer imports web streams when it
// loads, but needs Node 22).
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
