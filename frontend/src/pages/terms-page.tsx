import { LegalPage } from '@/components/legal/legal-page';

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>1. About these terms</h2>
        <p>
          These terms govern your use of Lectern, provided by Lectern Ltd, a company registered in England and
          Wales. By creating an account you agree to them. If you do not agree, please do not use Lectern.
        </p>
      </section>
      <section>
        <h2>2. Eligibility</h2>
        <p>
          You must be at least 16 years old to use Lectern. If you are under 18, you may use Lectern only with
          the consent of a parent or guardian, who accepts these terms on your behalf.
        </p>
      </section>
      <section>
        <h2>3. Your account</h2>
        <p>
          Keep your password safe and tell us at once if you think someone else has used your account. You are
          responsible for what happens under your account.
        </p>
      </section>
      <section>
        <h2>4. Using Lectern</h2>
        <ul>
          <li>Lectern works with public YouTube videos that have captions available.</li>
          <li>
            You are responsible for how you use transcripts and AI content, including respecting the rights of
            the video&apos;s creator. Use them for study, research and your own work, not to republish
            others&apos; content without permission.
          </li>
          <li>
            Do not misuse the service: no automated scraping, no attempts to break its security or limits.
          </li>
          <li>AI content can contain mistakes. Check anything important against the source video.</li>
        </ul>
      </section>
      <section>
        <h2>5. Plans and payment</h2>
        <ul>
          <li>The Free plan costs nothing and includes 5 transcripts and 10 AI generations per month.</li>
          <li>
            The Pro plan costs $19.99 per month, billed monthly in advance through Stripe, and renews
            automatically until you cancel.
          </li>
          <li>
            You can cancel at any time from your profile. After you cancel, Pro access continues until the end
            of the current billing cycle, and you will not be charged again.
          </li>
          <li>
            Refunds: if you were charged twice or a technical issue on our side stopped you using Pro, contact
            us within 7 days of the charge and we will refund it. Your statutory rights as a consumer are not
            affected.
          </li>
        </ul>
      </section>
      <section>
        <h2>6. Your content</h2>
        <p>
          Your highlights, notes and generated content belong to you. You give us the permission we need to
          store and process them to run Lectern for you. You can delete a video and all its data at any time.
        </p>
      </section>
      <section>
        <h2>7. Availability and changes</h2>
        <p>
          We work to keep Lectern available but cannot promise it will always be uninterrupted. We may change
          or improve features; if a change materially reduces what you pay for, we will tell you in advance.
        </p>
      </section>
      <section>
        <h2>8. Liability</h2>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or any other liability that cannot be limited by law. Otherwise, our total liability to you
          is limited to the amount you paid us in the last 12 months, and we are not liable for indirect or
          consequential loss.
        </p>
      </section>
      <section>
        <h2>9. Ending your account</h2>
        <p>
          You may close your account at any time. We may suspend or close an account that seriously or
          repeatedly breaks these terms, and will tell you why.
        </p>
      </section>
      <section>
        <h2>10. Data protection</h2>
        <p>
          Our Privacy Policy explains how we handle personal data, including our commitment to notify the
          regulator of a personal data breach within 72 hours.
        </p>
      </section>
      <section>
        <h2>11. Law and disputes</h2>
        <p>
          These terms are governed by the laws of England and Wales, and the courts of England and Wales have
          jurisdiction. If you live elsewhere in the UK, you may also bring proceedings in your local courts.
        </p>
      </section>
      <section>
        <h2>12. Contact</h2>
        <p>Questions about these terms: legal@lectern.app.</p>
      </section>
    </LegalPage>
  );
}
