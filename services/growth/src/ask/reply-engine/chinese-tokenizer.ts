import { foldTextForSearch } from '../../safety/text-normalizer.ts';

/**
 * Chinese search tokens: dictionary words from Intl.Segmenter (precision) plus overlapping
 * character bigrams (recall, and robustness to segmentation differences between a question and a
 * chunk). Text is folded first (NFKC, lower case, simplified), so traditional questions match too.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /^\p{Script=Han}+$/u;
const HAN_CHAR = /\p{Script=Han}/u;
const MIN_LATIN_TOKEN = 2;

/** Function words that carry no topic. */
const STOP_WORDS = new Set([
  '的',
  '了',
  '是',
  '我',
  '你',
  '他',
  '她',
  '它',
  '们',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '哦',
  '嗯',
  '也',
  '都',
  '就',
  '还',
  '很',
  '太',
  '又',
  '在',
  '着',
  '过',
  '和',
  '与',
  '及',
  '或',
  '但',
  '而',
  '把',
  '被',
  '让',
  '给',
  '对',
  '向',
  '从',
  '于',
  '为',
  '以',
  '之',
  '其',
  '这',
  '那',
  '哪',
  '些',
  '个',
  '一',
  '不',
  '没',
  '有',
  '么',
  '会',
  '要',
  '能',
  '该',
  '想',
  '说',
  '做',
  '去',
  '来',
  '得',
  '地',
  '到',
  '我们',
  '你们',
  '他们',
  '她们',
  '自己',
  '什么',
  '怎么',
  '怎样',
  '如何',
  '为什么',
  '怎么办',
  '怎么样',
  '可以',
  '应该',
  '一个',
  '这个',
  '那个',
  '这样',
  '那样',
  '这些',
  '那些',
  '就是',
  '还是',
  '但是',
  '因为',
  '所以',
  '如果',
  '然后',
  '真的',
  '非常',
  '有点',
  '一点',
  '一些',
  '时候',
  '现在',
  '最近',
  '感觉',
  '觉得',
  '知道',
  '是不是',
  '能不能',
  '要不要',
  '可能',
  '已经',
  '还有',
  '没有',
  '不要',
  '一直',
  '总是',
  '不是',
  '不会',
  '还是',
  '怎么才能',
  '才能',
  '一下',
  '有没有',
  '请问',
]);

/** Characters whose bigrams are noise when both halves are function characters (我的, 是不). */
const FUNCTION_CHARS = new Set(
  '的了是我你他她它们吗呢吧啊呀哦嗯也都就还很太又在着过和与及或但而把被让给对向从于为以之其这那哪些个一不没有么会要能该说做去来得地到什怎样如何',
);

function pushBigrams(run: string, tokens: string[]): void {
  for (let i = 0; i + 1 < run.length; i += 1) {
    const first = run[i] ?? '';
    const second = run[i + 1] ?? '';
    if (FUNCTION_CHARS.has(first) && FUNCTION_CHARS.has(second)) continue;
    tokens.push(first + second);
  }
}

export function tokenizeChinese(text: string): string[] {
  const folded = foldTextForSearch(text);
  const tokens: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(folded)) {
    if (!isWordLike) continue;
    if (HAN.test(segment)) {
      // Two-character words are already emitted as bigrams; repeating them only doubles index size.
      const coveredByBigram =
        segment.length === 2 &&
        !(FUNCTION_CHARS.has(segment[0] ?? '') && FUNCTION_CHARS.has(segment[1] ?? ''));
      if (!STOP_WORDS.has(segment) && !coveredByBigram) tokens.push(segment);
    } else if (!HAN_CHAR.test(segment) && segment.length >= MIN_LATIN_TOKEN) {
      tokens.push(segment);
    }
  }
  for (const run of folded.split(' ')) {
    let hanRun = '';
    for (const ch of run) {
      if (HAN_CHAR.test(ch)) {
        hanRun += ch;
      } else {
        pushBigrams(hanRun, tokens);
        hanRun = '';
      }
    }
    pushBigrams(hanRun, tokens);
  }
  return tokens;
}
