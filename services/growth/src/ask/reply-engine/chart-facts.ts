import { foldTextForSearch } from '../../safety/text-normalizer.ts';
import type { AskIntent, AskScene, ChartFacts, ChartTransit } from './reply-engine.types.ts';

/**
 * Chart facts phrased as a reflective lens: what a placement invites you to notice, never what will
 * happen. Every phrase is written to be read after "太阳在X，" and similar.
 */
interface SignReading {
  readonly name: string;
  /** The sun: what gives you energy and direction. */
  readonly drive: string;
  /** The moon: what you need to feel safe. */
  readonly need: string;
  /** The ascendant: how you tend to meet new situations. */
  readonly approach: string;
}

const SIGNS: readonly (SignReading & { readonly aliases: readonly string[] })[] = [
  {
    name: '白羊座',
    aliases: ['白羊', 'aries'],
    drive: '行动和开创常常能点燃你',
    need: '被允许直接表达、马上行动',
    approach: '习惯先迈出一步再调整',
  },
  {
    name: '金牛座',
    aliases: ['金牛', 'taurus'],
    drive: '稳定和看得见的积累让你安心',
    need: '节奏可控、身体舒适',
    approach: '倾向于先观察，再稳稳地投入',
  },
  {
    name: '双子座',
    aliases: ['双子', 'gemini'],
    drive: '好奇心和交流是你的燃料',
    need: '有人可以聊、有新鲜的信息',
    approach: '喜欢先聊一聊、多了解几种可能',
  },
  {
    name: '巨蟹座',
    aliases: ['巨蟹', 'cancer'],
    drive: '照顾和归属感对你很重要',
    need: '被接纳、有一个可以退回的港湾',
    approach: '会先感受氛围是否安全',
  },
  {
    name: '狮子座',
    aliases: ['狮子', 'leo'],
    drive: '真诚地表达自己、被看见会让你发光',
    need: '被欣赏、被真心回应',
    approach: '愿意大方地展现自己',
  },
  {
    name: '处女座',
    aliases: ['处女', 'virgo'],
    drive: '把事情做好、做细会给你成就感',
    need: '生活有秩序、努力有用处',
    approach: '习惯先分析细节再行动',
  },
  {
    name: '天秤座',
    aliases: ['天秤', '天平', 'libra'],
    drive: '和谐、公平与美感对你很重要',
    need: '关系平衡、不被激烈冲突包围',
    approach: '会先照顾到各方的感受',
  },
  {
    name: '天蝎座',
    aliases: ['天蝎', 'scorpio'],
    drive: '深度和真实让你投入',
    need: '信任可靠、情感是真的',
    approach: '先保留一些，确认安全后才敞开',
  },
  {
    name: '射手座',
    aliases: ['射手', '人马', 'sagittarius'],
    drive: '意义、自由和远方会激励你',
    need: '有空间、有希望感',
    approach: '习惯用乐观和探索打开局面',
  },
  {
    name: '摩羯座',
    aliases: ['摩羯', '山羊', 'capricorn'],
    drive: '目标感和责任感是你的底色',
    need: '事情在掌控中、努力被认可',
    approach: '倾向于先把责任扛起来',
  },
  {
    name: '水瓶座',
    aliases: ['水瓶', '宝瓶', 'aquarius'],
    drive: '独立思考和与众不同让你有活力',
    need: '被尊重个人空间和想法',
    approach: '常常用理性和新视角切入',
  },
  {
    name: '双鱼座',
    aliases: ['双鱼', 'pisces'],
    drive: '共情和想象力是你的天赋',
    need: '被温柔理解、有独处充电的时间',
    approach: '会凭直觉去感受人和环境',
  },
];

const BODIES: Readonly<Record<string, string>> = {
  sun: '太阳',
  moon: '月亮',
  mercury: '水星',
  venus: '金星',
  mars: '火星',
  jupiter: '木星',
  saturn: '土星',
  uranus: '天王星',
  neptune: '海王星',
  pluto: '冥王星',
  north_node: '北交点',
  ascendant: '上升点',
  midheaven: '天顶',
};

interface AspectReading {
  readonly name: string;
  /** What the aspect invites you to notice; read after "不妨把它当作一个……的提醒". */
  readonly theme: string;
}

const ASPECTS: readonly (AspectReading & { readonly aliases: readonly string[] })[] = [
  { name: '合相', aliases: ['conjunction', '合'], theme: '把注意力集中到这一主题' },
  { name: '对分相', aliases: ['opposition', '对分', '冲'], theme: '在两种需要之间找平衡' },
  { name: '三分相', aliases: ['trine', '三分', '拱'], theme: '顺势而为、用好已有资源' },
  { name: '四分相', aliases: ['square', '四分', '刑'], theme: '直面张力、做出调整' },
  { name: '六分相', aliases: ['sextile', '六分', '六合'], theme: '主动抓住小机会' },
];

function foldName(value: string): string {
  return foldTextForSearch(value).replace(/ /g, '');
}

export function readSign(value: string): SignReading | null {
  const folded = foldName(value);
  return SIGNS.find((sign) => foldName(sign.name) === folded || sign.aliases.includes(folded)) ?? null;
}

function bodyName(value: string): string {
  const folded = foldName(value);
  return BODIES[folded] ?? (folded.length > 0 ? value.trim() : '');
}

function readAspect(value: string): AspectReading | null {
  const folded = foldName(value);
  return (
    ASPECTS.find((aspect) => foldName(aspect.name) === folded || aspect.aliases.includes(folded)) ?? null
  );
}

/** Whether chart facts belong in a reply: questions about oneself, relationships or astrology. */
export function chartFactsRelevant(scene: AskScene, intent: AskIntent): boolean {
  return intent === 'astrology_question' || scene === 'self' || scene === 'relation';
}

function describeTransit(transit: ChartTransit): string | null {
  const aspect = readAspect(transit.type);
  const transiting = bodyName(transit.transiting);
  const natal = bodyName(transit.natal);
  if (aspect === null || transiting === '' || natal === '') return null;
  return `最近行运${transiting}与你本命的${natal}形成${aspect.name}，不妨把它当作一个${aspect.theme}的提醒，而不是对结果的预言。`;
}

/**
 * One or two sentences of chart reflection for the scene, or null when the facts are unusable.
 * Relationship questions lead with the moon (emotional needs); others with the sun and ascendant.
 */
export function describeChartFacts(facts: ChartFacts, scene: AskScene, intent: AskIntent): string | null {
  const sun = readSign(facts.sun.sign);
  const moon = readSign(facts.moon.sign);
  const rising = facts.ascendant === null ? null : readSign(facts.ascendant.sign);
  const parts: string[] = [];
  if (scene === 'relation' && moon !== null) {
    parts.push(`从星盘看，你的月亮在${moon.name}，在关系里你可能格外需要${moon.need}`);
    if (sun !== null) parts.push(`太阳在${sun.name}，${sun.drive}`);
  } else if (sun !== null) {
    parts.push(`从星盘看，你的太阳在${sun.name}，${sun.drive}`);
    if (rising !== null) parts.push(`上升${rising.name}的你，在新环境里${rising.approach}`);
    else if (moon !== null) parts.push(`月亮在${moon.name}，内心需要${moon.need}`);
  } else if (moon !== null) {
    parts.push(`从星盘看，你的月亮在${moon.name}，内心需要${moon.need}`);
  }
  if (parts.length === 0) return null;
  let text = `${parts.join('；')}。`;
  const transit =
    intent === 'astrology_question' || scene === 'self'
      ? facts.transits.map(describeTransit).find((line) => line !== null)
      : undefined;
  if (transit !== undefined && transit !== null) text += transit;
  return text;
}

/** Sign names for prompt placeholders ({{sun_sign}} and friends). */
export function chartPlaceholderValues(facts: ChartFacts | null | undefined): Record<string, string> {
  const unknown = '未提供';
  if (facts === null || facts === undefined)
    return { sun_sign: unknown, moon_sign: unknown, ascendant_sign: unknown };
  return {
    sun_sign: readSign(facts.sun.sign)?.name ?? facts.sun.sign,
    moon_sign: readSign(facts.moon.sign)?.name ?? facts.moon.sign,
    ascendant_sign:
      facts.ascendant === null ? unknown : (readSign(facts.ascendant.sign)?.name ?? facts.ascendant.sign),
  };
}
