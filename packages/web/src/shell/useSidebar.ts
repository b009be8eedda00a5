import { useCallback, useState } from 'react';
import { readCookie, writeCookie } from '../auth/cookies';

/** Open ('1') or closed ('0'), kept across reloads. */
export const sidebarCookieName = 'sidebarStatus';

/** The desktop sidebar's open state, kept in a cookie; open unless the user closed it. */
export function useSidebar() {
  const [opened, setOpened] = useState(() => readCookie(sidebarCookieName) !== '0');
  const toggle = useCallback(() => {
    setOpened((current) => {
      writeCookie(sidebarCookieName, current ? '0' : '1');
      return !current;
    });
  }, []);
  return { opened, toggle };
}
