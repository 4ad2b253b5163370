/** The scenes a draw can be asked for, with their Chinese labels and the question each one holds. Pure data. */
export const IMAGE_CARD_SCENES = [
  { key: 'self', label: '自我探索', prompt: '关于我自己，此刻最值得看见的是什么？' },
  { key: 'relationship', label: '关系', prompt: '在这段关系里，我需要看见什么？' },
  { key: 'career', label: '事业与方向', prompt: '在工作和人生方向上，我正在经历什么？' },
  { key: 'emotion', label: '情绪觉察', prompt: '此刻我的情绪在告诉我什么？' },
  { key: 'daily', label: '每日一卡', prompt: '今天，有什么值得我留意？' },
] as const;

export type ImageCardSceneKey = (typeof IMAGE_CARD_SCENES)[number]['key'];
export const IMAGE_CARD_SCENE_KEYS: readonly ImageCardSceneKey[] = IMAGE_CARD_SCENES.map(
  (scene) => scene.key,
);
/** A draw without a scene is the daily card. */
export const DEFAULT_SCENE: ImageCardSceneKey = 'daily';

export function isSceneKey(value: string): value is ImageCardSceneKey {
  return (IMAGE_CARD_SCENE_KEYS as readonly string[]).includes(value);
}

export function sceneOf(key: ImageCardSceneKey): (typeof IMAGE_CARD_SCENES)[number] {
  const scene = IMAGE_CARD_SCENES.find((candidate) => candidate.key === key);
  if (!scene) throw new Error(`unknown image-card scene ${key}`);
  return scene;
}

/**
 * Spread positions. A plain draw is one card for the scene's question; a depth draw lays three cards that read as a
 * small story: where you stand, what holds you back, where it can go.
 */
export const SINGLE_SPREAD = [{ key: 'focus', label: '此刻', guide: '这张卡映照出此刻的你。' }] as const;
export const DEPTH_SPREAD = [
  { key: 'present', label: '现在', guide: '你此刻所处的位置与感受。' },
  { key: 'obstacle', label: '阻碍', guide: '让你卡住、犹豫或消耗你的东西。' },
  { key: 'direction', label: '方向', guide: '可以尝试迈出的一步，或值得靠近的状态。' },
] as const;

export interface SpreadPosition {
  key: string;
  label: string;
  guide: string;
}
