import type { Resource } from '@cp/contracts';
import { actionPath } from '@cp/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { post, RequestError } from '../request';
import { createResourceApi } from './resourceApi';
import type { ResourceRecord } from './types';
import { toInput } from './values';

/** After a change: every list, row and history of these resources is asked for again. */
export function refreshResources(queryClient: QueryClient, keys: readonly string[]) {
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/**
 * Saves a resource's form: a new row, or an edit of `record` made on its version. Says 操作成功 and refreshes
 * the family and what its saves also change (`alsoRefresh`: the lead a driver was saved from); an edit someone
 * saved first (409) is kept as `conflict` for the form to offer a reload.
 */
export function useResourceSave(resource: Resource, record?: ResourceRecord, alsoRefresh: readonly string[] = []) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const api = createResourceApi(resource.endpoint);
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const input = toInput(resource, values, record !== undefined);
      return record ? api.update(record.id, { ...input, version: record.version ?? 1 }) : api.create(input);
    },
    onSuccess: () => {
      message.success('操作成功');
      setConflict(null);
      // The form closes at once; its lists refresh behind it (waiting held the drawer open while a busy
      // server answered the refetch).
      void refreshResources(queryClient, [resource.key, ...alsoRefresh]);
    },
    onError: (error) => {
      if (error instanceof RequestError && error.code === 409) setConflict(error.message);
    },
  });
  return { save, conflict };
}

/**
 * Deletes a row of a resource, says 操作成功 and refreshes the family. `remove(id)` settles either way,
 * answering whether the row is gone: a refusal has already been shown by the request layer, so a
 * confirmation awaiting it (Popconfirm) closes without leaving a rejected promise behind.
 */
export function useResourceRemove(resource: Resource) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const api = createResourceApi(resource.endpoint);
  const mutation = useMutation({
    mutationFn: api.remove,
    onSuccess: async () => {
      message.success('操作成功');
      await refreshResources(queryClient, [resource.key]);
    },
  });
  return {
    remove: (id: string): Promise<boolean> =>
      mutation.mutateAsync(id).then(
        () => true,
        () => false,
      ),
    removing: mutation.isPending,
  };
}

/** `POST {endpoint}/{id}/{action}`: a lifecycle action on a row. */
export function takeAction(resource: Resource, id: string, action: string, body?: Record<string, unknown>) {
  return post<unknown>(`${resource.endpoint}/${id}/${actionPath(action)}`, body);
}
