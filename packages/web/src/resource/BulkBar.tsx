import { Button, Flex, Typography } from 'antd';
import type { BulkTarget } from './BulkActionDialog';
import { allows, type BulkSelection } from './bulkSelection';
import type { WebFamily } from './family';

/**
 * Above a list with selected rows: 已选 N 项, a button per bulk action counting the selected rows whose state
 * allows it (disabled when none does), and 取消选择.
 */
export function BulkBar({
  family,
  selection,
  onOpen,
}: {
  family: WebFamily;
  selection: BulkSelection;
  onOpen: (target: BulkTarget) => void;
}) {
  const { selected, actions } = selection;
  if (selected.length === 0) return null;
  return (
    <Flex
      role="toolbar"
      aria-label="批量操作"
      align="center"
      gap={12}
      wrap
      style={{ marginBottom: 12, padding: '8px 12px', background: 'var(--ant-color-primary-bg)', borderRadius: 6 }}
    >
      <Typography.Text>已选 {selected.length} 项</Typography.Text>
      {actions.map((transition) => {
        const rows = selected.filter((record) => allows(family, transition, record));
        return (
          <Button
            key={transition.action}
            size="small"
            type="primary"
            disabled={rows.length === 0}
            onClick={() => onOpen({ family, transition, rows, skipped: selected.length - rows.length })}
          >
            {`批量${transition.title}（${rows.length}）`}
          </Button>
        );
      })}
      <Button size="small" type="link" onClick={selection.clear}>
        取消选择
      </Button>
    </Flex>
  );
}
