// OpenAPI descriptions of the accounts operations, including the decisions taken where API.md is silent.
import type { OperationDoc } from '#lib/http/operation-doc.ts';

export const accountsOperationDocs: Record<string, OperationDoc> = {};
