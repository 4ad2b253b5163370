import { describe, expect, it } from 'vitest';
import { trimReportDetail, type ReportDetail } from './report-detail.ts';

const detail: ReportDetail = {
  sections: [
    { key: 'a', title: 'A', preview: true, paragraphs: ['one'] },
    { key: 'b', title: 'B', preview: true, paragraphs: ['two'], data: { x: 1 } },
    { key: 'c', title: 'C', paragraphs: ['three'], data: { secret: true } },
  ],
};

describe('trimReportDetail', () => {
  it('keeps preview sections whole and locks the rest to key and title', () => {
    expect(trimReportDetail(detail, false)).toEqual({
      sections: [
        { key: 'a', title: 'A', locked: false, paragraphs: ['one'] },
        { key: 'b', title: 'B', locked: false, paragraphs: ['two'], data: { x: 1 } },
        { key: 'c', title: 'C', locked: true },
      ],
    });
  });

  it('opens everything with deep access', () => {
    expect(trimReportDetail(detail, true)?.sections.map((s) => s.locked)).toEqual([false, false, false]);
    expect(trimReportDetail(detail, true)?.sections[2]).toMatchObject({ data: { secret: true } });
  });

  it('strips a detail with no preview section to null (an image-card depth draw)', () => {
    expect(
      trimReportDetail({ sections: [{ key: 'deep', title: 'D', paragraphs: ['x'] }] }, false),
    ).toBeNull();
    expect(trimReportDetail(null, true)).toBeNull();
  });
});
