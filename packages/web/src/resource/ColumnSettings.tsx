import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { Resource } from '@cp/contracts';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { type ColumnLayout, moveColumn, toggleColumn } from './columnLayout';
import { displayTitle } from './format';

interface ColumnSettingsProps {
  resource: Resource;
  layout: readonly ColumnLayout[];
  customised: boolean;
  onChange: (layout: ColumnLayout[]) => void;
  onReset: () => void;
}

/** One column in the list of 列设置: shown or not, and moved up or down; the identity stays as it is. */
function ColumnRow({
  title,
  column,
  first,
  last,
  onToggle,
  onMove,
}: {
  title: string;
  column: ColumnLayout;
  first: boolean;
  last: boolean;
  onToggle: () => void;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <Checkbox checked={!column.hidden} disabled={column.locked} onChange={onToggle}>
        {title}
      </Checkbox>
      {!column.locked && (
        <span>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${title}`}
            disabled={first}
            onClick={() => onMove(-1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${title}`}
            disabled={last}
            onClick={() => onMove(1)}
          />
        </span>
      )}
    </Flex>
  );
}

/**
 * 列设置 of a list: which columns show and in what order, each change applied at once. The identity column
 * stays first and shown, 操作 stays last; 恢复默认 goes back to the screen's own arrangement.
 */
export function ColumnSettings({ resource, layout, customised, onChange, onReset }: ColumnSettingsProps) {
  const movable = layout.filter((column) => !column.locked);
  const content = (
    <Flex vertical gap={4} style={{ width: 240, maxHeight: 420, overflowY: 'auto' }}>
      {layout.map((column) => (
        <ColumnRow
          key={column.name}
          title={displayTitle(resource.fields[column.name] ?? { title: column.name })}
          column={column}
          first={column.name === movable[0]?.name}
          last={column.name === movable.at(-1)?.name}
          onToggle={() => onChange(toggleColumn(layout, column.name))}
          onMove={(step) => onChange(moveColumn(layout, column.name, step))}
        />
      ))}
    </Flex>
  );
  const title = (
    <Flex align="center" justify="space-between">
      <Typography.Text strong>列设置</Typography.Text>
      <Button type="link" size="small" disabled={!customised} onClick={onReset}>
        恢复默认
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
