import type { ListColumnsPreference, Screen } from '@cp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { del, getOrNull, put } from '../request';
import { arrangeColumns, type ColumnLayout, preferenceOf } from './columnLayout';

const preferenceUrl = (screen: Screen) => `/api/preferences/list-columns/${screen.key}`;

/** The query of a screen's 列设置: loaded once per session (with the list's first page), kept until it changes. */
export function columnSettingsQuery(screen: Screen) {
  return {
    queryKey: ['preferences', 'listColumns', screen.key] as const,
    queryFn: () => getOrNull<ListColumnsPreference>(preferenceUrl(screen), undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * A screen's columns as the user arranged them, kept on the server per user and screen (so they follow
 * the user to another computer), and the calls that change them: the list shows a change at once, while
 * it is saved. When the arrangement cannot be read, the screen's own order shows.
 */
export function useColumnSettings(screen: Screen) {
  const queryClient = useQueryClient();
  const query = columnSettingsQuery(screen);
  const { queryKey } = query;
  const saved = useQuery(query);
  const save = useMutation({
    mutationFn: (preference: ListColumnsPreference | null) =>
      preference ? put<ListColumnsPreference>(preferenceUrl(screen), preference) : del<null>(preferenceUrl(screen)),
    onMutate: (preference) => queryClient.setQueryData(queryKey, preference),
    // A change the server refused (its message shown) leaves the list as the server keeps it.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
  const layout = useMemo(() => arrangeColumns(screen, saved.data), [screen, saved.data]);
  return {
    layout,
    /** Whether the arrangement is known (or could not be read): the list shows no columns to rearrange later. */
    ready: !saved.isPending,
    /** Whether the user's arrangement differs from the screen's own. */
    customised: saved.data != null,
    change: (next: readonly ColumnLayout[]) => save.mutate(preferenceOf(next)),
    reset: () => save.mutate(null),
  };
}
