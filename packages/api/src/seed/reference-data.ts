/** Cities of operation with their GB/T 2260 codes and the plate prefix used there. */
export const demoCities = [
  { code: '110100', name: '北京市', province: '北京市', plate: '京' },
  { code: '310100', name: '上海市', province: '上海市', plate: '沪' },
  { code: '440100', name: '广州市', province: '广东省', plate: '粤' },
  { code: '440300', name: '深圳市', province: '广东省', plate: '粤' },
  { code: '330100', name: '杭州市', province: '浙江省', plate: '浙' },
  { code: '320100', name: '南京市', province: '江苏省', plate: '苏' },
  { code: '320500', name: '苏州市', province: '江苏省', plate: '苏' },
  { code: '510100', name: '成都市', province: '四川省', plate: '川' },
  { code: '420100', name: '武汉市', province: '湖北省', plate: '鄂' },
  { code: '500100', name: '重庆市', province: '重庆市', plate: '渝' },
  { code: '120100', name: '天津市', province: '天津市', plate: '津' },
  { code: '610100', name: '西安市', province: '陕西省', plate: '陕' },
] as const;

/** Brand → series → models, with the WMI their VINs start with and the energy type (0 燃油, 1 纯电, 2 插混, 3 油混). */
export const demoCatalog = [
  {
    brand: '比亚迪',
    wmi: 'LGX',
    series: [
      {
        name: '秦PLUS',
        models: [
          ['秦PLUS EV 2023款 510km', 1],
          ['秦PLUS DM-i 2023款 55km', 2],
        ],
      },
      { name: '汉', models: [['汉EV 2023款 610km', 1]] },
      { name: '宋PLUS', models: [['宋PLUS DM-i 2023款 110km', 2]] },
    ],
  },
  {
    brand: '广汽埃安',
    wmi: 'LMG',
    series: [
      {
        name: 'AION S',
        models: [
          ['AION S 炫 580', 1],
          ['AION S Max 80', 1],
        ],
      },
      { name: 'AION Y', models: [['AION Y Plus 510', 1]] },
    ],
  },
  {
    brand: '丰田',
    wmi: 'LVG',
    series: [
      {
        name: '卡罗拉',
        models: [
          ['卡罗拉 2023款 1.5L 先锋版', 0],
          ['卡罗拉 双擎 1.8L 精英版', 3],
        ],
      },
      { name: '凯美瑞', models: [['凯美瑞 2023款 2.0G 豪华版', 0]] },
    ],
  },
  {
    brand: '大众',
    wmi: 'LSV',
    series: [
      { name: '朗逸', models: [['朗逸 2023款 1.5L 自动满逸版', 0]] },
      { name: '帕萨特', models: [['帕萨特 2023款 330TSI 精英版', 0]] },
    ],
  },
  { brand: '日产', wmi: 'LGB', series: [{ name: '轩逸', models: [['轩逸 2023款 1.6L XL CVT悦享版', 0]] }] },
  {
    brand: '吉利',
    wmi: 'L6T',
    series: [
      { name: '帝豪', models: [['帝豪 2023款 1.5L CVT豪华型', 0]] },
      { name: '几何A', models: [['几何A Pro 2022款 550km', 1]] },
    ],
  },
  { brand: '长安', wmi: 'LS5', series: [{ name: '逸动', models: [['逸动 2023款 1.6L 自动豪华型', 0]] }] },
] as const;

export const demoCompanies = {
  BJ: [
    { name: '北京CP汽车租赁有限公司', creditCode: '91110105MA01CP0001', city: '110100' },
    { name: '北京CP新能源汽车服务有限公司', creditCode: '91110105MA01CP0002', city: '110100' },
    { name: '天津CP汽车租赁有限公司', creditCode: '91120116MA06CP0003', city: '120100' },
  ],
  SH: [
    { name: '上海CP汽车租赁有限公司', creditCode: '91310115MA1HCP0004', city: '310100' },
    { name: '杭州CP汽车服务有限公司', creditCode: '91330106MA2ACP0005', city: '330100' },
    { name: '苏州CP汽车租赁有限公司', creditCode: '91320594MA1XCP0006', city: '320500' },
  ],
} as const;

export const demoLabels = [
  ['网约车', 'orange'],
  ['出租车', 'gold'],
  ['新车', 'green'],
  ['重点关注', 'red'],
  ['以租代购', 'blue'],
] as const;

export const insurers = ['中国人保财险', '平安产险', '太平洋产险', '中华联合财险', '大地保险'] as const;
export const driverSurnames = '王李张刘陈杨黄赵周吴徐孙马朱胡郭何林罗高'.split('');
export const driverGivenNames = [
  '伟',
  '强',
  '磊',
  '军',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '刚',
  '平',
  '辉',
  '鹏',
  '华',
  '飞',
  '建国',
  '志强',
  '海涛',
  '俊杰',
  '文博',
];
export const violationItems = [
  ['机动车违反禁止标线指示的', 3, 20000],
  ['驾驶中型以上载客载货汽车、危险物品运输车辆以外的其他机动车行驶超过规定时速10%未达20%的', 3, 20000],
  ['机动车通过有灯控路口时，不按所需行进方向驶入导向车道的', 2, 10000],
  ['驾驶机动车违反道路交通信号灯通行的', 6, 20000],
  ['机动车违反规定停放、临时停车，驾驶人不在现场或者虽在现场但驾驶人拒绝立即驶离，妨碍其他车辆、行人通行的', 0, 20000],
  ['驾驶机动车在高速公路、城市快速路以外的道路上不按规定车道行驶的', 3, 10000],
  ['驾驶机动车不按规定使用安全带的', 2, 5000],
] as const;
export const vendors = ['途虎养车工场店', '4S店特约维修站', '中升集团维修中心', '永达汽车服务中心', '小拇指汽车修护'];
