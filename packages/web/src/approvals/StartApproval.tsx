import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useAccess } from '../auth/access';
import type { WebFamily } from '../resource/family';
import { refreshResources } from '../resource/mutations';
import { ResourceFormDrawer } from '../resource/ResourceFormDrawer';

/**
 * 我发起的's 新增: what the user may start an approval for, each opening its own form (线下收款 now; 零售工单
 * and the others as their sections arrive). Saving the form starts the approval.
 */
export function StartApproval({ title, startable }: { title: string; startable: readonly WebFamily[] }) {
  const { hasButton } = useAccess();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<WebFamily | null>(null);
  const offered = startable.filter((family) => {
    const add = family.resource.permissions.create;
    return add !== undefined && hasButton(add);
  });
  return (
    <>
      <Dropdown
        disabled={offered.length === 0}
        menu={{
          items: offered.map((family) => ({ key: family.resource.key, label: family.resource.title })),
          onClick: ({ key }) => setOpen(offered.find((family) => family.resource.key === key) ?? null),
        }}
      >
        <Button type="primary" title={offered.length === 0 ? '没有可发起的审批' : undefined}>
          {title}
        </Button>
      </Dropdown>
      {open ? (
        <ResourceFormDrawer
          family={open}
          onClose={() => {
            setOpen(null);
            void refreshResources(queryClient, ['approvalInstance']);
          }}
        />
      ) : null}
    </>
  );
}
