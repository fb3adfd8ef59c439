import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoading, RedirectIfSignedIn, RequireAuth } from '@/components/guards';
import { ROUTES } from '@/routes';

/** Each screen is its own chunk, so the landing page loads only what it shows. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: FullPageLoading,
    children: [
      { path: ROUTES.home, lazy: page(() => import('@/pages/landing-page')) },
      { path: ROUTES.privacy, lazy: page(() => import('@/pages/privacy-page')) },
      { path: ROUTES.terms, lazy: page(() => import('@/pages/terms-page')) },
      { path: ROUTES.pricing, lazy: page(() => import('@/pages/pricing-page')) },
      // Opened from mails, in whatever browser the mail app picks: signed in or not.
      { path: ROUTES.verifyEmail, lazy: page(() => import('@/pages/verify-email-page')) },
      { path: ROUTES.forgotPassword, lazy: page(() => import('@/pages/forgot-password-page')) },
      { path: ROUTES.resetPassword, lazy: page(() => import('@/pages/reset-password-page')) },
      { path: ROUTES.accountDeleted, lazy: page(() => import('@/pages/account-deleted-page')) },
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: ROUTES.login, lazy: page(() => import('@/pages/login-page')) },
          { path: ROUTES.signup, lazy: page(() => import('@/pages/signup-page')) },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('@/components/layout/app-shell')).AppShell }),
            children: [
              { path: ROUTES.dashboard, lazy: page(() => import('@/pages/dashboard-page')) },
              { path: ROUTES.analyze, lazy: page(() => import('@/pages/analyze-page')) },
              { path: ROUTES.video, lazy: page(() => import('@/pages/video-page')) },
              { path: ROUTES.review, lazy: page(() => import('@/pages/review-page')) },
              { path: ROUTES.courses, lazy: page(() => import('@/pages/courses-page')) },
              { path: ROUTES.course, lazy: page(() => import('@/pages/course-page')) },
              { path: ROUTES.profile, lazy: page(() => import('@/pages/profile-page')) },
              { path: ROUTES.pricingSuccess, lazy: page(() => import('@/pages/pricing-success-page')) },
              { path: ROUTES.pricingCancel, lazy: page(() => import('@/pages/pricing-cancel-page')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('@/pages/not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
