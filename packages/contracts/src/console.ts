/** The application id of this console (SPEC.md §7 `appId`): role menus and logins are per application. */
export const consoleAppId = 'cp-console';
