import { readCookie, removeCookie, writeCookie } from './cookies';

/** The session token cookie, under the name the console has always used. */
const tokenCookieName = 'vue_admin_template_token';

export function getToken(): string | undefined {
  return readCookie(tokenCookieName) || undefined;
}

export function setToken(token: string): void {
  writeCookie(tokenCookieName, token);
}

export function removeToken(): void {
  removeCookie(tokenCookieName);
}
