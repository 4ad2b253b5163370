/** Outlook texts (day, week, month, year, lifetime) and life cycles. Placeholders are filled by the builder. */
export const OUTLOOK_TEMPLATES: Readonly<Record<string, string>> = {
  day_quiet: '今天快速行星和你的星盘之间没有很紧的相位，是相对平稳的一天，适合按自己的节奏生活。',
  week_intro: '接下来七天，值得留意的是：',
  week_quiet: '接下来七天，天空与你的星盘之间没有特别紧的相位，适合稳步推进手头的事，也给自己留些休息。',
  month_intro: '接下来三十天的节奏由太阳、金星、火星的换座和月相构成：',
  month_quiet: '接下来三十天没有明显的换座或月相落在你的重点领域，是积累和消化的一个月。',
  year_intro: '这一年的背景由太阳回归、外行星的长期相位和推运月亮共同构成：',
  year_quiet: '这一年外行星与你的个人行星之间没有紧密的相位，是一段相对平稳、适合打基础的时间。',
  lifetime_intro: '放到一生的尺度上看，你的星盘有这样几个主题：',
  ingress_sun: '{date}太阳进入{sign}，接下来一个月，“{keyword}”的氛围会照亮你的{area}。',
  ingress_venus: '{date}金星进入{sign}，在{area}方面，人际与审美会带上“{keyword}”的色彩。',
  ingress_mars: '{date}火星进入{sign}，你在{area}方面的行动力会被调动起来，带着“{keyword}”的方式。',
  lunation_new: '{date}的新月在{sign}，落在你的{area}领域：适合为这方面设定一个小小的新意图。',
  lunation_full: '{date}的满月在{sign}，照亮你的{area}领域：适合回顾这方面的进展，放下不再需要的东西。',
  ingress_sun_sign: '{date}太阳进入{sign}，接下来一个月，生活的基调会带上“{keyword}”的色彩。',
  ingress_venus_sign: '{date}金星进入{sign}，人际与审美会带上“{keyword}”的色彩。',
  ingress_mars_sign: '{date}火星进入{sign}，你的行动方式会更偏向“{keyword}”。',
  lunation_new_sign: '{date}的新月在{sign}：适合围绕“{keyword}”为自己设定一个小小的新意图。',
  lunation_full_sign: '{date}的满月在{sign}：适合回顾与“{keyword}”有关的进展，放下不再需要的东西。',
  dated_transit: '{date}前后，{text}',
  solar_return: '你今年的太阳回归在{date}，这是你的个人新年：{detail}',
  solar_return_ascendant: '回归盘的上升在{sign}，这一年你可能更多以“{keyword}”的姿态面对生活。',
  solar_return_no_time: '没有出生时间时，回归盘不计算上升与宫位，只看太阳回到原位的这一刻。',
  progressed_moon: '推运月亮目前在{sign}，这几年的情感主题与“{keyword}”有关；大约在{until}进入下一个星座。',
  element_theme: '你的星盘以{element}为主，一生中反复出现的课题是把“{strength}”用好，同时补上“{edge}”。',
};

export const CYCLE_TEMPLATES: Readonly<Record<string, string>> = {
  saturn_return_1:
    '第一次土星回归（约{date}，{age}岁前后）：从青年走向成熟的关口，常伴随对工作、关系和生活方式的重新选择。它不一定轻松，但会让你更清楚什么是真正属于自己的。',
  saturn_return_2:
    '第二次土星回归（约{date}，{age}岁前后）：回顾半生、重新定义成就与责任的时期，适合放下不再需要的负担，把时间留给真正重要的事。',
  jupiter_return:
    '下一次木星回归（约{date}，{age}岁前后）：大约每十二年一次的成长周期起点，适合开启新的学习、旅行或人生计划。',
  uranus_opposition:
    '天王星对冲（约{date}，{age}岁前后）：常说的“中年觉醒”，内心会渴望更真实、更自由的生活方式，是重新认识自己的契机。',
  nodal_return:
    '月交点回归（约{date}，{age}岁前后）：约每十八年半一次，人生方向的主题会再次被唤醒，适合回顾初心。',
  saturn_return_passed:
    '你已经走过第一次土星回归（约{date}）。那段时间做出的选择，很可能仍在塑造你现在的生活结构。',
};
