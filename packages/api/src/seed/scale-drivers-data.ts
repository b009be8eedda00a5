/**
 * What generated drivers are drawn from. Surnames by their share of the population (per mille, roughly as
 * the census has them: 王 and 李 about 7 %), so a search by a surname matches as many drivers as it would.
 */
export const surnameWeights: readonly (readonly [string, number])[] = [
  ...([
    ['王', 71],
    ['李', 70],
    ['张', 64],
    ['刘', 53],
    ['陈', 45],
    ['杨', 31],
    ['黄', 22],
    ['赵', 20],
    ['吴', 19],
    ['周', 19],
    ['徐', 15],
    ['孙', 15],
    ['马', 14],
    ['朱', 13],
    ['胡', 13],
    ['郭', 12],
    ['何', 11],
    ['高', 11],
    ['林', 11],
    ['罗', 9],
    ['郑', 9],
    ['梁', 9],
  ] as const),
  ...'谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程'.split('').map((name) => [name, 5] as const),
  ...'苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万'
    .split('')
    .map((name) => [name, 2] as const),
  ...'钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝'
    .split('')
    .map((name) => [name, 1] as const),
];

/** Given-name characters, the commonest weighing most. */
const ranked = (characters: string) =>
  [...new Set(characters)].map((character, index) => [character, Math.max(1, 12 - Math.floor(index / 6))] as const);

export const givenNameCharacters = {
  male: ranked(
    '伟强磊军勇杰涛明超刚平辉鹏华飞斌波鑫浩宇俊峰建国志海文东林新亮成龙晨阳博宁健兵春永红金家德立中光庆凯云清良福生荣祥瑞兴江胜振宏洪康剑坤彬翔洋锋旭晓松岩刚毅达天豪帅子睿轩泽',
  ),
  female: ranked('芳娜敏静丽艳娟霞秀英玲桂兰燕萍红梅琳雪婷颖慧倩玉晶洁凤莉华琴欣悦佳雅蓉菲薇月'),
};

/** Given names people are named whole, more often than their characters would meet by chance. */
export const givenNamesWhole = {
  male: [
    '建国',
    '建华',
    '建军',
    '国强',
    '志强',
    '志刚',
    '海涛',
    '俊杰',
    '文博',
    '建平',
    '永强',
    '国庆',
    '红军',
    '卫东',
  ],
  female: ['秀英', '桂英', '秀兰', '玉兰', '桂兰', '丽娟', '海燕', '春梅', '晓燕', '丽华'],
};

/** Area codes of counties drivers come from (an ID's first six digits). */
export const driverRegionCodes = (
  '110101 110105 110108 110114 120104 130102 130682 140105 210102 220102 230103 320102 320506 321322 330106 ' +
  '340104 341222 350102 360782 370102 370202 371302 410105 411323 412726 420106 421127 430103 431021 440106 ' +
  '440305 441581 450103 500103 500234 510104 511321 520102 522422 530102 610113 620102'
).split(' ');

/** The second and third digits of mobiles the carriers give out. */
export const mobilePrefixes =
  '30 31 32 33 34 35 36 37 38 39 50 51 52 53 55 56 57 58 59 66 73 77 80 81 82 83 84 85 86 87 88 89 91 98 99'.split(' ');

export const driverSources: readonly (readonly [string, number])[] = [
  ['门店到访', 5],
  ['老司机推荐', 8],
  ['抖音广告', 4],
  ['58同城', 3],
  ['线下地推', 2],
  ['公众号报名', 3],
];

export const driverAddresses = [
  '花园路12号院',
  '建设街道幸福里',
  '光明小区',
  '新村东里',
  '阳光家园',
  '和平路社区',
  '望京花家地北里',
  '回龙观龙跃苑',
  '天通苑东二区',
  '长阳半岛',
];

/** Banks with a debit card BIN of theirs: `bank|bin`. */
export const driverBanks = [
  '中国工商银行|622202',
  '中国建设银行|621700',
  '中国农业银行|622848',
  '中国银行|621661',
  '招商银行|622588',
  '交通银行|622260',
];

export const taxiCompanies = ['银建出租汽车公司', '首汽出租汽车公司', '金建出租汽车公司', '北方出租汽车公司'];
