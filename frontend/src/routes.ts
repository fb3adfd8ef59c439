/** Every path of the web app (the app's screens, and the account pages the mails link to). */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  analyze: '/analyze',
  review: '/review',
  courses: '/courses',
  course: '/courses/:id',
  video: '/video/:id',
  profile: '/profile',
  pricing: '/pricing',
  pricingSuccess: '/pricing/success',
  pricingCancel: '/pricing/cancel',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  accountDeleted: '/account-deleted',
} as const;

export const buildRoute = {
  video: (id: string) => `/video/${encodeURIComponent(id)}`,
  course: (id: string) => `/courses/${encodeURIComponent(id)}`,
};
