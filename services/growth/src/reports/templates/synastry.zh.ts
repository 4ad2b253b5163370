/**
 * Two-person texts. Aspect texts are keyed `<body>_<body>.<aspect>` (chart order, whichever person holds which
 * body); the builder prefixes who holds what. Overlay texts are keyed by the host's house.
 */
export const SYNASTRY_ASPECT_TEMPLATES: Readonly<Record<string, string>> = {
  'sun_moon.conjunction':
    '这是传统上最受重视的联结之一：一个人的方向感正好落在另一个人的情感需要上。你们容易有“被理解”的感觉，相处自然、亲近。',
  'sun_moon.sextile': '你们的目标和情感节奏能友好地配合，只要愿意多沟通，就能把日常过得温暖而有默契。',
  'sun_moon.square':
    '你们一个想往前走，一个想被照顾，节奏有时对不上。这份摩擦并不可怕，说出各自的需要，会让你们更懂彼此。',
  'sun_moon.trine':
    '你们之间有一种顺畅的流动：一方的光照亮另一方，另一方的温度滋养对方。这是长久相处很好的底色。',
  'sun_moon.opposition':
    '你们像镜子的两面，彼此吸引又彼此补足。有时你们会觉得对方“正好相反”，而这正是你们能互相学习的地方。',

  'sun_sun.conjunction':
    '你们的核心动力相似，容易认同对方的选择，也可能在同样的地方较真。一起朝同一个目标努力时，力量加倍。',
  'sun_sun.sextile': '你们的个性相互欣赏，合作起来轻松，彼此能带来新鲜的视角。',
  'sun_sun.square': '你们做事的方式不太一样，可能为“谁说了算”起摩擦。尊重彼此的节奏，差异会变成互补。',
  'sun_sun.trine': '你们在精神上很合拍，价值感相近，彼此支持不费力，是很好的伙伴。',
  'sun_sun.opposition':
    '你们的出发点几乎相反，这带来吸引也带来拉扯。学会欣赏对方的方式，你们能看到更完整的世界。',

  'moon_moon.conjunction':
    '你们的情感需要非常相似，容易在生活习惯和情绪节奏上一拍即合，在一起有“回家”的感觉。',
  'moon_moon.sextile': '你们的情绪节奏友好，能自然地安慰对方，日常相处舒服。',
  'moon_moon.square':
    '你们感到安全的方式不同，一方需要空间时，另一方可能正需要陪伴。把这些需要说出来，比猜测更有用。',
  'moon_moon.trine': '你们的情感世界相通，很多时候不用多说就懂对方的心情，是相处中很珍贵的默契。',
  'moon_moon.opposition':
    '你们的情绪需要互补又不同，一个向外、一个向内。理解彼此的“充电方式”，能减少很多误会。',

  'moon_venus.conjunction': '一方的温柔恰好抚慰另一方的情绪，你们在一起时容易感到被珍惜，这是很甜的联结。',
  'moon_venus.sextile': '你们懂得照顾彼此的感受，小小的体贴就能让关系升温。',
  'moon_venus.square':
    '你们表达爱和需要爱的方式有些错位，可能一个觉得付出了、另一个却没感受到。多问一句“你希望我怎么做”会很有帮助。',
  'moon_venus.trine': '你们的情感和审美很合拍，在一起轻松愉快，容易一起享受生活中的美好。',
  'moon_venus.opposition': '你们相互吸引，也要学着平衡给予和接受，让双方都感到被照顾。',

  'venus_mars.conjunction': '这是强烈的吸引信号：一方的魅力点燃另一方的热情，你们之间有明显的火花和行动力。',
  'venus_mars.sextile': '你们之间有轻松的吸引，懂得回应彼此，浪漫中带着默契。',
  'venus_mars.square':
    '你们之间的吸引带着张力，激情与摩擦常同时出现。学会在争执后好好修复，火花才会成为温度。',
  'venus_mars.trine': '你们的吸引自然流畅，热情和温柔配合得很好，相处中容易有甜蜜和创造力。',
  'venus_mars.opposition':
    '你们像磁铁的两极，吸引强烈，也会在靠近与拉开之间来回。保持各自的空间，会让吸引更持久。',

  'moon_saturn.conjunction':
    '一方给另一方带来稳定和责任感，也可能让对方感到情绪被约束。这样的联结常见于长久的关系，需要用温柔来平衡严肃。',
  'moon_saturn.sextile': '你们能给彼此踏实的支持，一起面对现实问题时很可靠。',
  'moon_saturn.square':
    '一方的谨慎可能让另一方觉得冷淡或被评判。说清楚“我在乎你，只是方式不同”，能化解不少误会。',
  'moon_saturn.trine': '你们之间有一种经得起时间的安定感，关系越久越稳固，是很好的长期基础。',
  'moon_saturn.opposition': '你们在情感需要和现实责任上看法不同，需要耐心地找到彼此都能接受的节奏。',

  'venus_saturn.conjunction':
    '你们之间的感情带着承诺的重量，认真而持久；也请留些轻松和玩乐，别让关系只剩下责任。',
  'venus_saturn.sextile': '你们愿意为关系付出时间，懂得经营，感情稳中有温度。',
  'venus_saturn.square':
    '一方渴望亲近，另一方习惯保留，可能出现冷热不均的感受。慢慢建立信任，比急着确认更重要。',
  'venus_saturn.trine': '你们的感情踏实可靠，彼此忠诚，是适合长期携手的组合。',
  'venus_saturn.opposition': '你们在浪漫与现实之间拉扯，需要坦诚讨论各自对关系的期待。',
};

/** Fallback for other pairs; `{a}` and `{b}` name the two bodies with their owners. */
export const SYNASTRY_TYPE_TEMPLATES: Readonly<Record<string, string>> = {
  conjunction: '{a}与{b}合相：这两部分在你们之间紧紧相连，感受强烈，是关系中很显眼的主题。',
  sextile: '{a}与{b}六合：这两部分能相互支持，稍加用心就会成为关系里的资源。',
  square: '{a}与{b}刑相：这里有摩擦，也有推动你们成长的力量，值得耐心沟通。',
  trine: '{a}与{b}拱相：这两部分自然流动，是你们相处中轻松愉快的地方。',
  opposition: '{a}与{b}对冲：你们在这里站在两端，彼此吸引也彼此映照，需要找到平衡。',
};

/** The reading of each index by band (`low` < 40 ≤ `mid` < 70 ≤ `high`). */
export const SYNASTRY_INDEX_TEMPLATES: Readonly<Record<string, string>> = {
  'attraction.high': '吸引力较强：你们之间有明显的火花，容易被对方吸引、想要靠近。',
  'attraction.mid': '吸引力适中：你们的吸引更像是慢慢升温，在相处中越来越能看见对方的好。',
  'attraction.low': '吸引力较含蓄：你们的联结不以火花见长，更多来自理解、友谊或共同的目标。',
  'harmony.high': '和谐度较高：你们的个性与节奏较为合拍，日常相处轻松，沟通顺畅。',
  'harmony.mid': '和谐度中等：你们有默契的地方，也有需要磨合的地方，这正是大多数关系的样子。',
  'harmony.low': '和谐度偏低：你们的方式差异较大，摩擦会更频繁；这需要更多耐心，也意味着彼此能学到很多。',
  'stability.high': '稳定度较高：你们之间有承诺和责任的基础，关系经得起时间和现实的考验。',
  'stability.mid': '稳定度中等：关系的稳定需要双方共同经营，清楚的约定和日常的照顾会让它更牢固。',
  'stability.low':
    '稳定度偏低：这段关系更多带来变化和成长，而非天然的安稳；想要走得长，需要有意识地建立共同的节奏。',
};

/** The guest's planets in the host's house: `{guest}`, `{host}`, `{bodies}` are filled in. */
export const OVERLAY_TEMPLATES: Readonly<Record<string, string>> = {
  '1': '{guest}的{bodies}落在{host}的第一宫：{guest}会直接影响{host}的自我感受和状态，{host}在对方面前更容易展现真实的自己。',
  '2': '{guest}的{bodies}落在{host}的第二宫：你们的关系会触及金钱、价值观和安全感，{guest}可能影响{host}如何看待自己的价值。',
  '3': '{guest}的{bodies}落在{host}的第三宫：你们有很多可聊的话题，{guest}会激发{host}的思考和表达。',
  '4': '{guest}的{bodies}落在{host}的第四宫：{guest}容易让{host}有家的感觉，这段关系会触及家庭和内心深处的安全感。',
  '5': '{guest}的{bodies}落在{host}的第五宫：{guest}为{host}带来快乐、浪漫和创造力，相处中常有轻松玩乐的氛围。',
  '6': '{guest}的{bodies}落在{host}的第六宫：你们会在日常生活和工作习惯上深度交织，适合一起经营生活的细节。',
  '7': '{guest}的{bodies}落在{host}的第七宫：{guest}很容易被{host}视为重要的伴侣或合作者，这是关系型的联结。',
  '8': '{guest}的{bodies}落在{host}的第八宫：这段关系强烈而深刻，会触及信任、亲密和共享，也可能带来内在的转变。',
  '9': '{guest}的{bodies}落在{host}的第九宫：{guest}会拓宽{host}的视野，你们适合一起学习、旅行，讨论信念与意义。',
  '10': '{guest}的{bodies}落在{host}的第十宫：{guest}可能影响{host}的事业方向或社会形象，是能推动彼此成长的联结。',
  '11': '{guest}的{bodies}落在{host}的第十一宫：你们像朋友一样相处，有共同的理想和社交圈，彼此支持对方的愿望。',
  '12': '{guest}的{bodies}落在{host}的第十二宫：这份联结细腻而隐秘，{guest}可能触及{host}内心不易言说的部分，需要温柔和信任。',
};

/** Composite and progressed-composite readings: `{sign}` and `{keyword}` describe the composite Sun or Moon. */
export const COMPOSITE_TEMPLATES: Readonly<Record<string, string>> = {
  sun: '组合盘的太阳在{sign}：这段关系的核心主题是“{keyword}”。当你们一起朝这个方向努力时，关系最有活力。',
  moon: '组合盘的月亮在{sign}：这段关系在“{keyword}”中获得安全感，照顾好这份共同的情感需要，你们会更亲近。',
  progressed_sun:
    '推运组合盘的太阳如今在{sign}：这段关系眼下正在经历“{keyword}”的阶段，可以一起留意它带来的新课题。',
  progressed_moon:
    '推运组合盘的月亮如今在{sign}：最近你们共同的情绪氛围与“{keyword}”有关，约两年多会换一次主题。',
  davison:
    '时空中点盘（戴维森盘）把这段关系当作一个独立的“生命”：它的太阳在{sign}，关系本身带着“{keyword}”的气质。',
  marks: '马克斯盘反映{name}在关系中的体验：它的月亮在{sign}，{name}在这段关系里最在意的是“{keyword}”。',
};
