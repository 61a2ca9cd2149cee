// Query strings → nested objects in the bracket form `filters[condition][]=X`, with depth, array and size limits.
// Written for the one shape the API reads, with qs's rules for it: a name is a parent and at most DEPTH `[...]` groups
// (a deeper name is refused, text between groups is ignored, an unclosed group is a key of its own); `[]` appends,
// `[i]` places at index i (the arrays are compacted, so `[0]` and `[]` agree), any other group is a key; a repeated
// name collects its values in an array. qs itself loads about 50 KB of polyfills at every cold start of the listing.
import { validationFailed } from '#lib/errors.ts';

/** Longest query string accepted, in characters once re-encoded (API Gateway itself allows 10 240). */
export const MAX_QUERY_LENGTH = 8192;
const DEPTH = 3;
const ARRAY_LIMIT = 100;
const PARAMETER_LIMIT = 200;

type Segment = { kind: 'key'; name: string } | { kind: 'index'; index: number } | { kind: 'append' };
type Node = string | Node[] | { [name: string]: Node };

const refused = (detail: string) => validationFailed([{ path: 'query', message: `is too deep or has too many parameters (${detail})` }]);
const mixed = (name: string) =>
  validationFailed([
    { path: 'query', message: `gives ${JSON.stringify(name)} both a value and nested parameters, or mixes array and object forms` },
  ]);

/** The group's content as a segment: an array index below the limit, an append, or a key. */
function segmentOf(content: string): Segment {
  if (content === '') return { kind: 'append' };
  const index = Number.parseInt(content, 10);
  if (String(index) === content && index >= 0) {
    if (index >= ARRAY_LIMIT) throw refused(`array index ${index} exceeds ${ARRAY_LIMIT - 1}`);
    return { kind: 'index', index };
  }
  return { kind: 'key', name: content };
}

/** `a[b][c]` → a, b, c: the parent, then up to DEPTH balanced bracket groups; undefined for an empty name. */
function splitName(name: string): Segment[] | undefined {
  if (name === '') return undefined;
  const first = name.indexOf('[');
  const segments: Segment[] = [];
  let open = first;
  if (first !== 0) segments.push({ kind: 'key', name: first >= 0 ? name.slice(0, first) : name });
  for (let groups = 0; open >= 0; groups++) {
    if (groups === DEPTH) throw refused(`more than ${DEPTH} levels of brackets`);
    let level = 1;
    let close = -1;
    for (let i = open + 1; i < name.length && close < 0; i++) {
      if (name[i] === '[') level++;
      else if (name[i] === ']' && --level === 0) close = i;
    }
    if (close < 0) {
      // An unclosed group: the rest of the name is one key, as written.
      segments.push({ kind: 'key', name: name.slice(open) });
      break;
    }
    const content = name.slice(open + 1, close);
    // The parent is always a key; so is a name's leading group (`[x]=1` → x).
    segments.push(segments.length === 0 ? { kind: 'key', name: content } : segmentOf(content));
    open = name.indexOf('[', close + 1);
  }
  return segments;
}

/** Stores `value` under `segments` in `root`; a repeated leaf collects its values in an array. */
function place(root: { [name: string]: Node }, segments: Segment[], value: string, name: string): void {
  let container: { [name: string]: Node } | Node[] = root;
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth]!;
    const next = segments[depth + 1];
    // Where this segment's node lives in its container (an append takes the next free slot).
    let slot: string | number;
    if (Array.isArray(container)) {
      if (segment.kind === 'key') throw mixed(name);
      slot = segment.kind === 'index' ? segment.index : container.length;
    } else {
      if (segment.kind !== 'key') throw mixed(name);
      // Keys from the query never reach an object's prototype chain.
      if (segment.name === '__proto__') return;
      slot = segment.name;
    }
    const slots = container as Record<string | number, Node | undefined>;
    const existing: Node | undefined = slots[slot];
    let node: Node;
    if (next === undefined) {
      if (existing === undefined) node = value;
      else if (typeof existing === 'string') node = [existing, value];
      else if (Array.isArray(existing)) node = [...existing, value];
      else throw mixed(name);
    } else if (existing === undefined) {
      node = next.kind === 'key' ? (Object.create(null) as { [name: string]: Node }) : [];
    } else if (typeof existing === 'string') {
      throw mixed(name);
    } else {
      node = existing;
    }
    slots[slot] = node;
    if ((Array.isArray(node) && node.length > ARRAY_LIMIT) || (Array.isArray(container) && container.length > ARRAY_LIMIT)) {
      throw refused(`more than ${ARRAY_LIMIT} values for one name`);
    }
    if (typeof node === 'string') return;
    container = node;
  }
}

/** Arrays without the holes that indices left (`[2]` alone is the first element), at every level. */
function compact(node: Node): Node {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.filter((item) => item !== undefined).map(compact);
  for (const key of Object.keys(node)) node[key] = compact(node[key]!);
  return node;
}

/**
 * API Gateway hands over already-decoded name/value lists; each name is split into its bracket groups and its values
 * placed in one object, so `filters[condition][0]=VIRGIN` and `filters[condition][]=VIRGIN` agree.
 */
export function parseNestedQuery(multiValue: Record<string, string[] | undefined> | null | undefined): Record<string, unknown> {
  const root = Object.create(null) as { [name: string]: Node };
  if (!multiValue) return root;
  let length = -1;
  let parameters = 0;
  for (const [name, values] of Object.entries(multiValue)) {
    for (const value of values ?? []) {
      length += encodeURIComponent(name).length + encodeURIComponent(value).length + 2;
      parameters++;
    }
  }
  if (length > MAX_QUERY_LENGTH) {
    throw validationFailed([{ path: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` }]);
  }
  if (parameters > PARAMETER_LIMIT) throw refused(`more than ${PARAMETER_LIMIT} parameters`);
  for (const [name, values] of Object.entries(multiValue)) {
    const segments = splitName(name);
    if (!segments) continue;
    for (const value of values ?? []) place(root, segments, value, name);
  }
  return compact(root) as Record<string, unknown>;
}
