import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

afterEach(() => onlineManager.setOnline(true));

describe('the query client', () => {
  it('sends an action and a list request while the browser believes itself offline', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const sent: string[] = [];
    const action = client.getMutationCache().build(client, {
      mutationFn: async () => {
        sent.push('action');
        return 'done';
      },
    });
    await expect(action.execute(undefined)).resolves.toBe('done');
    await expect(
      client.fetchQuery({
        queryKey: ['list'],
        queryFn: async () => {
          sent.push('list');
          return [];
        },
      }),
    ).resolves.toEqual([]);
    expect(sent).toEqual(['action', 'list']);
  });
});
