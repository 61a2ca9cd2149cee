// What function bundles get for the `side-channel` package (infra/bundling.ts aliases it here). `qs`, which the
// listing parses bracket queries with (lib/http/nested-query.ts), keeps its bookkeeping in side channels: values kept
// against an object without holding the object. The package builds them from a dozen polyfill packages
// (get-intrinsic, call-bind, object-inspect, ...) written for engines without WeakMap, and loading those cost the
// listing about 5 ms of cold start. Node has WeakMap and Map, so a channel is just those two: objects and functions are
// kept weakly, other values (which cannot be collected anyway) in a Map, as the package does.
// test/runtime/side-channel-stand-in.test.ts holds it to the package's behaviour and runs the query tests against the
// bundled parser; test/infra/bundles.test.ts holds that qs stays its only importer.
// CommonJS on purpose: qs `require`s the package and calls what it exports.

interface Channel<K, V> {
  /** Throws a TypeError unless a value is kept for `key`. */
  assert(key: K): void;
  delete(key: K): boolean;
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
}

const isObjectKey = (key: unknown): key is object => (typeof key === 'object' && key !== null) || typeof key === 'function';

function getSideChannel<K, V>(): Channel<K, V> {
  const objects = new WeakMap<object, V>();
  const others = new Map<K, V>();
  const channel: Channel<K, V> = {
    assert(key) {
      if (!channel.has(key)) {
        throw new TypeError(`Side channel does not contain ${isObjectKey(key) ? 'the given object key' : String(key)}`);
      }
    },
    delete: (key) => (isObjectKey(key) ? objects.delete(key) : others.delete(key)),
    get: (key) => (isObjectKey(key) ? objects.get(key) : others.get(key)),
    has: (key) => (isObjectKey(key) ? objects.has(key) : others.has(key)),
    set(key, value) {
      if (isObjectKey(key)) objects.set(key, value);
      else others.set(key, value);
    },
  };
  return channel;
}

export = getSideChannel;
