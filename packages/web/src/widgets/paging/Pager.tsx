import { EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useIsMobileWidth } from '../responsive/useMediaQuery';
import { PageInput } from './PageInput';
import { pagerItems } from './pagerItems';
import {
  pageCount,
  pagerCountNarrow,
  pagerCountWide,
  sharedDefaultPageSize,
  sharedPageSizes,
  totalText,
} from './paging';

export interface PagerProps {
  page: number;
  limit?: number;
  total: number;
  /** false when the server stopped counting at its cap: the total reads `10000+`. */
  totalExact?: boolean;
  pageSizes?: number[];
  /** A new page size starts again at page 1. */
  onChange: (page: number, limit: number) => void;
  disabled?: boolean;
}

/** The console's pager: total, page size, pages (7 numbered, 5 below 992px), previous/next and a jump box. */
export function Pager({
  page,
  limit = sharedDefaultPageSize,
  total,
  totalExact = true,
  pageSizes = sharedPageSizes,
  onChange,
  disabled,
}: PagerProps) {
  const count = pageCount(total, limit);
  const pagerCount = useIsMobileWidth() ? pagerCountNarrow : pagerCountWide;
  const go = (target: number) => onChange(target, limit);
  return (
    <Flex component="nav" aria-label="分页" align="center" justify="flex-end" gap={4} wrap style={{ marginTop: 16 }}>
      <span style={{ marginRight: 8 }}>{totalText(total, totalExact)}</span>
      <Select
        aria-label="每页条数"
        value={limit}
        disabled={disabled}
        style={{ width: 110 }}
        options={pageSizes.map((size) => ({ value: size, label: `${size} 条/页` }))}
        onChange={(size: number) => onChange(1, size)}
      />
      <Button
        type="text"
        aria-label="上一页"
        icon={<LeftOutlined />}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      />
      {pagerItems(page, count, pagerCount).map((item) =>
        item.kind === 'page' ? (
          <Button
            key={item.page}
            type={item.page === page ? 'primary' : 'text'}
            aria-current={item.page === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => go(item.page)}
          >
            {item.page}
          </Button>
        ) : (
          <Button
            key={item.kind}
            type="text"
            aria-label={`${item.kind === 'jumpPrev' ? '向前' : '向后'} ${pagerCount - 2} 页`}
            icon={<EllipsisOutlined />}
            disabled={disabled}
            onClick={() => go(item.page)}
          />
        ),
      )}
      <Button
        type="text"
        aria-label="下一页"
        icon={<RightOutlined />}
        disabled={disabled || page >= count}
        onClick={() => go(page + 1)}
      />
      <span style={{ marginLeft: 8 }}>跳至</span>
      <PageInput page={page} count={count} onChange={go} label="跳至页码" disabled={disabled} />
      <span>页</span>
    </Flex>
  );
}
