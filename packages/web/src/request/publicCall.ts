import { isEnvelope, isSuccessEnvelope, unwrap } from './envelope';
import { RequestError, requestMessages, requestTimeoutMs } from './errors';

/**
 * A public call of the login page (`/api/auth/…`), made before the console and its request layer (axios,
 * `client.ts`) have loaded: a form posted without the session token, answering the envelope's data or
 * rejecting with the `RequestError` the request layer would give — the same messages, no toast (the login page
 * shows the failure itself). The answer is a token: read as plain JSON, no big integers to keep.
 */
export async function postPublicForm<T>(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (failure) {
    const timedOut = failure instanceof DOMException && failure.name === 'TimeoutError';
    throw timedOut
      ? new RequestError(0, requestMessages.timeout, 'timeout')
      : new RequestError(0, requestMessages.network, 'network');
  }
  if (!response.ok) throw new RequestError(response.status, requestMessages.http(response.status), 'http');
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return text as T;
  }
  if (!isEnvelope(answer)) return answer as T;
  if (isSuccessEnvelope(answer)) return unwrap(answer) as T;
  throw new RequestError(answer.code, answer.msg || requestMessages.unknown, 'business', answer.data);
}
