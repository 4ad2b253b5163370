/**
 * Rhythm texts keyed `<cycle>.<phase>`. Biorhythm is a traditional self-observation model, not a scientific
 * measurement; the texts invite noticing and never advise against anything important.
 */
export const RHYTHM_TEMPLATES: Readonly<Record<string, string>> = {
  'physical.high': '体力周期在高位：身体状态可能比较充沛，适合安排运动或需要体力的事，也别透支。',
  'physical.rising': '体力周期在上升：精力逐渐回来，可以慢慢增加活动量。',
  'physical.falling': '体力周期在回落：留意休息和睡眠，把节奏调得温和一些。',
  'physical.low': '体力周期在低位：适合恢复和调养，做些舒缓的拉伸或散步就很好。',
  'physical.critical': '体力周期正处在转换日：身体可能更敏感，做事时多一分留心，给自己留些余量。',
  'emotional.high': '情绪周期在高位：心情比较开阔，适合和人交流、表达情感。',
  'emotional.rising': '情绪周期在上升：感受在慢慢变得明朗，适合做让自己愉快的事。',
  'emotional.falling': '情绪周期在回落：可能更容易累或敏感，允许自己慢一点，照顾好心情。',
  'emotional.low': '情绪周期在低位：如果感到低落，这是可以被理解的，安排一些温和的独处或陪伴。',
  'emotional.critical': '情绪周期正处在转换日：情绪可能有些波动，重要的对话可以放在心平气和的时候。',
  'intellectual.high': '思维周期在高位：思路可能比较清晰，适合学习、写作和做需要专注的工作。',
  'intellectual.rising': '思维周期在上升：专注力在回升，适合逐步进入复杂的任务。',
  'intellectual.falling': '思维周期在回落：把需要深度思考的事稍作拆分，多用清单帮自己记事。',
  'intellectual.low': '思维周期在低位：适合做熟悉、轻松的事，给大脑一些留白。',
  'intellectual.critical': '思维周期正处在转换日：做决定前多确认一次信息，会更安心。',
  model_note:
    '节律模型说明：这里用的是传统的生物节律模型（体力 23 天、情绪 28 天、思维 33 天的正弦周期，从出生日起算），它是一种自我观察的参考，没有科学证据表明它能预测状态。请把它当作一面温和的镜子，以你自己的真实感受为准。',
  solar_term: '今天处在{term}（{starts}开始）：{theme}',
  transits_quiet: '今天天空与你的星盘之间没有特别紧的相位。',
};
