import { speakLecture } from '@lectern/fakes/transcribe';

/** What the recording the browser tests upload says, one sentence a burst of speech; the fake transcriber knows it. */
export const RECORDED_LECTURE = [
  'Mitosis is how one cell divides into two identical cells.',
  'In prophase the chromosomes condense and become visible.',
  'In metaphase they line up along the middle of the cell.',
  'In anaphase the sister chromatids are pulled apart.',
  'In telophase two new nuclei form around them.',
  'Cytokinesis then splits the cell itself in two.',
];

/** The key the fake transcriber asks of the media worker. */
export const TRANSCRIBE_KEY = 'sk-e2e-transcribe';

/**
 * The recording the browser tests upload: each sentence spoken by espeak-ng with `pause` seconds of silence around
 * it, as a WAV file, so the media worker cuts it at the pauses.
 */
export async function speakRecording(folder: string, fileName: string, pause = 1.5): Promise<string> {
  const spoken = await speakLecture(folder, RECORDED_LECTURE, {
    pauseAfter: () => pause,
    lead: pause,
    format: 'wav',
    fileName,
  });
  return spoken.file;
}
