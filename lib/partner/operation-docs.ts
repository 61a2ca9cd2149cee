// OpenAPI descriptions of the partner operations, including the decisions taken where API.md is silent.
import type { OperationDoc } from '#lib/http/operation-doc.ts';

export const partnerOperationDocs: Record<string, OperationDoc> = {};
