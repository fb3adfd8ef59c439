import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  ResetPasswordRequest,
  SignupRequest,
  UpdateProfileRequest,
  User,
  VerifyEmailRequest,
} from '@lectern/contracts';
import { apiRequest, getJson, requestJson, requestVoid } from '@/api/http';

/** The signed-in user, or null when signed out (a 401). */
export function fetchCurrentUser(): Promise<User | null> {
  return getJson<User>('/api/auth/me', 'returnNull');
}

export function login(body: LoginRequest): Promise<User> {
  return requestJson<User>('POST', '/api/auth/login', body);
}

export function signup(body: SignupRequest): Promise<User> {
  return requestJson<User>('POST', '/api/auth/signup', body);
}

export function logout(): Promise<void> {
  return requestVoid('POST', '/api/auth/logout');
}

export function updateProfile(body: UpdateProfileRequest): Promise<User> {
  return requestJson<User>('PATCH', '/api/auth/me', body);
}

export function verifyEmail(body: VerifyEmailRequest): Promise<void> {
  return requestVoid('POST', '/api/auth/verify-email', body);
}

export function resendVerification(): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/auth/resend-verification');
}

export function forgotPassword(body: ForgotPasswordRequest): Promise<void> {
  return requestVoid('POST', '/api/auth/forgot-password', body);
}

/** Sets the new password and signs this browser in. */
export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return requestVoid('POST', '/api/auth/reset-password', body);
}

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return requestVoid('POST', '/api/auth/change-password', body);
}

export function logoutEverywhere(): Promise<void> {
  return requestVoid('POST', '/api/auth/logout-all');
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const EXPORT_FALLBACK_NAME = 'lectern-data.json';

/** The name the server gave the file (Content-Disposition), else a sensible one. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Everything Lectern keeps about the signed-in user, as one JSON file. */
export async function downloadAccountData(): Promise<DownloadedFile> {
  const res = await apiRequest('GET', '/api/auth/me/export');
  const fileName = attachmentName(res.headers.get('Content-Disposition'), EXPORT_FALLBACK_NAME);
  return { blob: await res.blob(), fileName };
}

export function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  return requestVoid('DELETE', '/api/auth/me', body);
}
