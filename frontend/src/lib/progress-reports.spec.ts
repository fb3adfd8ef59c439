import { describe, expect, it } from 'vitest';
import { PROGRESS_REPORT_SECONDS, ProgressReports } from './progress-reports';

describe('ProgressReports', () => {
  it('saves when play starts, then after every 15 seconds of play, in whole seconds', () => {
    const reports = new ProgressReports();
    expect(reports.next(0, false)).toBeNull();
    expect(reports.next(3.6, true)).toBe(3);
    expect(reports.next(3 + PROGRESS_REPORT_SECONDS - 1, true)).toBeNull();
    expect(reports.next(3 + PROGRESS_REPORT_SECONDS, true)).toBe(3 + PROGRESS_REPORT_SECONDS);
  });

  it('saves where the video pauses, once', () => {
    const reports = new ProgressReports();
    reports.next(10, true);
    expect(reports.next(14.2, false)).toBe(14);
    expect(reports.next(14.2, false)).toBeNull();
  });

  it('does not save the same second again on pause', () => {
    const reports = new ProgressReports();
    reports.next(40, true);
    expect(reports.next(40.5, false)).toBeNull();
  });

  it('saves a seek made while playing once it moves 15 seconds away', () => {
    const reports = new ProgressReports();
    reports.next(100, true);
    expect(reports.next(20, true)).toBe(20);
  });
});
