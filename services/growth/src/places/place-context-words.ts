/**
 * Words that may surround a place name in free text: country names (which also narrow the
 * match to that country) and filler words. Written in normalised form (see place-names.ts):
 * simplified Chinese, lowercase Latin without spaces.
 */

const COUNTRY_NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'CN',
    [
      '中国',
      '中华人民共和国',
      '中国大陆',
      '大陆',
      '内地',
      'china',
      'prc',
      'peoplesrepublicofchina',
      'mainlandchina',
    ],
  ],
  ['US', ['美国', '美利坚合众国', 'usa', 'us', 'unitedstates', 'unitedstatesofamerica', 'america']],
  ['GB', ['英国', 'uk', 'unitedkingdom', 'greatbritain', 'britain', 'england', 'scotland', 'wales']],
  ['JP', ['日本', 'japan']],
  ['KR', ['韩国', '南韩', 'korea', 'southkorea', 'republicofkorea']],
  ['KP', ['朝鲜', '北韩', 'northkorea']],
  ['CA', ['加拿大', 'canada']],
  ['AU', ['澳大利亚', '澳洲', 'australia']],
  ['NZ', ['新西兰', 'newzealand']],
  ['DE', ['德国', 'germany', 'deutschland']],
  ['FR', ['法国', 'france']],
  ['IT', ['意大利', 'italy', 'italia']],
  ['ES', ['西班牙', 'spain', 'espana']],
  ['PT', ['葡萄牙', 'portugal']],
  ['NL', ['荷兰', 'netherlands', 'holland']],
  ['BE', ['比利时', 'belgium']],
  ['CH', ['瑞士', 'switzerland']],
  ['AT', ['奥地利', 'austria']],
  ['SE', ['瑞典', 'sweden']],
  ['NO', ['挪威', 'norway']],
  ['FI', ['芬兰', 'finland']],
  ['DK', ['丹麦', 'denmark']],
  ['IE', ['爱尔兰', 'ireland']],
  ['PL', ['波兰', 'poland']],
  ['RU', ['俄罗斯', '俄国', 'russia', 'russianfederation']],
  ['UA', ['乌克兰', 'ukraine']],
  ['TR', ['土耳其', 'turkey', 'turkiye']],
  ['IN', ['印度', 'india']],
  ['SG', ['singaporecountry']],
  ['MY', ['马来西亚', 'malaysia']],
  ['TH', ['泰国', 'thailand']],
  ['VN', ['越南', 'vietnam']],
  ['PH', ['菲律宾', 'philippines']],
  ['ID', ['印度尼西亚', '印尼', 'indonesia']],
  ['AE', ['阿联酋', 'uae', 'unitedarabemirates']],
  ['EG', ['埃及', 'egypt']],
  ['ZA', ['南非', 'southafrica']],
  ['BR', ['巴西', 'brazil', 'brasil']],
  ['AR', ['阿根廷', 'argentina']],
  ['CL', ['智利', 'chile']],
  ['MX', ['墨西哥', 'mexico']],
  ['HK', ['中国香港', 'hongkongsar']],
  ['MO', ['中国澳门']],
  ['TW', ['中国台湾', 'taiwanprovince', 'taiwan', '台湾']],
];

/** Normalised country word → ISO 3166-1 alpha-2. */
export const COUNTRY_WORDS: ReadonlyMap<string, string> = new Map(
  COUNTRY_NAMES.flatMap(([code, words]) => words.map((w) => [w, code] as const)),
);

/** Regions a country word also covers (中国 + 广州 is fine, and so is 中国 + 香港). */
export const COUNTRY_COVERS: Readonly<Record<string, readonly string[]>> = {
  CN: ['CN', 'HK', 'MO', 'TW'],
};

/** Words that say nothing about the place but may surround it. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  '出生',
  '出生于',
  '出生在',
  '生于',
  '籍贯',
  '老家',
  '户籍',
  '省',
  '市',
  '区',
  '县',
  '镇',
  '乡',
  '村',
  '州',
  'city',
  'shi',
  'province',
  'sheng',
  'district',
  'qu',
  'county',
  'prefecture',
  'autonomous',
  'region',
  'municipality',
  'sar',
  'special',
  'administrative',
  'state',
  'of',
  'the',
  'in',
  'born',
  'near',
  'town',
  'village',
]);

/** Longest context word, in tokens, tried at one position. */
export const MAX_CONTEXT_WORD_TOKENS = 7;
