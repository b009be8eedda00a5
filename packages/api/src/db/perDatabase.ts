/**
 * A process-local map for each database handle: a cache kept per database, so that databases opened in one
 * process (the app's, each test's) never share entries, and the entries go when the handle does.
 */
export function perDatabase<K, V>(): (db: object) => Map<K, V> {
  const maps = new WeakMap<object, Map<K, V>>();
  return (db) => {
    let map = maps.get(db);
    if (!map) {
      map = new Map();
      maps.set(db, map);
    }
    return map;
  };
}
