/** Realistic Chinese master-data vocabulary for the demo tenants. */

export interface SupplierSeed {
  name: string;
  contacts: string;
  /** 1 central distribution, 2 direct delivery to stores, 3 cross-dock */
  logisticsType: 1 | 2 | 3;
  brands: string[];
}

export const SUPPLIERS: SupplierSeed[] = [
  { name: '上海光明乳业有限公司', contacts: '王建国', logisticsType: 1, brands: ['光明'] },
  { name: '内蒙古蒙牛乳业（集团）股份有限公司', contacts: '李海峰', logisticsType: 1, brands: ['蒙牛'] },
  { name: '内蒙古伊利实业集团股份有限公司', contacts: '张伟', logisticsType: 1, brands: ['伊利', '金典'] },
  { name: '农夫山泉股份有限公司', contacts: '陈思远', logisticsType: 1, brands: ['农夫山泉'] },
  { name: '杭州娃哈哈集团有限公司', contacts: '宗立新', logisticsType: 1, brands: ['娃哈哈'] },
  { name: '可口可乐装瓶商生产（上海）有限公司', contacts: '刘洋', logisticsType: 3, brands: ['可口可乐', '雪碧'] },
  { name: '百事饮料（上海）有限公司', contacts: '赵敏', logisticsType: 3, brands: ['百事', '美年达'] },
  { name: '亿滋食品（上海）有限公司', contacts: '孙悦', logisticsType: 1, brands: ['奥利奥', '趣多多'] },
  { name: '上海旺旺食品集团有限公司', contacts: '蔡志明', logisticsType: 1, brands: ['旺旺'] },
  { name: '三只松鼠股份有限公司', contacts: '章燎原', logisticsType: 1, brands: ['三只松鼠'] },
  { name: '益海嘉里金龙鱼粮油食品股份有限公司', contacts: '周强', logisticsType: 1, brands: ['金龙鱼'] },
  { name: '中粮福临门食品营销有限公司', contacts: '吴磊', logisticsType: 1, brands: ['福临门'] },
  { name: '佛山市海天调味食品股份有限公司', contacts: '庞康', logisticsType: 1, brands: ['海天'] },
  { name: '上海太太乐食品有限公司', contacts: '郑红', logisticsType: 1, brands: ['太太乐'] },
  { name: '宜宾五粮液股份有限公司', contacts: '曾勇', logisticsType: 1, brands: ['五粮液'] },
  { name: '江苏洋河酒厂股份有限公司', contacts: '钟雨', logisticsType: 1, brands: ['洋河'] },
  { name: '华润雪花啤酒（中国）有限公司', contacts: '侯孝海', logisticsType: 3, brands: ['雪花'] },
  { name: '青岛啤酒股份有限公司', contacts: '黄克兴', logisticsType: 1, brands: ['青岛'] },
  { name: '烟台张裕葡萄酿酒股份有限公司', contacts: '周洪江', logisticsType: 1, brands: ['张裕'] },
  { name: '宝洁（中国）有限公司', contacts: '许敏', logisticsType: 1, brands: ['海飞丝', '潘婷', '佳洁士', '舒肤佳'] },
  { name: '联合利华（中国）有限公司', contacts: '马丽', logisticsType: 1, brands: ['力士', '清扬', '中华'] },
  { name: '广州蓝月亮实业有限公司', contacts: '罗秋平', logisticsType: 1, brands: ['蓝月亮'] },
  { name: '维达纸业（中国）有限公司', contacts: '李朝旺', logisticsType: 1, brands: ['维达'] },
  { name: '金红叶纸业集团有限公司', contacts: '黄志源', logisticsType: 1, brands: ['清风'] },
  { name: '三全食品股份有限公司', contacts: '陈南', logisticsType: 1, brands: ['三全'] },
  { name: '郑州思念食品有限公司', contacts: '李伟', logisticsType: 1, brands: ['思念'] },
  { name: '联合利华和路雪（中国）有限公司', contacts: '何静', logisticsType: 1, brands: ['和路雪', '可爱多'] },
  { name: '上海佳农果业有限公司', contacts: '林峰', logisticsType: 2, brands: ['佳农'] },
  { name: '上海崇明绿色蔬菜专业合作社', contacts: '施卫东', logisticsType: 2, brands: ['崇明'] },
  { name: '河南双汇投资发展股份有限公司', contacts: '万隆', logisticsType: 2, brands: ['双汇'] },
  { name: '上海桃李面包有限公司', contacts: '吴学群', logisticsType: 2, brands: ['桃李'] },
  { name: '金佰利（中国）有限公司', contacts: '顾红梅', logisticsType: 1, brands: ['好奇'] },
  { name: '雀巢（中国）有限公司', contacts: '方明', logisticsType: 1, brands: ['雀巢'] },
  { name: '统一企业（中国）投资有限公司', contacts: '罗智先', logisticsType: 1, brands: ['统一'] },
  { name: '康师傅饮品控股有限公司', contacts: '魏宏丞', logisticsType: 1, brands: ['康师傅'] },
  { name: '上海妙洁日用品有限公司', contacts: '沈洁', logisticsType: 1, brands: ['妙洁'] },
];

export interface LeafCategory {
  l1: string;
  l2: string;
  name: string;
  /** output (and input) tax rate */
  tax: 0.13 | 0.09;
  /** shelf life and its unit: 1 day, 2 month, 3 year */
  shelf: [number, 1 | 2 | 3];
  unit: string;
  caseQty: number;
  price: [number, number];
  /** brand + product stems; the SKU name is brand + stem + ' ' + spec */
  items: [string, string][];
  specs: string[];
  /** popularity multiplier */
  pop: number;
  fresh?: boolean;
  finance: string;
  online: string;
}

export const LEAF_CATEGORIES: LeafCategory[] = [
  { l1: '食品', l2: '乳制品', name: '鲜奶', tax: 0.09, shelf: [7, 1], unit: '盒', caseQty: 12, price: [5, 24], pop: 3, fresh: true, finance: '食品', online: '牛奶乳品',
    items: [['光明', '优倍鲜牛奶'], ['光明', '新鲜牧场鲜牛奶'], ['蒙牛', '每日鲜语鲜牛奶'], ['伊利', '鲜牛奶'], ['光明', '致优鲜牛奶'], ['蒙牛', '现代牧场鲜牛奶']], specs: ['250ml', '450ml', '950ml'] },
  { l1: '食品', l2: '乳制品', name: '酸奶', tax: 0.13, shelf: [21, 1], unit: '杯', caseQty: 24, price: [4, 18], pop: 2.5, fresh: true, finance: '食品', online: '牛奶乳品',
    items: [['光明', '莫斯利安酸奶'], ['蒙牛', '纯甄酸牛奶'], ['伊利', '安慕希希腊酸奶'], ['光明', '如实发酵乳'], ['伊利', '畅轻酸奶']], specs: ['200g', '230g', '4杯装'] },
  { l1: '食品', l2: '乳制品', name: '常温奶', tax: 0.13, shelf: [6, 2], unit: '箱', caseQty: 4, price: [35, 88], pop: 1.5, finance: '食品', online: '牛奶乳品',
    items: [['金典', '纯牛奶'], ['蒙牛', '特仑苏纯牛奶'], ['伊利', '纯牛奶'], ['光明', '纯牛奶'], ['金典', '有机纯牛奶']], specs: ['250ml*12', '250ml*16', '250ml*24'] },
  { l1: '食品', l2: '休闲零食', name: '饼干', tax: 0.13, shelf: [12, 2], unit: '袋', caseQty: 24, price: [5, 25], pop: 1.2, finance: '食品', online: '休闲零食',
    items: [['奥利奥', '夹心饼干原味'], ['奥利奥', '夹心饼干巧克力味'], ['趣多多', '曲奇饼干'], ['旺旺', '雪饼'], ['旺旺', '仙贝']], specs: ['97g', '194g', '388g'] },
  { l1: '食品', l2: '休闲零食', name: '坚果炒货', tax: 0.13, shelf: [9, 2], unit: '袋', caseQty: 20, price: [12, 69], pop: 1, finance: '食品', online: '休闲零食',
    items: [['三只松鼠', '每日坚果'], ['三只松鼠', '夏威夷果'], ['三只松鼠', '碧根果'], ['三只松鼠', '开心果'], ['旺旺', '浪味仙']], specs: ['100g', '210g', '750g'] },
  { l1: '食品', l2: '粮油调味', name: '大米', tax: 0.09, shelf: [12, 2], unit: '袋', caseQty: 4, price: [29, 89], pop: 0.8, finance: '粮油', online: '米面粮油',
    items: [['金龙鱼', '东北大米'], ['福临门', '五常稻花香大米'], ['金龙鱼', '乳玉皇妃稻香贡米'], ['福临门', '泰国茉莉香米']], specs: ['2.5kg', '5kg', '10kg'] },
  { l1: '食品', l2: '粮油调味', name: '食用油', tax: 0.09, shelf: [18, 2], unit: '桶', caseQty: 4, price: [39, 139], pop: 0.8, finance: '粮油', online: '米面粮油',
    items: [['金龙鱼', '黄金比例调和油'], ['福临门', '压榨一级花生油'], ['金龙鱼', '玉米油'], ['福临门', '非转基因大豆油']], specs: ['1.8L', '4L', '5L'] },
  { l1: '食品', l2: '粮油调味', name: '酱油调味', tax: 0.13, shelf: [18, 2], unit: '瓶', caseQty: 12, price: [6, 32], pop: 1, finance: '粮油', online: '调味品',
    items: [['海天', '金标生抽'], ['海天', '老抽王'], ['海天', '蚝油'], ['太太乐', '鸡精'], ['海天', '味极鲜酱油'], ['太太乐', '鲜鸡汁']], specs: ['500ml', '750ml', '1.28L'] },
  { l1: '饮料', l2: '水饮', name: '饮用水', tax: 0.13, shelf: [12, 2], unit: '瓶', caseQty: 24, price: [2, 36], pop: 2.5, finance: '饮料', online: '酒水饮料',
    items: [['农夫山泉', '饮用天然水'], ['娃哈哈', '纯净水'], ['农夫山泉', '天然矿泉水'], ['康师傅', '包装饮用水']], specs: ['550ml', '1.5L', '4L', '550ml*24'] },
  { l1: '饮料', l2: '水饮', name: '果汁', tax: 0.13, shelf: [9, 2], unit: '瓶', caseQty: 15, price: [4, 16], pop: 1.2, finance: '饮料', online: '酒水饮料',
    items: [['农夫山泉', 'NFC橙汁'], ['农夫山泉', '17.5°苹果汁'], ['统一', '鲜橙多'], ['娃哈哈', '营养快线'], ['康师傅', '每日C果汁']], specs: ['300ml', '900ml', '1.5L'] },
  { l1: '饮料', l2: '碳酸饮料', name: '可乐汽水', tax: 0.13, shelf: [12, 2], unit: '罐', caseQty: 24, price: [3, 60], pop: 2, finance: '饮料', online: '酒水饮料',
    items: [['可口可乐', '可乐'], ['可口可乐', '零度可乐'], ['雪碧', '柠檬味汽水'], ['百事', '可乐'], ['美年达', '橙味汽水'], ['百事', '无糖可乐']], specs: ['330ml', '500ml', '2L', '330ml*24'] },
  { l1: '饮料', l2: '茶饮咖啡', name: '茶饮料', tax: 0.13, shelf: [12, 2], unit: '瓶', caseQty: 15, price: [3, 8], pop: 1.8, finance: '饮料', online: '酒水饮料',
    items: [['农夫山泉', '东方树叶乌龙茶'], ['康师傅', '冰红茶'], ['统一', '绿茶'], ['康师傅', '茉莉清茶'], ['统一', '阿萨姆奶茶']], specs: ['500ml', '900ml'] },
  { l1: '饮料', l2: '茶饮咖啡', name: '咖啡', tax: 0.13, shelf: [18, 2], unit: '盒', caseQty: 12, price: [6, 98], pop: 0.9, finance: '饮料', online: '冲调饮品',
    items: [['雀巢', '1+2原味速溶咖啡'], ['雀巢', '金牌黑咖啡'], ['雀巢', '丝滑拿铁咖啡饮料'], ['雀巢', '冷萃咖啡']], specs: ['268ml', '15条装', '30条装'] },
  { l1: '酒水', l2: '白酒', name: '白酒', tax: 0.13, shelf: [10, 3], unit: '瓶', caseQty: 6, price: [68, 1399], pop: 0.3, finance: '烟酒', online: '酒水饮料',
    items: [['五粮液', '普五第八代'], ['五粮液', '五粮春'], ['洋河', '海之蓝'], ['洋河', '天之蓝'], ['洋河', '梦之蓝M6+']], specs: ['500ml', '375ml'] },
  { l1: '酒水', l2: '啤酒', name: '啤酒', tax: 0.13, shelf: [12, 2], unit: '罐', caseQty: 24, price: [4, 139], pop: 1.5, finance: '烟酒', online: '酒水饮料',
    items: [['雪花', '勇闯天涯'], ['雪花', '纯生'], ['青岛', '经典啤酒'], ['青岛', '纯生啤酒'], ['青岛', '白啤']], specs: ['330ml', '500ml', '500ml*12'] },
  { l1: '酒水', l2: '葡萄酒', name: '葡萄酒', tax: 0.13, shelf: [10, 3], unit: '瓶', caseQty: 6, price: [49, 299], pop: 0.3, finance: '烟酒', online: '酒水饮料',
    items: [['张裕', '解百纳干红'], ['张裕', '醉诗仙干白'], ['张裕', '爱斐堡赤霞珠']], specs: ['750ml', '750ml*2礼盒'] },
  { l1: '生鲜', l2: '水果', name: '时令水果', tax: 0.09, shelf: [7, 1], unit: '份', caseQty: 10, price: [9, 59], pop: 2.5, fresh: true, finance: '生鲜', online: '新鲜水果',
    items: [['佳农', '进口香蕉'], ['佳农', '智利车厘子'], ['佳农', '新西兰奇异果'], ['佳农', '红富士苹果'], ['佳农', '赣南脐橙'], ['佳农', '海南金煌芒']], specs: ['500g', '1kg', '2.5kg'] },
  { l1: '生鲜', l2: '蔬菜', name: '叶菜', tax: 0.09, shelf: [3, 1], unit: '份', caseQty: 20, price: [3, 12], pop: 2.5, fresh: true, finance: '生鲜', online: '时令蔬菜',
    items: [['崇明', '上海青'], ['崇明', '菠菜'], ['崇明', '生菜'], ['崇明', '鸡毛菜'], ['崇明', '西兰花']], specs: ['300g', '500g'] },
  { l1: '生鲜', l2: '蔬菜', name: '根茎菜', tax: 0.09, shelf: [10, 1], unit: '份', caseQty: 20, price: [3, 15], pop: 1.8, fresh: true, finance: '生鲜', online: '时令蔬菜',
    items: [['崇明', '土豆'], ['崇明', '胡萝卜'], ['崇明', '白萝卜'], ['崇明', '洋葱'], ['崇明', '山药']], specs: ['500g', '1kg'] },
  { l1: '生鲜', l2: '肉禽', name: '猪肉', tax: 0.09, shelf: [3, 1], unit: '份', caseQty: 10, price: [15, 68], pop: 1.5, fresh: true, finance: '生鲜', online: '肉禽蛋品',
    items: [['双汇', '冷鲜猪里脊'], ['双汇', '冷鲜五花肉'], ['双汇', '冷鲜猪肋排'], ['双汇', '冷鲜前腿肉']], specs: ['300g', '500g'] },
  { l1: '生鲜', l2: '烘焙', name: '面包', tax: 0.13, shelf: [5, 1], unit: '袋', caseQty: 20, price: [5, 19], pop: 1.5, fresh: true, finance: '生鲜', online: '早餐面包',
    items: [['桃李', '醇熟切片面包'], ['桃李', '天然酵母面包'], ['桃李', '酸奶吐司'], ['桃李', '椰蓉面包']], specs: ['200g', '400g', '600g'] },
  { l1: '日化', l2: '个人护理', name: '洗发护发', tax: 0.13, shelf: [3, 3], unit: '瓶', caseQty: 12, price: [25, 89], pop: 0.7, finance: '日化', online: '个护清洁',
    items: [['海飞丝', '去屑洗发露'], ['潘婷', '氨基酸洗发水'], ['清扬', '男士去屑洗发露'], ['潘婷', '丝质顺滑护发素']], specs: ['200ml', '400ml', '750ml'] },
  { l1: '日化', l2: '个人护理', name: '沐浴洁面', tax: 0.13, shelf: [3, 3], unit: '瓶', caseQty: 12, price: [19, 69], pop: 0.7, finance: '日化', online: '个护清洁',
    items: [['舒肤佳', '纯白清香沐浴露'], ['力士', '幽莲魅肤沐浴乳'], ['舒肤佳', '香皂'], ['力士', '香氛沐浴露']], specs: ['400ml', '720ml', '1L'] },
  { l1: '日化', l2: '个人护理', name: '口腔护理', tax: 0.13, shelf: [3, 3], unit: '支', caseQty: 24, price: [8, 39], pop: 0.9, finance: '日化', online: '个护清洁',
    items: [['佳洁士', '全优7效牙膏'], ['中华', '健齿白牙膏'], ['佳洁士', '3D炫白牙膏'], ['中华', '儿童牙膏']], specs: ['90g', '120g', '180g'] },
  { l1: '日化', l2: '家庭清洁', name: '洗衣用品', tax: 0.13, shelf: [3, 3], unit: '瓶', caseQty: 6, price: [19, 79], pop: 0.8, finance: '日化', online: '家庭清洁',
    items: [['蓝月亮', '深层洁净洗衣液'], ['蓝月亮', '亮白增艳洗衣液'], ['蓝月亮', '手洗专用洗衣液'], ['蓝月亮', '机洗至尊洗衣液']], specs: ['1kg', '2kg', '3kg'] },
  { l1: '日化', l2: '家庭清洁', name: '纸品', tax: 0.13, shelf: [3, 3], unit: '提', caseQty: 6, price: [9, 69], pop: 1.2, finance: '日化', online: '家庭清洁',
    items: [['维达', '超韧抽纸'], ['清风', '原木纯品抽纸'], ['维达', '卷纸'], ['清风', '湿厕纸'], ['维达', '手帕纸']], specs: ['3层100抽*6包', '4层140g*10卷', '10包装'] },
  { l1: '冷冻食品', l2: '速冻面点', name: '水饺汤圆', tax: 0.13, shelf: [12, 2], unit: '袋', caseQty: 12, price: [12, 39], pop: 1, finance: '食品', online: '冷冻速食',
    items: [['三全', '猪肉白菜水饺'], ['思念', '三鲜水饺'], ['三全', '黑芝麻汤圆'], ['思念', '金牌虾饺'], ['三全', '荠菜猪肉馄饨']], specs: ['450g', '1kg'] },
  { l1: '冷冻食品', l2: '冰品', name: '冰淇淋', tax: 0.13, shelf: [18, 2], unit: '支', caseQty: 24, price: [4, 49], pop: 0.9, finance: '食品', online: '冷冻速食',
    items: [['和路雪', '梦龙香草冰淇淋'], ['可爱多', '甜筒巧克力味'], ['和路雪', '千层雪'], ['可爱多', '甜筒草莓味']], specs: ['65g', '4支装', '1.4kg'] },
  { l1: '母婴', l2: '婴儿用品', name: '纸尿裤湿巾', tax: 0.13, shelf: [3, 3], unit: '包', caseQty: 4, price: [29, 169], pop: 0.5, finance: '母婴', online: '母婴用品',
    items: [['好奇', '金装纸尿裤'], ['好奇', '心钻装拉拉裤'], ['好奇', '婴儿湿巾'], ['好奇', '铂金装纸尿裤']], specs: ['S码', 'M码', 'L码', 'XL码'] },
  { l1: '家居百货', l2: '厨房用品', name: '厨房纸膜', tax: 0.13, shelf: [5, 3], unit: '卷', caseQty: 24, price: [6, 29], pop: 0.6, finance: '百货', online: '家居百货',
    items: [['妙洁', '保鲜膜'], ['妙洁', '保鲜袋'], ['妙洁', '厨房用纸'], ['妙洁', '一次性手套'], ['妙洁', '垃圾袋']], specs: ['中号', '大号', '经济装'] },
];

export interface StoreSeed {
  name: string;
  city: string;
  address: string;
}

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
export const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建国志文斌宇浩凯晨欣怡子涵梓轩雨萱思远嘉怡佳琪浩然俊杰一鸣若曦'.split('');

export const MEMBER_ATTRIBUTES = [
  ['1', '普通会员'],
  ['2', '企业会员'],
  ['3', '员工会员'],
  ['4', '线上会员'],
] as const;
