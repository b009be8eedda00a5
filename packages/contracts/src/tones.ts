/**
 * What a status means at a glance, shown as the colour of its tag in every list, detail and approval record:
 * `danger` (逾期, 驳回: red), `success` (已结清, 已收款, 通过: green), `active` (审批中, 履约中: blue),
 * `waiting` (待…: gold) and `closed` (已作废, 已取消: grey).
 */
export type Tone = 'danger' | 'success' | 'active' | 'waiting' | 'closed';

/**
 * The one rule: each word a status enumeration shows, by its meaning. A word has one tone wherever it
 * appears (已驳回 of an order, a refund or a task alike); a status enumeration's new word goes here, and the
 * contracts' test fails until it does.
 */
const wordsByTone: Readonly<Record<Tone, readonly string[]>> = {
  danger: [
    '逾期',
    '已逾期',
    '驳回',
    '已驳回',
    '已拒绝',
    '审核不通过',
    '未通过',
    '不合格',
    '冻结',
    '黑名单',
    '失败',
    '证件已过期',
  ],
  success: [
    '通过',
    '审批通过',
    '已通过',
    '已审批',
    '已确认',
    '已生效',
    '已完成',
    '已结清',
    '已收款',
    '已减免',
    '已到账',
    '已退款',
    '已发放',
    '已处理',
    '已验收',
    '已验车',
    '已核销',
    '已使用',
    '已交车',
    '已退车',
    '已出库',
    '在库',
    '已转订单',
    '已签约',
    '已激活',
    '已导入',
    '已发布',
    '已启用',
    '启用',
    '上架',
    '正常',
    '有效',
    '合格',
    '证件有效',
    '可抽奖',
    '已延期',
    '已续租',
  ],
  active: [
    '提交',
    '审批中',
    '履约中',
    '执行中',
    '进行中',
    '处理中',
    '跟进中',
    '催收中',
    '核销中',
    '生成中',
    '整备中',
    '租赁中',
    '已租赁',
    '还车中',
    '退车中',
    '退租中',
    '临时交车',
    '已注册',
    '未使用',
  ],
  waiting: [
    '待审批',
    '待审核',
    '待提交',
    '待确认',
    '待收款',
    '部分收款',
    '待打款',
    '待交接',
    '待交车',
    '待过户',
    '待验收',
    '待验车',
    '待出库',
    '待处理',
    '待分配',
    '待跟进',
    '待核销',
    '待支付',
    '未审批',
    '未核算',
    '未处理',
    '未开始',
    '排队中',
    '已预约',
    '已邀请',
    '退回',
    '重复',
    '证件即将到期',
  ],
  closed: [
    '已取消',
    '取消',
    '已作废',
    '已撤回',
    '撤回',
    '已转交',
    '转交',
    '已退回',
    '已过期',
    '支付超时',
    '已结束',
    '已提前结束',
    '已失效',
    '已流失',
    '已售出',
    '已冲销',
    '已关停',
    '已停用',
    '停用',
    '下架',
    '无效',
    '未激活',
    '未续租',
    '未逾期',
    '草稿',
    '次数已用完',
  ],
};

const toneOfWord = new Map<string, Tone>();
for (const [tone, words] of Object.entries(wordsByTone) as [Tone, readonly string[]][]) {
  for (const word of words) {
    if (toneOfWord.has(word)) throw new Error(`status word ${word} has two tones`);
    toneOfWord.set(word, tone);
  }
}

/** The tone of a status word, or undefined for a word the rule does not know. */
export function toneOf(word: string): Tone | undefined {
  return toneOfWord.get(word);
}
