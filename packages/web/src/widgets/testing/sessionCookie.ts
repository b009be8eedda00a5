import { tokenCookieName } from '../api/httpClient';

export function setSessionCookie(token: string | null): void {
  const value = token === null ? '=; expires=Thu, 01 Jan 1970 00:00:00 GMT' : `=${token}`;
  // biome-ignore lint/suspicious/noDocumentCookie: tests hold the session exactly as the browser does.
  document.cookie = `${tokenCookieName}${value}; path=/`;
}
