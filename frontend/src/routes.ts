/** Every path of the web app (spec section 2). */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  analyze: '/analyze',
  video: '/video/:id',
  profile: '/profile',
  pricing: '/pricing',
  pricingSuccess: '/pricing/success',
  pricingCancel: '/pricing/cancel',
} as const;

export const buildRoute = {
  video: (id: string) => `/video/${encodeURIComponent(id)}`,
};
