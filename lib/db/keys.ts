// Key builders for every entity of the single table; nothing else concatenates key prefixes.

export const ENTITY = {
  plaque: 'plaque',
  plaqueName: 'plaqueName',
  counter: 'counter',
} as const;

export const plaqueKey = (id: number) => ({ pk: `PLAQUE#${id}`, sk: 'PLAQUE' });

/** Claims a plaque name, so two plaques can never share one. */
export const plaqueNameKey = (name: string) => ({ pk: `PLAQUENAME#${name}`, sk: 'PLAQUENAME' });

/** The catalogue index keys: one partition, sorted by `updatedAt` then id (ISO strings sort chronologically). */
export const CATALOG_PARTITION = 'CATALOG';
export const catalogKey = (updatedAt: string, id: number) => ({
  catpk: CATALOG_PARTITION,
  catsk: catalogSortKey(updatedAt, id),
});
export const catalogSortKey = (updatedAt: string, id: number) => `${updatedAt}#${String(id).padStart(12, '0')}`;

/** Atomic counters (e.g. the next plaque id). */
export const counterKey = (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' });
