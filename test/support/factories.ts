// Small factories for test data: a valid record with only the members a test cares about overridden.
import type { StoredPlaque } from '#lib/plaques/plaque.ts';

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
    image: null,
    price: 100,
    currency: 'USD',
    marketplace: 'PRIMARY',
    tokenId: null,
    mappedPlaqueId: null,
    contractAddress: null,
    featured: true,
    description: null,
    standard: 'ERC1155',
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
