import { isOfflineMaterial, OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from './offline-material';

describe('offline material', () => {
  it('is what the offline engine wrote, and nothing else', () => {
    expect(isOfflineMaterial({ engine: 'offline' })).toBe(true);
    expect(isOfflineMaterial({ engine: 'openai' })).toBe(false);
    expect(isOfflineMaterial({ engine: '' })).toBe(false);
    expect(isOfflineMaterial({})).toBe(false);
  });

  it('says what it is and how to get written material, one sentence each', () => {
    expect(OFFLINE_MATERIAL_NOTICE).toMatch(
      /^Passages extracted from the transcript.*not written by an AI model\.$/,
    );
    expect(WRITTEN_MATERIAL_HINT).toMatch(/API key.*local model.*Ollama/);
  });
});
