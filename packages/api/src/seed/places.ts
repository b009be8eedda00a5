/**
 * Places of each city of operation (by GB/T 2260 code): the fleet's depots (where vehicles go out from and
 * are moved between), written after the city's name, and roads where a violation is recorded. A place is
 * only ever used in its own city.
 */
export const cityPlaces: Readonly<Record<string, { depots: readonly string[]; roads: readonly string[] }>> = {
  '110100': {
    depots: ['朝阳区东坝停车场', '大兴区亦庄交付中心', '丰台区花乡停车场', '海淀区西北旺库区'],
    roads: ['长安街与西单路口', '东三环国贸桥南', '京藏高速清河收费站', '广渠路与东四环交叉口', '建国路双井桥东'],
  },
  '120100': {
    depots: ['河西区友谊路停车场', '西青区中北镇库区', '东丽区空港交付中心', '滨海新区开发区停车场'],
    roads: ['卫津路与复康路交叉口', '中环线(红旗路段)', '京津塘高速杨村收费站', '南京路与营口道交叉口'],
  },
  '310100': {
    depots: ['浦东新区金桥停车场', '闵行区莘庄库区', '嘉定区安亭交付中心', '徐汇区漕河泾停车场'],
    roads: ['延安高架路(江苏路段)', '中环路高架(共和新路段)', '外环高速(沪太路段)', '南京西路与茂名北路交叉口'],
  },
  '330100': {
    depots: ['余杭区仓前停车场', '萧山区钱江世纪城交付中心', '西湖区转塘库区'],
    roads: ['文三路与学院路交叉口', '秋石高架(艮山西路段)', '绕城高速(留下段)', '天目山路与古翠路交叉口'],
  },
  '320500': {
    depots: ['工业园区星湖街停车场', '吴中区郭巷库区', '相城区高铁新城交付中心'],
    roads: ['干将路与人民路交叉口', '南环高架(东环路段)', '绕城高速(吴中段)', '金鸡湖大道与星湖街交叉口'],
  },
  '440100': {
    depots: ['天河区车陂停车场', '番禺区大石库区', '白云区嘉禾望岗交付中心'],
    roads: ['天河路与体育东路交叉口', '内环路(广州大道段)', '广园快速路(车陂段)'],
  },
  '440300': {
    depots: ['南山区西丽停车场', '宝安区福永库区', '龙岗区坂田交付中心'],
    roads: ['深南大道与科技园路口', '北环大道(香蜜湖段)', '滨海大道(后海段)'],
  },
  '320100': {
    depots: ['江宁区东山停车场', '栖霞区马群库区', '建邺区奥体交付中心'],
    roads: ['中山路与汉中路交叉口', '内环东线(龙蟠路段)', '江东中路与集庆门大街交叉口'],
  },
  '510100': {
    depots: ['高新区天府三街停车场', '武侯区簇桥库区', '龙泉驿区交付中心'],
    roads: ['人民南路与二环路口', '天府大道(天府三街段)', '二环高架(双楠段)'],
  },
  '420100': {
    depots: ['洪山区光谷停车场', '汉阳区沌口库区', '江岸区后湖交付中心'],
    roads: ['解放大道与航空路口', '珞喻路(光谷广场段)', '二环线(长丰段)'],
  },
  '500100': {
    depots: ['渝北区空港停车场', '九龙坡区陈家坪库区', '南岸区茶园交付中心'],
    roads: ['解放碑民族路口', '内环快速路(石新路段)', '渝澳大桥北桥头'],
  },
  '610100': {
    depots: ['雁塔区高新停车场', '未央区凤城库区', '长安区郭杜交付中心'],
    roads: ['长安北路与友谊路口', '南二环(含光路段)', '绕城高速(曲江段)'],
  },
};

/** A depot of the city, named in full: `北京市朝阳区东坝停车场`. */
export function depotIn(city: { code: string; name: string }, pick: <T>(items: readonly T[]) => T): string {
  const depots = cityPlaces[city.code]?.depots ?? ['中心停车场'];
  return `${city.name}${pick(depots)}`;
}

/** A road of the city where a violation may be recorded. */
export function roadIn(cityCode: string, pick: <T>(items: readonly T[]) => T): string {
  return pick(cityPlaces[cityCode]?.roads ?? ['市区道路']);
}
