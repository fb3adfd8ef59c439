// Literal on purpose: the landing page shows these, and importing the contracts would add its schemas to the
// landing bundle. plans.spec.ts checks they match FREE_PLAN_LIMITS.
export const FREE_TRANSCRIPTS_PER_MONTH = 5;
export const FREE_AI_GENERATIONS_PER_MONTH = 10;

/** What each plan offers. */
export const FREE_PLAN = {
  name: 'Free',
  price: '$0',
  period: 'forever',
  features: [
    `${FREE_TRANSCRIPTS_PER_MONTH} transcripts per month`,
    `${FREE_AI_GENERATIONS_PER_MONTH} AI generations per month`,
    'Basic summaries',
    'Search and highlight',
    'TXT export',
  ],
} as const;

export const PRO_PLAN = {
  name: 'Pro',
  price: '$19.99',
  period: 'per month',
  features: [
    'Unlimited transcripts',
    'Unlimited AI generations',
    'All AI features: insights, flashcards, Cornell notes, tweet threads, blog posts, action plans',
    'Priority processing',
    'PDF and DOCX export',
    'Advanced analytics',
    'Priority support and early access',
  ],
} as const;
