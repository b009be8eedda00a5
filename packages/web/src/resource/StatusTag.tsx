import type { EnumDef, Tone } from '@cp/contracts';
import { Tag } from 'antd';
import { emptyText } from './emptyText';

/** antd's tag colour of each tone: the same status word looks the same in every section. */
const toneColors: Readonly<Record<Tone, string>> = {
  danger: 'error',
  success: 'success',
  active: 'processing',
  waiting: 'gold',
  closed: 'default',
};

/** The colour of a tone on a timeline's dot (an approval's events). */
export const toneDots: Readonly<Record<Tone, string>> = {
  danger: 'red',
  success: 'green',
  active: 'blue',
  waiting: 'orange',
  closed: 'gray',
};

/** A status value as a tag coloured by what it means (contracts' `tones.ts`): 逾期 red, 已结清 green… */
export function StatusTag({ enumDef, value }: { enumDef: EnumDef<number>; value: number | null | undefined }) {
  const label = enumDef.label(value);
  if (!label) return value == null ? emptyText : String(value);
  const tone = enumDef.tone(value);
  return (
    <Tag color={tone ? toneColors[tone] : undefined} data-tone={tone ?? 'none'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
