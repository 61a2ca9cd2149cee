// A text form of an answer (a CSV file) besides its JSON one: chosen by the request's Accept and sent as it is under its
// own content type (the statement's test checks the document names both media types).
import { describe, expect, it } from 'vitest';
import { acceptsText, ok, textBody, toProxyResult } from '#lib/http/response.ts';

describe('Accept', () => {
  it('asks for the text form when it names its media type with a quality above 0, in any case and position', () => {
    for (const accept of ['text/csv', 'TEXT/CSV', 'application/json;q=0.5, text/csv', 'text/csv; charset=utf-8', 'text/csv;q=0.1']) {
      expect(acceptsText(accept, 'text/csv'), accept).toBe(true);
    }
  });

  it('leaves the JSON form for none, wildcards, other types and a quality of 0', () => {
    for (const accept of [undefined, '', '*/*', 'text/*', 'application/json', 'text/csvx', 'text/csv;q=0', 'text/csv; q=0.000, */*']) {
      expect(acceptsText(accept, 'text/csv'), String(accept)).toBe(false);
    }
  });
});

describe('a text answer', () => {
  it('is sent as it is, under its content type, with the headers the handler gave', () => {
    const result = toProxyResult(
      ok(textBody('a,b\r\n1,2\r\n', 'text/csv; charset=utf-8'), { 'content-disposition': 'attachment' }),
      'req-1',
    );
    expect(result).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-request-id': 'req-1', 'content-disposition': 'attachment' },
      body: 'a,b\r\n1,2\r\n',
    });
  });
});
