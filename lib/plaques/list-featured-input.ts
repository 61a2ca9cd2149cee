// The featured listing's parameters: one zod schema for the query string and the JSON body alike (the listing's
// declarations read `filters` as JSON text or the bracket form, lib/http/read-input.ts).
import * as z from 'zod/mini';
import { CONDITIONS, MARKETPLACE_FILTERS, STATUSES } from '#lib/plaques/plaque.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';

export { FILTER_BY_FIELDS, ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';

const MAX_LIMIT = 100;
const MAX_SKIP = 10_000;
export const MAX_SEARCH = 64;

type Keys<T> = [keyof T & string, ...(keyof T & string)[]];
const keysOf = <T extends object>(o: T) => Object.keys(o) as Keys<T>;

/** Most values one enumeration filter takes. */
const MAX_FILTER_VALUES = 20;

/**
 * A plain string counts as a one-item array. Any wrong value (an unknown or retired one such as GOOD, or a value of
 * the wrong type) is reported on the member itself with the allowed values, whichever form it came in.
 */
const oneOrMany = <const T extends readonly [string, ...string[]]>(values: T) => {
  const allowed = `must be one of ${values.join(', ')}, or an array of them`;
  const tooMany = `must have at most ${MAX_FILTER_VALUES} items`;
  const member = z.enum(values, { error: allowed });
  return z.pipe(
    z.union([member, z.array(member).check(z.maxLength(MAX_FILTER_VALUES, tooMany))], {
      // The array branch's own complaint when that is all that is wrong; the allowed values otherwise.
      error: (issue) => {
        const branches = (issue as { errors?: { code: string }[][] }).errors ?? [];
        return branches.some((b) => b.length > 0 && b.every((i) => i.code === 'too_big')) ? tooMany : allowed;
      },
    }),
    z.transform((v): T[number][] => (Array.isArray(v) ? v : [v]) as T[number][]),
  );
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const isoInstant = z
  .string()
  .check(z.refine((s) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date or date-time'));

export const featuredFilters = z
  .strictObject({
    condition: z.optional(oneOrMany(CONDITIONS)),
    marketplace: z.optional(oneOrMany(MARKETPLACE_FILTERS)),
    status: z.optional(oneOrMany(STATUSES)),
    featured: z.optional(
      z.boolean().register(z.globalRegistry, {
        description:
          'Default true: the listing lists featured plaques only; false lists the plaques that are not featured instead. No value lists both at once.',
      }),
    ),
    from: z.optional(isoInstant),
    to: z.optional(isoInstant),
    priceMin: z.optional(z.number().check(z.minimum(0))),
    priceMax: z.optional(z.number().check(z.minimum(0))),
  })
  .check(
    z.refine((f) => f.from === undefined || f.to === undefined || Date.parse(f.from) <= Date.parse(f.to), {
      message: 'must not be after to',
      path: ['from'],
    }),
    z.refine((f) => f.priceMin === undefined || f.priceMax === undefined || f.priceMin <= f.priceMax, {
      message: 'must not be greater than priceMax',
      path: ['priceMin'],
    }),
  );

const upperCase = z.pipe(
  z.string(),
  z.transform((s) => s.toUpperCase()),
);

export const listFeaturedInput = z.object({
  filters: z.optional(featuredFilters),
  filterBy: z._default(
    z.enum(keysOf(FILTER_BY_FIELDS)).register(z.globalRegistry, {
      description:
        'The date field filters.from and filters.to range over, inclusively: p.updated_at (updatedAt), p.sale_at (saleAt), p.featured_at (featuredAt, the default) or p.minted_at (mintedAt). A plaque whose field is null matches no range.',
    }),
    'p.featured_at',
  ),
  search: z.optional(z.string().check(z.maxLength(MAX_SEARCH))),
  orderBy: z._default(
    z.enum(keysOf(ORDER_FIELDS)).register(z.globalRegistry, {
      description:
        'The field the page is ordered by, in the direction of sort; ties are broken by id in the same direction and nulls come last either way. p.status orders by the status name alphabetically (AVAILABLE, LOCKED, MINTED, SOLD ascending), an expired hold counting as AVAILABLE.',
    }),
    'p.featured_at',
  ),
  sort: z._default(z.pipe(upperCase, z.enum(['ASC', 'DESC'])), 'DESC'),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_LIMIT)), 20),
  skip: z._default(z.int().check(z.minimum(0), z.maximum(MAX_SKIP)), 0),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export type ListFeaturedInput = z.infer<typeof listFeaturedInput>;
