import type { AskScene } from './reply-engine.types.ts';

/**
 * A small labelled set for retrieval quality: questions phrased the way users write, not copied
 * from the chunks, each with the seed chunks that would make a good answer. A question is a hit
 * when any of its chunks is in the top 3.
 */
export interface RetrievalLabel {
  readonly question: string;
  readonly scene: AskScene;
  readonly relevant: readonly string[];
}

export const RETRIEVAL_LABELS: readonly RetrievalLabel[] = [
  {
    question: '晚上躺床上一两个小时都睡不着，越躺越清醒',
    scene: 'life',
    relevant: ['kc-life-003', 'kc-life-001'],
  },
  { question: '下午喝了杯奶茶，晚上就睡不着', scene: 'life', relevant: ['kc-life-006'] },
  {
    question: '男朋友一吵架就不说话，好几天都不理我',
    scene: 'relation',
    relevant: ['kc-relation-005', 'kc-relation-014'],
  },
  { question: '怎么拒绝同事的请求又不伤和气', scene: 'relation', relevant: ['kc-relation-010'] },
  {
    question: '他回消息很慢我就会胡思乱想，是不是我太没安全感了',
    scene: 'relation',
    relevant: ['kc-relation-012', 'kc-relation-023'],
  },
  { question: '分手三个月了还是忍不住去看他的朋友圈', scene: 'relation', relevant: ['kc-relation-015'] },
  { question: '爸妈一直催婚，我该怎么跟他们说', scene: 'relation', relevant: ['kc-relation-018'] },
  { question: '合盘能看出我们两个配不配吗', scene: 'relation', relevant: ['kc-relation-037'] },
  { question: '想裸辞但是又怕之后找不到工作', scene: 'career', relevant: ['kc-career-005', 'kc-career-003'] },
  { question: '纠结要不要考研还是直接去工作', scene: 'career', relevant: ['kc-career-007'] },
  { question: '面试的时候特别紧张，说话都结巴', scene: 'career', relevant: ['kc-career-009'] },
  { question: '每天上班都很麻木，感觉整个人被掏空了', scene: 'career', relevant: ['kc-career-011'] },
  { question: '领导当着大家的面批评我，好难受', scene: 'career', relevant: ['kc-career-014'] },
  { question: '总觉得自己能力不够，迟早会被别人发现', scene: 'career', relevant: ['kc-career-016'] },
  { question: '现在的工作没意思，每天都很无聊', scene: 'career', relevant: ['kc-career-018'] },
  { question: '做事总是拖到最后一刻才开始', scene: 'self', relevant: ['kc-self-005', 'kc-self-006'] },
  {
    question: '定了健身计划但总是坚持不下去',
    scene: 'self',
    relevant: ['kc-self-002', 'kc-self-024', 'kc-self-001'],
  },
  { question: '一拿起手机就停不下来刷短视频', scene: 'self', relevant: ['kc-self-022', 'kc-self-004'] },
  { question: '水逆的时候是不是做什么都不顺', scene: 'self', relevant: ['kc-self-035'] },
  { question: '月亮星座代表什么', scene: 'self', relevant: ['kc-self-032'] },
  {
    question: '突然心慌手抖，感觉要出什么事一样',
    scene: 'emotion',
    relevant: ['kc-emotion-005', 'kc-emotion-024', 'kc-emotion-003'],
  },
  {
    question: '老是骂自己没用，怎么才能对自己好一点',
    scene: 'emotion',
    relevant: ['kc-emotion-016', 'kc-emotion-015', 'kc-emotion-030'],
  },
  {
    question: '一件小事会在脑子里反复想好几天',
    scene: 'emotion',
    relevant: ['kc-emotion-013', 'kc-emotion-031'],
  },
  {
    question: '情绪低落了一个多月，什么都不想做，要不要去看医生',
    scene: 'emotion',
    relevant: ['kc-emotion-032', 'kc-emotion-023', 'kc-emotion-033'],
  },
  {
    question: '一生气就控制不住对家人发火',
    scene: 'emotion',
    relevant: ['kc-emotion-018', 'kc-emotion-019'],
  },
  { question: '刚搬到一个陌生的城市，谁都不认识', scene: 'life', relevant: ['kc-life-014'] },
  { question: '月底总是没钱，一想到花钱就焦虑', scene: 'life', relevant: ['kc-life-016', 'kc-life-017'] },
  { question: '一到冬天就特别没精神，情绪也很低', scene: 'life', relevant: ['kc-life-021'] },
];
