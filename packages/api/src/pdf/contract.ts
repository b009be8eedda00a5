// A contract described neutrally — parties, car lines, terms, schedule, clauses — laid out as the console's
// PDF. C端 lease orders describe theirs in `leaseContracts/describe.ts`; a B端 fleet order passes its many car
// lines and its schedule the same way.
/** A table of the contract: its header and its rows, as text. */
interface ContractTable {
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

interface ContractParty {
  /** 甲方（出租方）, 乙方（承租方）… */
  role: string;
  name: string;
  /** Label and value: 统一社会信用代码, 身份证号, 联系电话, 地址… */
  details: readonly (readonly [string, string])[];
}

export interface ContractClause {
  title: string;
  paragraphs: readonly string[];
}

export interface ContractDocument {
  title: string;
  contractNo: string;
  /** 第 2 版（延期）: which version of the order's contract this is, and why. */
  edition?: string;
  signedOn: string;
  notice?: string;
  parties: readonly ContractParty[];
  /** The cars leased, one line each (a fleet order's many). */
  cars: ContractTable;
  /** Label and value of each term: 租期, 月租金, 押金… */
  terms: readonly (readonly [string, string])[];
  /** What falls due when: the receivables the terms give. */
  schedule?: ContractTable;
  clauses: readonly ContractClause[];
}

/** Clauses every lease contract of the console carries, after its own. */
const standardClauses: readonly ContractClause[] = [
  {
    title: '车辆使用',
    paragraphs: [
      '承租方应合法、合规使用车辆，不得将车辆用于违法活动，不得转租、转借、抵押或质押车辆，不得擅自改装车辆。',
    ],
  },
  {
    title: '保险与事故处理',
    paragraphs: [
      '出租方为车辆投保交强险及商业险。发生交通事故时，承租方应立即报警并通知出租方，配合完成定损与理赔，保险免赔部分按责任比例承担。',
    ],
  },
  {
    title: '违章处理',
    paragraphs: [
      '租赁期间发生的交通违法行为由承租方负责处理并承担罚款及相关费用，承租方应在收到通知后七日内完成处理。',
    ],
  },
  {
    title: '争议解决',
    paragraphs: [
      '因本合同引起的争议，双方应友好协商解决；协商不成的，任何一方均可向出租方所在地有管辖权的人民法院提起诉讼。',
    ],
  },
  {
    title: '其他',
    paragraphs: ['本合同一式两份，双方各执一份，自双方签字盖章之日起生效。本合同附表与本合同具有同等法律效力。'],
  },
];

const digits = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 12 → 十二, 40 → 四十: the numbers of articles. */
function chineseNumber(n: number): string {
  if (n < 10) return digits[n] ?? String(n);
  if (n >= 100) return String(n);
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : digits[tens]}十${digits[n % 10]}`;
}

/** Text as one Markdown line that stays text: what people typed may hold table bars, headings or breaks. */
const plain = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '｜')
    .replace(/^[#>\-*+`\s]+/, '')
    .replace(/[*`[\]]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
    .trim();

const table = ({ header, rows }: ContractTable) =>
  [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.map((cell) => plain(cell) || '—').join(' | ')} |`)
    .join('\n');

/** The contract as the Markdown the PDF renderer lays out. */
export function contractMarkdown(contract: ContractDocument): string {
  const clauses = [
    {
      title: '租赁车辆',
      paragraphs: ['出租方同意将本合同附表一所列车辆出租给承租方使用，承租方已对车辆及随车证件进行查验并确认无误。'],
    },
    ...contract.clauses,
    ...standardClauses,
  ];
  return [
    `# ${plain(contract.title)}`,
    ...(contract.notice ? [`> ${plain(contract.notice)}`] : []),
    `合同编号：${plain(contract.contractNo)}${contract.edition ? `　　${plain(contract.edition)}` : ''}　　签订日期：${plain(contract.signedOn)}`,
    '## 合同双方',
    table({
      header: ['角色', '名称', '信息'],
      rows: contract.parties.map((party) => [
        party.role,
        party.name,
        party.details.map(([label, value]) => `${label}：${value}`).join('；'),
      ]),
    }),
    '双方根据《中华人民共和国民法典》及相关法律法规，本着平等自愿、诚实信用的原则，就车辆租赁事宜经协商一致，订立本合同。',
    ...clauses.flatMap((clause, index) => [
      `## 第${chineseNumber(index + 1)}条　${plain(clause.title)}`,
      ...clause.paragraphs.map(plain),
    ]),
    '## 附表一：租赁车辆',
    table(contract.cars),
    '## 附表二：租赁条款',
    table({ header: ['条款', '约定'], rows: contract.terms.map(([label, value]) => [label, value]) }),
    ...(contract.schedule && contract.schedule.rows.length > 0
      ? ['## 附表三：付款计划', table(contract.schedule)]
      : []),
    '## 签署',
    table({
      header: contract.parties.map((party) => `${party.role}（签章）`),
      rows: [contract.parties.map(() => '签字：__________'), contract.parties.map(() => '日期：__________')],
    }),
  ].join('\n\n');
}
