/** Query parameters that carry a secret: a session token, an authorization code, a password. */
const secretParams = new Set(['token', 'access_token', 'code', 'state', 'password', 'authorization']);
/** Paths whose segment after the prefix is a credential (a signed link's grant). */
const secretPathPrefixes = ['/api/files/signed/'];

/**
 * A URL as it may be written to a log: the values of secret query parameters and the grant of a signed
 * link replaced by `***`. The rest stays, so the log still tells what was asked for.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const prefix of secretPathPrefixes) {
    if (path.startsWith(prefix)) {
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      path = `${prefix}***${slash === -1 ? '' : rest.slice(slash)}`;
    }
  }
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return equals !== -1 && secretParams.has(decoded.toLowerCase()) ? `${name}=***` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
