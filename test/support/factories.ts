// Small factories for test data: a valid record with only the members a test cares about overridden.
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { Order } from '#lib/partner/order.ts';

/** The contract a test plaque names unless told otherwise (anvil's first deployment address). */
export const TEST_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The local server's default address: the public base the contracts tests deploy name. */
export const TEST_PUBLIC_BASE = 'http://127.0.0.1:3000';
/** The placeholder image under the default local media base URL. */
export const TEST_PLACEHOLDER = 'http://127.0.0.1:3000/_media/plaques/placeholder.png';

let nextId = 1;

export function aPlaque(overrides: Partial<StoredPlaque> = {}): StoredPlaque {
  const id = overrides.id ?? nextId++;
  const alphabetPart = overrides.alphabetPart ?? 'ABC';
  const numberPart = overrides.numberPart ?? String(id).padStart(4, '0');
  return {
    id,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    deletedAt: null,
    name: `${alphabetPart}-${numberPart}`,
    alphabetPart,
    numberPart,
    image: TEST_PLACEHOLDER,
    price: 100,
    currency: 'USD',
    marketplace: 'service',
    tokenId: null,
    mappedPlaqueId: null,
    contractAddress: TEST_CONTRACT,
    featured: true,
    description: '',
    standard: 'ERC-1155',
    metadata: null,
    building_id: null,
    wallet_address: null,
    condition: 'VIRGIN',
    assignAt: null,
    saleAt: null,
    featuredAt: '2026-01-02T00:00:00.000Z',
    mintedAt: null,
    status: 'AVAILABLE',
    minted: false,
    lockExpiresAt: null,
    reservationId: null,
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: `ord_${nextId++}`,
    partnerId: 1,
    apiKeyId: 'key_1',
    plaqueId: 7,
    plaqueName: 'ABC-0007',
    reservationId: 'res_1',
    buyerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    price: 100,
    currency: 'USD',
    tokenId: '7',
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    status: 'SOLD',
    txHash: null,
    failureReason: null,
    cancelReason: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    deliveredAt: null,
    mintCost: null,
    ...overrides,
  };
}
