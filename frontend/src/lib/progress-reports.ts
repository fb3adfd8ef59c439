/** While a video plays, its position is saved after every this many seconds of it. */
export const PROGRESS_REPORT_SECONDS = 15;

/**
 * Decides when the player's position is worth saving: every 15 seconds of play and whenever the video pauses,
 * never the same whole second twice in a row. Answers the second to save, or null.
 */
export class ProgressReports {
  private lastSaved: number | null = null;
  private wasPlaying = false;

  next(position: number, playing: boolean): number | null {
    const second = Math.max(0, Math.floor(position));
    const paused = this.wasPlaying && !playing;
    this.wasPlaying = playing;
    const due =
      paused ||
      (playing && (this.lastSaved === null || Math.abs(second - this.lastSaved) >= PROGRESS_REPORT_SECONDS));
    if (!due || second === this.lastSaved) return null;
    this.lastSaved = second;
    return second;
  }
}
