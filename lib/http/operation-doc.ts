// What the OpenAPI document says of one operation beyond its route: plain data (text and schema names), so the route
// table can carry it without any function bundle building a schema. Names are keys of the schema registry
// (lib/http/openapi-schemas.ts), which only the OpenAPI function imports: a name missing there fails type-checking.
import type { ParameterSchemaName, RequestSchemaName, ResponseSchemaName } from '#lib/http/openapi-schemas.ts';

export type Tag = 'Plaques' | 'Accounts' | 'Partner' | 'Service';

export interface HeaderDoc {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema: ParameterSchemaName;
}

/** Response headers an operation sends besides `x-request-id` (every response carries that one). */
export type ResponseHeader = 'Idempotent-Replayed' | 'Retry-After' | 'Cache-Control';

interface ResponseDoc {
  readonly description: string;
  /** The JSON body's schema; absent for an empty body (204) or a body described in `description` alone. */
  readonly schema?: ResponseSchemaName;
  readonly headers?: readonly ResponseHeader[];
}

export interface OperationDoc {
  readonly summary: string;
  /** Where the interface description is silent, the decision taken is written here. */
  readonly description: string;
  readonly tags: readonly Tag[];
  /** Query parameters: each member of the schema becomes a parameter. */
  readonly query?: RequestSchemaName;
  readonly headers?: readonly HeaderDoc[];
  readonly pathParameters?: Readonly<Record<string, { readonly description: string; readonly schema: ParameterSchemaName }>>;
  readonly requestBody?: {
    readonly contentType: 'application/json' | 'multipart/form-data';
    readonly schema: RequestSchemaName;
    readonly required?: boolean;
  };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** Problem codes this operation answers by status, besides those every operation of its kind may answer. */
  readonly errors?: Readonly<Record<number, readonly string[]>>;
  /** Headers some of its problem answers carry, by status (429 and 503 always carry Retry-After, 405 Allow). */
  readonly errorHeaders?: Readonly<Record<number, readonly ResponseHeader[]>>;
}
