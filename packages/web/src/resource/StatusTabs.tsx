import type { ScreenTabs, TabCount } from '@cp/contracts';
import { Tabs, Typography } from 'antd';

/** A tab's count as the pager shows a total: `10000+` past the cap. */
function countLabel(count: TabCount | undefined): string {
  if (!count) return '';
  return count.totalExact ? String(count.total) : `${count.total}+`;
}

/** The status tabs above a list, each with its count; choosing one lists its rows. */
export function StatusTabs({
  tabs,
  active,
  counts,
  onChange,
}: {
  tabs: ScreenTabs;
  active: string;
  counts: ReadonlyMap<string, TabCount>;
  onChange: (key: string) => void;
}) {
  const items = tabs.items.map((item) => {
    const count = countLabel(counts.get(item.key));
    return {
      key: item.key,
      label: (
        <span>
          {item.title}
          {count && (
            <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
              {count}
            </Typography.Text>
          )}
        </span>
      ),
    };
  });
  return <Tabs activeKey={active} items={items} onChange={onChange} style={{ marginBottom: 8 }} />;
}
