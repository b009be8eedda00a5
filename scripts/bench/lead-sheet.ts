// Writes a filled-in 线索 import template of N rows (new mobiles, real city names) for the upload benchmark:
//   node --import tsx scripts/bench/lead-sheet.ts <file.xlsx> <rows>
import { leadEnums } from '@cp/contracts';
import { importTemplate } from '../../packages/api/src/files/templates';
import '../../packages/api/src/families';
import { demoCities } from '../../packages/api/src/seed/reference-data';
import { XlsxWriter } from '../../packages/api/src/xlsx/writer';

const [file, count] = [process.argv[2], Number(process.argv[3] ?? 10_000)];
if (!file) throw new Error('usage: lead-sheet.ts <file.xlsx> <rows>');
const columns = importTemplate('lead')?.columns ?? [];
if (columns.length === 0) {
  console.error('线索明细还没有导入（上传）：没有线索导入模板');
  process.exit(3);
}
const writer = new XlsxWriter(file, columns);
const surnames = '王李张刘陈杨赵黄周吴徐孙马朱胡';
const stamp = String(Date.now() % 100_000).padStart(5, '0');
for (let i = 0; i < count; i++) {
  const cells: Record<string, string> = {
    联系人: `${surnames[i % surnames.length]}${'伟芳娜敏静磊强军'[i % 8]}`,
    手机号: `16${stamp.slice(0, 4)}${String(i).padStart(5, '0')}`,
    城市: demoCities[i % demoCities.length]?.name ?? '北京市',
    意向业务: leadEnums.business.label(i % 5),
    意向客户类型: leadEnums.customerKind.label(i % 5),
    备注: i % 10 === 0 ? '展会现场登记' : '',
  };
  writer.addRow(columns.map((column) => cells[column.header] ?? ''));
  if (i % 1000 === 999) await writer.drain();
}
await writer.finish();
console.log(JSON.stringify({ file, rows: count, headers: columns.map((column) => column.header) }));
