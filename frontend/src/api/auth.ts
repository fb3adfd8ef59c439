import type { LoginRequest, SignupRequest, UpdateProfileRequest, User } from '@lectern/contracts';
import { getJson, requestJson, requestVoid } from '@/api/http';

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
