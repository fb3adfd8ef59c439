/** What one upload may be: its size in megabytes (UPLOAD_MAX_MB), its length in minutes (UPLOAD_MAX_MINUTES). */
export interface UploadLimits {
  maxMegabytes: number;
  maxMinutes: number;
}
export const UPLOAD_LIMITS = Symbol('UPLOAD_LIMITS');
