import JSONbig from 'json-bigint';

const bigJson = JSONbig({ storeAsString: true });

/** Response text to JSON, with integers beyond Number.MAX_SAFE_INTEGER kept as strings. */
export function parseJsonWithBigInts(data: unknown): unknown {
  if (typeof data !== 'string' || data.trim() === '') return data;
  try {
    return bigJson.parse(data);
  } catch {
    return data;
  }
}
