import { routesByKey } from '@cp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../auth/access';
import type { WebFamily } from '../resource/family';
import { refreshResources } from '../resource/mutations';
import { ResourceFormDrawer } from '../resource/ResourceFormDrawer';

/**
 * 我发起的's 新增: what the user may start an approval for, each opening its own form — in a drawer (线下收款)
 * or on its page (`pages`, route keys: 新建零售工单). Saving the form starts the approval.
 */
export function StartApproval({
  title,
  startable,
  pages = [],
}: {
  title: string;
  startable: readonly WebFamily[];
  pages?: readonly string[];
}) {
  const { hasButton, canOpen } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<WebFamily | null>(null);
  const offered = startable.filter((family) => {
    const add = family.resource.permissions.create;
    return add !== undefined && hasButton(add);
  });
  const routes = pages.flatMap((key) => {
    const route = routesByKey.get(key);
    return route && canOpen(route) ? [route] : [];
  });
  const items = [
    ...offered.map((family) => ({ key: family.resource.key, label: family.resource.title })),
    ...routes.map((route) => ({ key: `page:${route.key}`, label: route.title.replace(/^新建/, '') })),
  ];
  return (
    <>
      <Dropdown
        disabled={items.length === 0}
        menu={{
          items,
          onClick: ({ key }) => {
            const route = routes.find((candidate) => `page:${candidate.key}` === key);
            if (route) navigate(route.path);
            else setOpen(offered.find((family) => family.resource.key === key) ?? null);
          },
        }}
      >
        <Button type="primary" title={items.length === 0 ? '没有可发起的审批' : undefined}>
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
