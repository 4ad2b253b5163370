import { foldTextForSearch } from '../../safety/text-normalizer.ts';
import type { AskIntent, AskScene } from './reply-engine.types.ts';

interface IntentRule {
  readonly intent: AskIntent;
  readonly weight: number;
  readonly keywords: readonly string[];
}

export interface IntentResult {
  readonly intent: AskIntent;
  /** Scene the reply is written for: the question's topic scene, else the thread's, else life. */
  readonly scene: AskScene;
  /** Keywords that decided the intent, for logs and admin views. */
  readonly signals: readonly string[];
  /** The question mentions medication or diagnosis: the reply must point to a doctor. */
  readonly medical: boolean;
  /** The question asks the chart to predict events: the reply must reframe. */
  readonly predictive: boolean;
}

/** Topic intents beat speech-act intents (ask_advice, ask_meaning) with equal evidence. */
const TOPIC_WEIGHT = 3;
const SPEECH_ACT_WEIGHT = 2;
/** Greetings and thanks only count as the whole message when it is short. */
const SOCIAL_MAX_LENGTH = 14;

const RULES: readonly IntentRule[] = [
  {
    intent: 'astrology_question',
    weight: TOPIC_WEIGHT + 1,
    keywords: [
      '星座',
      '星盘',
      '本命盘',
      '上升',
      '太阳星座',
      '月亮星座',
      '水逆',
      '行运',
      '合盘',
      '相位',
      '宫位',
      '土星回归',
      '金星',
      '火星',
      '木星',
      '土星',
      '冥王星',
      '占星',
      '运势',
      '白羊',
      '金牛',
      '双子',
      '巨蟹',
      '狮子座',
      '处女座',
      '天秤',
      '天蝎',
      '射手',
      '摩羯',
      '水瓶',
      '双鱼',
    ],
  },
  {
    intent: 'relationship_conflict',
    weight: TOPIC_WEIGHT,
    keywords: [
      '吵架',
      '冷战',
      '分手',
      '矛盾',
      '误会',
      '不理我',
      '伴侣',
      '男朋友',
      '女朋友',
      '老公',
      '老婆',
      '对象',
      '恋爱',
      '暧昧',
      '出轨',
      '复合',
      '婆婆',
      '父母',
      '爸妈',
      '室友',
      '朋友',
      '闺蜜',
      '家人',
      '异地',
      '结婚',
      '离婚',
      '相处',
      '沟通',
      '边界',
      '讨好',
      '表白',
      '喜欢的人',
      '前任',
      '关系',
    ],
  },
  {
    intent: 'career_choice',
    weight: TOPIC_WEIGHT,
    keywords: [
      '工作',
      '跳槽',
      '辞职',
      '离职',
      '裸辞',
      'offer',
      '考研',
      '考公',
      '转行',
      '面试',
      '老板',
      '领导',
      '同事',
      '升职',
      '加薪',
      '职业',
      '专业',
      '实习',
      '简历',
      '创业',
      '行业',
      '加班',
      '996',
      '职场',
      '事业',
      '求职',
      '毕业',
      '绩效',
      '内卷',
    ],
  },
  {
    intent: 'emotion_support',
    weight: TOPIC_WEIGHT,
    keywords: [
      '难过',
      '伤心',
      '焦虑',
      '抑郁',
      '压力',
      '崩溃',
      '孤独',
      '寂寞',
      '烦躁',
      '委屈',
      '想哭',
      '哭',
      '害怕',
      '紧张',
      '恐慌',
      '心慌',
      '生气',
      '愤怒',
      '内耗',
      '情绪',
      '失落',
      '空虚',
      '低落',
      '痛苦',
      '自卑',
      '羞耻',
      '内疚',
      '失眠',
      '睡不着',
      '累',
      '疲惫',
      '心累',
      'emo',
      '不开心',
      '烦',
      '心情不好',
      '心情差',
      '心情很差',
      '心情低落',
      '不想做',
      '没意思',
      '没动力',
      '提不起劲',
      '绝望',
      '无助',
    ],
  },
  {
    intent: 'self_growth',
    weight: TOPIC_WEIGHT,
    keywords: [
      '成长',
      '自律',
      '拖延',
      '习惯',
      '自信',
      '目标',
      '计划',
      '坚持',
      '改变',
      '提升',
      '学习',
      '效率',
      '专注',
      '意志力',
      '完美主义',
      '自我价值',
      '认识自己',
      '性格',
      '优点',
      '缺点',
      '天赋',
      '兴趣',
      '时间管理',
      '早起',
      '读书',
      '运动',
      '健身',
      '减肥',
    ],
  },
  {
    intent: 'life_guidance',
    weight: TOPIC_WEIGHT,
    keywords: [
      '作息',
      '熬夜',
      '晚睡',
      '早起',
      '午睡',
      '睡眠',
      '饮食',
      '吃饭',
      '做饭',
      '搬家',
      '换城市',
      '新城市',
      '城市',
      '独居',
      '一个人住',
      '租房',
      '存钱',
      '花钱',
      '记账',
      '消费',
      '没钱',
      '宠物',
      '养猫',
      '养狗',
      '旅行',
      '周末',
      '节气',
      '季节',
      '冬天',
      '家务',
      '整理',
      '生活',
      '日常',
      '喝酒',
      '咖啡',
      '久坐',
      '晒太阳',
      '散步',
    ],
  },
  {
    intent: 'ask_meaning',
    weight: SPEECH_ACT_WEIGHT,
    keywords: [
      '什么意思',
      '意味着',
      '代表什么',
      '说明什么',
      '象征',
      '是什么',
      '为什么会',
      '为什么总是',
      '为什么我',
      '梦到',
      '梦见',
      '意义',
    ],
  },
  {
    intent: 'ask_advice',
    weight: SPEECH_ACT_WEIGHT,
    keywords: [
      '怎么办',
      '怎么做',
      '该不该',
      '要不要',
      '如何',
      '怎样才能',
      '怎么才能',
      '有什么办法',
      '建议',
      '应该',
      '能不能',
      '可不可以',
      '方法',
    ],
  },
  {
    intent: 'out_of_scope',
    weight: TOPIC_WEIGHT,
    keywords: [
      '股票',
      '基金',
      '比特币',
      '炒币',
      '彩票',
      '中奖号码',
      '天气',
      '写代码',
      '编程',
      '代码',
      '数学题',
      '作业答案',
      '翻译',
      '菜谱',
      '食谱',
      '游戏攻略',
      '打车',
      '快递',
      '外卖',
      '新闻',
      '政治',
      '法律',
      '官司',
      '报税',
    ],
  },
];

const GREETINGS = [
  '你好',
  '您好',
  '嗨',
  'hi',
  'hello',
  '哈喽',
  '在吗',
  '在不在',
  '早上好',
  '晚上好',
  '下午好',
  '早安',
  '晚安',
];
const THANKS = ['谢谢', '感谢', '多谢', '谢啦', 'thanks', 'thank', '辛苦了', '有帮助'];
const MEDICAL = ['吃药', '停药', '减药', '药物', '抗抑郁药', '诊断', '确诊', '医生', '精神科', '住院', '药'];
const PREDICTIVE = [
  '会不会',
  '什么时候',
  '哪一年',
  '哪天',
  '能不能遇到',
  '会遇到',
  '会发财',
  '预测',
  '命中注定',
  '注定',
  '运势',
  '今年运',
  '明年运',
];

const INTENT_SCENE: Partial<Record<AskIntent, AskScene>> = {
  relationship_conflict: 'relation',
  career_choice: 'career',
  emotion_support: 'emotion',
  self_growth: 'self',
  life_guidance: 'life',
};

/** Order used to break equal scores: more specific topics first. */
const PRIORITY: readonly AskIntent[] = [
  'astrology_question',
  'relationship_conflict',
  'career_choice',
  'emotion_support',
  'self_growth',
  'life_guidance',
  'out_of_scope',
  'ask_meaning',
  'ask_advice',
];

const containsAny = (text: string, words: readonly string[]): string[] =>
  words.filter((word) => text.includes(word));

/**
 * Rule-based intent and scene. sceneHint is the thread's scene; a clear topic in the question
 * wins over it (a career thread can still receive a relationship question).
 */
export function classifyIntent(question: string, sceneHint: AskScene | null = null): IntentResult {
  const folded = foldTextForSearch(question);
  const compact = folded.replace(/ /g, '');
  const medical = containsAny(compact, MEDICAL).length > 0;
  const predictive = containsAny(compact, PREDICTIVE).length > 0;

  const scores = new Map<AskIntent, { score: number; signals: string[] }>();
  for (const rule of RULES) {
    const hits = containsAny(compact, rule.keywords);
    if (hits.length === 0) continue;
    const entry = scores.get(rule.intent) ?? { score: 0, signals: [] };
    entry.score += rule.weight * hits.length;
    entry.signals.push(...hits);
    scores.set(rule.intent, entry);
  }

  const greeting = containsAny(compact, GREETINGS);
  const thanks = containsAny(compact, THANKS);
  const short = [...compact].length <= SOCIAL_MAX_LENGTH;
  const topical = [...scores.keys()].some((intent) => intent !== 'ask_advice' && intent !== 'ask_meaning');
  const base = { medical, predictive };
  if (thanks.length > 0 && (short || !topical)) {
    return { intent: 'thanks', scene: sceneHint ?? 'life', signals: thanks, ...base };
  }
  if (greeting.length > 0 && short && scores.size === 0) {
    return { intent: 'greeting', scene: sceneHint ?? 'life', signals: greeting, ...base };
  }

  let best: AskIntent | null = null;
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const score = scores.get(intent)?.score ?? 0;
    if (score > bestScore) {
      best = intent;
      bestScore = score;
    }
  }
  // Out-of-scope words inside an otherwise personal question (工作压力大要不要买基金) do not win.
  if (best === 'out_of_scope' && topical) {
    const personal = PRIORITY.filter(
      (intent) => intent !== 'out_of_scope' && INTENT_SCENE[intent] !== undefined && scores.has(intent),
    );
    if (personal.length > 0 && personal[0] !== undefined) best = personal[0];
  }
  if (best === null) {
    if (greeting.length > 0)
      return { intent: 'greeting', scene: sceneHint ?? 'life', signals: greeting, ...base };
    return { intent: 'ask_advice', scene: sceneHint ?? 'life', signals: [], ...base };
  }

  // The scene follows the strongest personal topic even when the speech act wins the intent.
  let topicScene: AskScene | undefined;
  let topicScore = 0;
  for (const intent of PRIORITY) {
    const scene = INTENT_SCENE[intent];
    const score = scores.get(intent)?.score ?? 0;
    if (scene !== undefined && score > topicScore) {
      topicScene = scene;
      topicScore = score;
    }
  }
  const astrologyScene: AskScene =
    sceneHint === 'relation' || topicScene === 'relation' ? 'relation' : 'self';
  const scene = best === 'astrology_question' ? astrologyScene : (topicScene ?? sceneHint ?? 'life');
  return { intent: best, scene, signals: scores.get(best)?.signals ?? [], ...base };
}
