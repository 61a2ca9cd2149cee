// What the OpenAPI document says of one operation beyond its route: summary, inputs, responses and error codes.
import type * as z from 'zod/mini';

export interface HeaderDoc {
  name: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

export interface OperationDoc {
  summary: string;
  /** Where API.md is silent, the decision taken is written here. */
  description?: string;
  tags: string[];
  /** Query parameters: each member becomes a parameter; object members use the deepObject (bracket) style. */
  query?: z.ZodMiniObject;
  headers?: HeaderDoc[];
  pathParameters?: Record<string, { description: string; schema: Record<string, unknown> }>;
  requestBody?: { contentType: 'application/json' | 'multipart/form-data'; schema: z.ZodMiniType; required?: boolean };
  responses: Record<number, { description: string; schema?: z.ZodMiniType; contentType?: string; headers?: string[] }>;
  /** Problem codes this operation may answer, by status. */
  errors?: Record<number, string[]>;
}
