// The API's dated versions: their order, what each one changed, and the transformations that give an answer built in
// the newest shape (what every handler and event builds) the shape of the version its caller reads. Each change is a
// pair of small functions over the one shape it changes: `before` gives the shape of the versions before it, `after`
// the shape from it on, each from either shape, so a body kept in an older shape (a stored event) reads in any version.
import { badRequest } from '#lib/errors.ts';
import { isPlaqueEventType } from '#lib/webhooks/events.ts';
import { API_VERSIONS, LATEST_API_VERSION, VERSION_HEADER, type ApiVersion } from '#lib/versions/api-versions.ts';

export {
  API_VERSIONS,
  DEFAULT_API_VERSION,
  isApiVersion,
  LATEST_API_VERSION,
  UNPINNED_API_VERSION,
  VERSION_HEADER,
  type ApiVersion,
} from '#lib/versions/api-versions.ts';

/**
 * 400 UNKNOWN_VERSION: what `path` (the header, or a body member) names is none of the versions; `answeredIn`, the
 * version the refusal itself is given in (the caller's pin), where it is not the one the answer would name anyway.
 */
export const unknownVersion = (path: string, named: string, answeredIn?: ApiVersion) => {
  const message = `must be one of the API versions ${API_VERSIONS.join(', ')}`;
  return badRequest('UNKNOWN_VERSION', `${path} ${JSON.stringify(named.slice(0, 32))} names no API version: ${message}`, {
    errors: [{ path, message }],
    ...(answeredIn && { headers: { [VERSION_HEADER.toLowerCase()]: answeredIn } }),
  });
};

type Json = Record<string, unknown>;

/** A component a version changed: the answers' schemas name it (lib/<area>/response-schemas.ts). */
type ChangedComponent = 'Plaque';

export interface VersionChange {
  /** The first version with the change. */
  readonly version: ApiVersion;
  readonly component: ChangedComponent;
  /** What changed and what a client does about it, as the OpenAPI document lists it (info.x-api-versions). */
  readonly summary: string;
  /** The component's shape in the versions before this one. */
  readonly before: (value: Json) => Json;
  /** The component's shape from this version on. */
  readonly after: (value: Json) => Json;
}

const withoutTokenIdCopy = ({ token_id: _copy, ...rest }: Json): Json => rest;

/** Every change, oldest first. */
export const VERSION_CHANGES: readonly VersionChange[] = [
  {
    version: '2026-11-28',
    component: 'Plaque',
    summary:
      'The Plaque no longer carries `token_id`, the copy of `tokenId` kept from the original interface: read `tokenId` ' +
      '(the same value: null until minted). Everywhere a Plaque appears: the plaque reads, the listings, the buy answer, ' +
      'and the `data` of plaque.* events.',
    // In the versions before, `token_id` is the record's last member, as the original interface wrote it.
    before: (plaque) => {
      const shaped = withoutTokenIdCopy(plaque);
      shaped.token_id = plaque.tokenId ?? null;
      return shaped;
    },
    after: withoutTokenIdCopy,
  },
];

const order = (version: ApiVersion): number => API_VERSIONS.indexOf(version);

/**
 * `value`, a `component` in any version's shape, in the shape of version `to`: the changes up to `to` applied (oldest
 * first), the later ones undone (newest first). Each change's functions take either shape, so a body kept in an older
 * shape (a stored event) reads in any version too.
 */
export function shapeAs(component: ChangedComponent, value: Json, to: ApiVersion): Json {
  let shaped = value;
  const relevant = changesOf(component);
  for (const change of relevant) if (order(change.version) <= order(to)) shaped = change.after(shaped);
  for (let i = relevant.length - 1; i >= 0; i--) {
    const change = relevant[i]!;
    if (order(change.version) > order(to)) shaped = change.before(shaped);
  }
  return shaped;
}

/** Each component's changes, oldest first (a listing page shapes a hundred plaques with them). */
const CHANGES_OF = new Map<ChangedComponent, readonly VersionChange[]>();
const changesOf = (component: ChangedComponent): readonly VersionChange[] => {
  let changes = CHANGES_OF.get(component);
  if (!changes) CHANGES_OF.set(component, (changes = VERSION_CHANGES.filter((change) => change.component === component)));
  return changes;
};

/** Gives each changed component an answer holds its shape: `shape` is called on each, its result put in its place. */
type Reshape = (answer: Json, shape: (value: Json) => Json) => Json;

const eachOf =
  (member: string): Reshape =>
  (answer, shape) => ({ ...answer, [member]: (answer[member] as Json[]).map(shape) });

/**
 * Where each changed component sits in the answers that hold it, by the answer's component name (the schema its
 * operation declares). test/versions/versions.test.ts holds this list to the schemas: an answer that comes to hold a
 * Plaque fails it until it is named here.
 */
export const HOLDERS: Readonly<Record<ChangedComponent, Readonly<Record<string, Reshape>>>> = {
  Plaque: {
    Plaque: (plaque, shape) => shape(plaque),
    FeaturedPage: eachOf('plaques'),
    WalletPlaquePage: eachOf('plaques'),
    Sale: (sale, shape) => ({ ...sale, plaque: shape(sale.plaque as Json) }),
    EventPage: (page, shape) => ({
      ...page,
      events: (page.events as Json[]).map((event) =>
        isPlaqueEventType(event.type) ? { ...event, data: shape(event.data as Json) } : event,
      ),
    }),
  },
};

/** Whether a version may change the shape of an answer (its schema's component name). */
export const isVersioned = (answer: string): boolean => Object.values(HOLDERS).some((holders) => answer in holders);

/**
 * An answer (its schema's component name `answer`) in the shape of version `to`: built in the newest shape, the
 * answer itself for the newest version; `built` 'any' for an answer kept in an unknown version's shape. The answer
 * itself too when it holds nothing a version changed.
 */
export function shapeAnswer<T>(answer: string, body: T, to: ApiVersion, built: ApiVersion | 'any' = LATEST_API_VERSION): T {
  if (to === built || body === null || typeof body !== 'object') return body;
  let shaped = body as Json;
  for (const [component, holders] of Object.entries(HOLDERS) as [ChangedComponent, Record<string, Reshape>][]) {
    const reshape = holders[answer];
    if (reshape) shaped = reshape(shaped, (value) => shapeAs(component, value, to));
  }
  return shaped as T;
}

/** An event's `data` (of type `type`) in the shape of version `to`, from a body kept in any version's shape. */
export const shapeEventData = (type: string, data: Json, to: ApiVersion): Json =>
  isPlaqueEventType(type) ? shapeAs('Plaque', data, to) : data;
