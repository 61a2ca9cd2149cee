// The input of POST /partner/plaques/{id}/prepare, as zod schemas: they validate requests and generate the OpenAPI document.
import * as z from 'zod/mini';
import { walletAddress } from '#lib/partner/sale-schemas.ts';

export const prepareBody = z.strictObject({ buyerWallet: walletAddress });
