import { LegalPage } from '@/components/legal/legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>1. Who we are</h2>
        <p>
          Lectern is operated by Lectern Ltd, a company registered in England and Wales (&quot;Lectern&quot;,
          &quot;we&quot;, &quot;us&quot;). We are the controller of the personal data described in this policy
          under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. You can
          reach us at privacy@lectern.app.
        </p>
      </section>
      <section>
        <h2>2. What we collect</h2>
        <ul>
          <li>
            Account data: your email address, your name if you give it, and a secure hash of your password.
          </li>
          <li>
            Library data: the links of the videos you analyse, their public titles, channel names, thumbnails
            and captions, and the highlights, notes and AI results you create.
          </li>
          <li>
            Billing data: your plan and subscription status. Card details are handled by our payment provider,
            Stripe, and never reach our servers.
          </li>
          <li>
            Usage and technical data: monthly usage counts, request logs, and a session cookie that keeps you
            signed in.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. Why we use it, and our lawful bases</h2>
        <ul>
          <li>
            To provide the service you signed up for, including transcripts, AI features and exports
            (contract).
          </li>
          <li>To take payment and manage your subscription (contract; legal obligation for tax records).</li>
          <li>To keep Lectern secure, prevent abuse and enforce plan limits (legitimate interests).</li>
          <li>To answer your messages and tell you about changes to the service (legitimate interests).</li>
        </ul>
        <p>We do not sell your personal data, and we do not use it for advertising.</p>
      </section>
      <section>
        <h2>4. AI processing</h2>
        <p>
          When you ask for AI content, the video&apos;s transcript is sent to our AI provider to write the
          result. We send the transcript text only, not your account details, and our providers may not use it
          to train their models.
        </p>
      </section>
      <section>
        <h2>5. Who we share it with</h2>
        <p>
          We share data only with the processors that run Lectern for us: hosting, our AI provider and Stripe
          for payments, each under a written agreement. Where data leaves the UK, we rely on UK adequacy
          regulations or the International Data Transfer Agreement.
        </p>
      </section>
      <section>
        <h2>6. How long we keep it</h2>
        <p>
          We keep your account and library while your account is open. Deleting a video removes it and all its
          data at once. When you close your account, we delete your data within 30 days, except billing
          records we must keep by law (usually six years).
        </p>
      </section>
      <section>
        <h2>7. Security and breaches</h2>
        <p>
          Passwords are stored as strong one-way hashes, traffic is encrypted in transit, and access to
          production systems is restricted. If a personal data breach is likely to put your rights at risk, we
          will notify the Information Commissioner&apos;s Office within 72 hours of becoming aware of it, and
          tell you without undue delay where the risk is high.
        </p>
      </section>
      <section>
        <h2>8. Children</h2>
        <p>
          Lectern is not meant for anyone under 16, and you must be at least 16 to create an account. If you
          are under 18, you need the consent of a parent or guardian. If we learn that we hold data of a child
          under 16, we will delete it.
        </p>
      </section>
      <section>
        <h2>9. Your rights</h2>
        <p>
          You may ask to access, correct, delete or export your data, to restrict or object to our use of it,
          and to withdraw consent where we rely on it. Write to privacy@lectern.app and we will answer within
          one month. You may also complain to the Information Commissioner&apos;s Office (ico.org.uk).
        </p>
      </section>
      <section>
        <h2>10. Cookies</h2>
        <p>
          We use one strictly necessary cookie to keep you signed in, and your browser&apos;s local storage to
          remember your light or dark theme. We use no advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>11. Changes</h2>
        <p>
          We will post any change to this policy on this page and update the date above; for significant
          changes we will also email you before they take effect.
        </p>
      </section>
    </LegalPage>
  );
}
