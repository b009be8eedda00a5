import { createContext, type ReactNode, useContext, useState } from 'react';
import type { Location } from 'react-router';

export interface PageResume {
  /** Note where a cached page was last shown (with its filters in the search). */
  remember(location: Pick<Location, 'pathname' | 'search' | 'hash'>): void;
  /** Where a menu link to `path` should go: back to the cached page as the user left it. */
  resume(path: string): string;
}

function createPageResume(): PageResume {
  const last = new Map<string, string>();
  return {
    remember: (location) => last.set(location.pathname, location.pathname + location.search + location.hash),
    resume: (path) => last.get(path) ?? path,
  };
}

const ResumeContext = createContext<PageResume>(createPageResume());

export function PageResumeProvider({ children }: { children: ReactNode }) {
  const [resume] = useState(createPageResume);
  return <ResumeContext.Provider value={resume}>{children}</ResumeContext.Provider>;
}

export function usePageResume(): PageResume {
  return useContext(ResumeContext);
}
