export {
  compareWithCeiling,
  describeMachine,
  printComparison,
  serveWithCeiling,
} from './ceiling-comparison.ts';
export type { BenchRequest, CeilingComparison, LoadResult } from './ceiling-comparison.ts';
