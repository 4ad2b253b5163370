/**
 * Sky-of-now texts. `transit.<body>.<nature>` describes a transiting body meeting a natal point; `<nature>` is
 * `conjunction`, `flowing` (trine, sextile) or `tension` (square, opposition). `{natal}` names the natal point and
 * the part of life it stands for. Written as invitations to notice, not as forecasts.
 */
export const TRANSIT_TEMPLATES: Readonly<Record<string, string>> = {
  'sun.conjunction': '太阳经过{natal}：这几天它被格外照亮，适合重新看看自己在这方面想要什么。',
  'sun.flowing': '太阳与{natal}和谐相映：这方面的事情容易顺手，是表达自己、推进计划的好时机。',
  'sun.tension': '太阳与{natal}形成张力：你可能感到某种拉扯，不妨把它当作调整方向的提醒。',
  'moon.conjunction': '月亮经过{natal}：今天你对这方面的感受会更敏锐，留意情绪带来的信息。',
  'moon.flowing': '月亮与{natal}温和呼应：情绪上比较舒展，适合做让自己安心的小事。',
  'moon.tension': '月亮与{natal}形成张力：情绪可能有些起伏，不必急着做决定，先照顾好自己。',
  'mercury.conjunction': '水星经过{natal}：这方面的想法和对话会变多，适合整理思路、写下来。',
  'mercury.flowing': '水星与{natal}顺畅呼应：沟通和学习都比较顺，适合说出想说的话。',
  'mercury.tension': '水星与{natal}形成张力：沟通中可能出现误会，多确认一次、慢半拍回复会更稳妥。',
  'venus.conjunction': '金星经过{natal}：这方面多了一份柔和与美感，适合亲近喜欢的人和事。',
  'venus.flowing': '金星与{natal}和谐相映：人际氛围友好，适合表达感谢、修补关系或犒劳自己。',
  'venus.tension': '金星与{natal}形成张力：你可能想要更多的关注或享受，留意冲动消费和情绪化的比较。',
  'mars.conjunction': '火星经过{natal}：这方面的干劲被点燃，适合行动；也留意别因急躁与人起冲突。',
  'mars.flowing': '火星与{natal}顺势呼应：行动力和执行力在线，适合推进拖延已久的事。',
  'mars.tension': '火星与{natal}形成张力：可能有些烦躁或阻力，运动和把事情拆小会帮你释放压力。',
  'jupiter.conjunction':
    '木星经过{natal}：这是一个扩展的阶段，这方面容易出现学习和成长的机会，也要留意不要贪多。',
  'jupiter.flowing': '木星与{natal}和谐相映：这方面得到支持和鼓励，适合大方地尝试、开口请求帮助。',
  'jupiter.tension': '木星与{natal}形成张力：你可能想要更多、做更多，留意过度承诺，选择比扩张更重要。',
  'saturn.conjunction':
    '土星经过{natal}：这是一段需要认真面对的时期，这方面会要求你更成熟、更有结构，付出的努力会留下长久的成果。',
  'saturn.flowing': '土星与{natal}稳定呼应：适合为这方面打基础、做长期规划，踏实的投入会有回报。',
  'saturn.tension':
    '土星与{natal}形成张力：你可能感到压力或限制，这往往是在提醒你调整不再合适的方式，慢下来反而走得稳。',
  'uranus.conjunction':
    '天王星经过{natal}：这方面正在发生深刻的变化，你可能想打破旧模式，给自己一些实验的空间。',
  'uranus.flowing': '天王星与{natal}和谐相映：新的想法和机会出现，适合尝试不同的做法。',
  'uranus.tension': '天王星与{natal}形成张力：意外和变动可能打乱节奏，保持弹性，变化中也藏着自由。',
  'neptune.conjunction': '海王星经过{natal}：这方面的边界变得模糊，灵感和理想感增强，也请留意看清现实。',
  'neptune.flowing': '海王星与{natal}温柔呼应：直觉与想象力活跃，适合艺术、冥想和帮助他人。',
  'neptune.tension':
    '海王星与{natal}形成张力：你可能感到迷茫或不确定，重要决定前多核实信息、多听可信之人的意见。',
  'pluto.conjunction': '冥王星经过{natal}：这是一段深层蜕变的时期，旧的东西在退场，新的力量在积累。',
  'pluto.flowing': '冥王星与{natal}和谐相映：你有机会触及内在更深的力量，适合做真正重要的改变。',
  'pluto.tension': '冥王星与{natal}形成张力：你可能面对控制与放手的课题，诚实面对内心，会带来真正的转化。',
  'north_node.conjunction': '北交点经过{natal}：这方面与你的人生方向相连，值得留意在这里出现的人和机会。',
  'north_node.flowing': '北交点与{natal}和谐相映：顺着这方面的兴趣走，可能会遇到帮助你成长的契机。',
  'north_node.tension': '北交点与{natal}形成张力：旧习惯和新方向之间有拉扯，试着选择让你成长的那一边。',
};

/** The natal point a transit touches, and what it stands for. */
export const POINT_AREA_TEMPLATES: Readonly<Record<string, string>> = {
  sun: '你的太阳（自我与方向）',
  moon: '你的月亮（情绪与安全感）',
  mercury: '你的水星（思考与沟通）',
  venus: '你的金星（关系与喜好）',
  mars: '你的火星（行动与意志）',
  jupiter: '你的木星（成长与信念）',
  saturn: '你的土星（责任与结构）',
  uranus: '你的天王星（变化与自由）',
  neptune: '你的海王星（想象与理想）',
  pluto: '你的冥王星（深层的力量）',
  north_node: '你的北交点（人生方向）',
  ascendant: '你的上升点（个人状态）',
  midheaven: '你的天顶（事业与目标）',
};

/** The transiting Moon's sign as the day's emotional weather. */
export const MOON_DAY_TEMPLATES: Readonly<Record<string, string>> = {
  aries: '今天月亮在白羊座，空气里有股“说干就干”的劲儿，适合开个头；情绪来得快，也要给自己冷静的余地。',
  taurus: '今天月亮在金牛座，适合放慢节奏，好好吃一顿饭、整理一下身边的物品，稳稳地过一天。',
  gemini: '今天月亮在双子座，心思活跃，适合聊天、阅读和处理零碎的事务，注意别被信息淹没。',
  cancer: '今天月亮在巨蟹座，人会更恋家、更在意亲近的人，适合给家人朋友打个电话，也照顾好自己的情绪。',
  leo: '今天月亮在狮子座，适合表达、创造和做让自己开心的事，真诚的称赞会让人格外温暖。',
  virgo: '今天月亮在处女座，适合整理清单、处理细节和照顾身体，把一件小事做好就很有成就感。',
  libra: '今天月亮在天秤座，人际氛围比较柔和，适合沟通、合作和欣赏美的事物。',
  scorpio: '今天月亮在天蝎座，感受会更深，适合专注做一件事，或和信任的人进行一次真诚的交谈。',
  sagittarius: '今天月亮在射手座，心向远方，适合学习新东西、出门走走，让视野打开一些。',
  capricorn: '今天月亮在摩羯座，适合规划和推进正事，踏实做完一件任务会让你安心。',
  aquarius: '今天月亮在水瓶座，适合和朋友交流想法、尝试新方法，也可以给自己一点独处的空间。',
  pisces: '今天月亮在双鱼座，感受细腻、想象丰富，适合听音乐、写点东西或安静休息。',
};
