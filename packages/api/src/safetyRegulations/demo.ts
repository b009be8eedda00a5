import type { Db } from '../db';
import { markdownPdf } from '../pdf/documents';
import { type Branch, seedEachBranch } from '../seed/branches';
import { storeSeedFile } from '../seed/files';
import { safetyRegulations } from './tables';

interface DemoRegulation {
  title: string;
  category: number;
  edition: string;
  department: string;
  /** Days before today it took effect; negative: a day to come. */
  since: number;
  articles: readonly string[];
  repealed?: { daysAgo: number; reason: string };
}

const demoRegulations: readonly DemoRegulation[] = [
  {
    title: '安全生产责任制',
    category: 1,
    edition: 'V1.0',
    department: '安全管理部',
    since: 700,
    articles: [
      '公司总经理是安全生产第一责任人，对公司安全生产工作全面负责。',
      '各城市站长对本站车辆、司机的安全管理负直接责任。',
      '安全专员负责组织每月安全例会，建立司机安全教育台账。',
    ],
  },
  {
    title: '安全生产责任制',
    category: 1,
    edition: 'V2.0',
    department: '安全管理部',
    since: 210,
    articles: [
      '公司总经理是安全生产第一责任人，分管副总经理是直接责任人。',
      '各城市站长对本站车辆、司机的安全管理负直接责任，每季度向公司书面报告。',
      '安全专员每月组织安全例会，每季度组织安全生产会议，每年不少于两次专题讲座。',
      '发生较大及以上事故的，按《交通事故报告与处理规程》追究相关人员责任。',
    ],
  },
  {
    title: '驾驶员安全教育培训制度',
    category: 2,
    edition: '2025版',
    department: '运营管理部',
    since: 320,
    articles: [
      '新入职司机须完成岗前安全培训并考试合格后方可交车。',
      '有违章记录的司机须参加回炉学习，未完成的暂停续租。',
      '雨雪、节假日等特殊时段前组织专项培训，司机须签到。',
      '缺席安全会议的司机须在15日内完成补学，由安全专员登记。',
    ],
  },
  {
    title: '交通事故报告与处理规程',
    category: 3,
    edition: 'V1.2',
    department: '安全管理部',
    since: 150,
    articles: [
      '发生事故后司机应立即停车、开启危险报警闪光灯并设置警告标志。',
      '有人员伤亡的，立即拨打120和122，并在30分钟内报告城市站长。',
      '安全专员在24小时内完成事故登记，并跟进保险报案与定损。',
    ],
  },
  {
    title: '突发事件应急预案',
    category: 4,
    edition: '2025版',
    department: '安全管理部',
    since: 400,
    articles: [
      '突发事件分为自然灾害、事故灾难、公共卫生和社会安全四类。',
      '应急领导小组由总经理任组长，安全管理部负责日常工作。',
      '各城市站每半年组织一次应急演练并留存记录。',
    ],
  },
  {
    title: '突发事件应急预案',
    category: 4,
    edition: '2026版',
    department: '安全管理部',
    since: -12,
    articles: [
      '突发事件分为自然灾害、事故灾难、公共卫生和社会安全四类，按影响分为三级响应。',
      '应急领导小组由总经理任组长，安全管理部负责日常工作，各城市站设应急联络员。',
      '各城市站每季度组织一次应急演练，演练记录与整改情况报安全管理部备案。',
    ],
  },
  {
    title: '车辆安全检查与一车一档管理制度',
    category: 5,
    edition: 'V1.0',
    department: '车辆管理部',
    since: 90,
    articles: [
      '每月对在租车辆检查制动、轮胎、灯光和灭火器，发现问题当日开具整改单。',
      '每辆车建立档案，记录年检、保险、维保、检查与整改情况。',
      '整改未完成的车辆不得交付司机。',
    ],
  },
  {
    title: '夜间及长途驾驶管理规定',
    category: 9,
    edition: 'V1.0',
    department: '运营管理部',
    since: 260,
    articles: ['司机连续驾驶不得超过4小时，夜间22时至次日6时连续驾驶不得超过2小时。'],
    repealed: { daysAgo: 30, reason: '内容已并入《驾驶员安全教育培训制度》，不再单独执行' },
  },
];

const numerals = ['一', '二', '三', '四', '五', '六'];

const markdownOf = (regulation: DemoRegulation, branch: Branch, effectiveDate: string) =>
  [
    `# ${regulation.title}（${regulation.edition}）`,
    `${branch.name} ${regulation.department} 发布，自 ${effectiveDate} 起施行。`,
    ...regulation.articles.map((article, n) => `**第${numerals[n]}条** ${article}`),
    `**第${numerals[regulation.articles.length]}条** 本制度由${regulation.department}负责解释。`,
  ].join('\n\n');

/** Eight versions of seven 制度 per branch company, each with its PDF (when the demo keeps files). */
export const seedSafetyRegulations = (db: Db, dataDir: string | undefined) =>
  seedEachBranch(db, safetyRegulations, async (branch) => {
    const rows = [];
    for (const regulation of demoRegulations) {
      const effectiveDate = branch.day(regulation.since);
      const name = `${regulation.title}（${regulation.edition}）`;
      const pdf = dataDir && (await markdownPdf(markdownOf(regulation, branch, effectiveDate), name));
      const file = dataDir && pdf ? [await storeSeedFile(branch.tx, dataDir, branch.tenantId, `${name}.pdf`, pdf)] : [];
      const created = Math.max(regulation.since + 15, 20);
      const repealed = regulation.repealed;
      rows.push({
        ...{ title: regulation.title, category: regulation.category, edition: regulation.edition, file },
        ...{ department: regulation.department, effectiveDate, summary: regulation.articles[0] ?? null },
        createdAt: branch.ago(created),
        updatedAt: branch.ago(repealed?.daysAgo ?? created),
        ...(repealed ? { validity: 0, repealReason: repealed.reason, repealedOn: branch.day(repealed.daysAgo) } : {}),
      });
    }
    return rows;
  });
