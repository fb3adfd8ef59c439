import { escapeHtml } from '@lectern/contracts';

/** One mail as it is sent: both parts say the same thing and carry the same link. */
export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  link: string;
}

const PRODUCT = 'Lectern';

export function verificationMail(appUrl: string, token: string): MailMessage {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return compose({
    subject: `Confirm your email for ${PRODUCT}`,
    intro: `Please confirm that this is your email address for ${PRODUCT}.`,
    action: 'Confirm your email',
    link,
    after: `The link works once, within 24 hours, in a browser where you are logged in to ${PRODUCT}. If you did not sign up for ${PRODUCT}, you can ignore this email.`,
  });
}

export function passwordResetMail(appUrl: string, token: string): MailMessage {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return compose({
    subject: `Reset your ${PRODUCT} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT} account.`,
    action: 'Choose a new password',
    link,
    after:
      'The link works once, within 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}

export function passwordChangedMail(appUrl: string): MailMessage {
  const link = `${appUrl}/forgot-password`;
  return compose({
    subject: `Your password was changed`,
    intro: `The password of your ${PRODUCT} account was just changed, and every other session was signed out.`,
    action: 'Reset your password',
    link,
    after:
      'If this was you, there is nothing to do. If it was not, reset your password now with the link above.',
  });
}

interface MailParts {
  subject: string;
  intro: string;
  action: string;
  link: string;
  after: string;
}

function compose(parts: MailParts): MailMessage {
  const text = [
    parts.intro,
    '',
    `${parts.action}:`,
    parts.link,
    '',
    parts.after,
    '',
    `— ${PRODUCT}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1f2937; line-height: 1.5">
    <p style="font-weight: 600; font-size: 18px">${PRODUCT}</p>
    <p>${escapeHtml(parts.intro)}</p>
    <p><a href="${escapeHtml(parts.link)}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(parts.action)}</a></p>
    <p>Or open this link: <a href="${escapeHtml(parts.link)}">${escapeHtml(parts.link)}</a></p>
    <p style="color: #6b7280">${escapeHtml(parts.after)}</p>
  </body>
</html>
`;
  return { subject: parts.subject, text, html, link: parts.link };
}
