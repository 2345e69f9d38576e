import { Link } from 'react-router-dom'
import styles from './Legal.module.css'

/** The terms of service (docs/content-rules.md: static, last updated February 25, 2025, links to /contact). */
export function TermsOfService() {
  return (
    <article className={styles.page} aria-labelledby="terms-title">
      <header className={styles.header}>
        <h1 id="terms-title">Terms of Service</h1>
        <p className={styles.updated}>
          Last updated: <time dateTime="2025-02-25">February 25, 2025</time>
        </p>
      </header>

      <p className={styles.summary}>
        In short: Cardwise is a free early beta. Your sets are yours; public sets can be seen by everyone; be kind and lawful; and keep exports of anything
        important while we are still in beta.
      </p>

      <p>
        These terms apply when you use Cardwise, the flashcard app for students, whether on the web, as an installed app or on the desktop. By creating an
        account or using the app you agree to them. If you have a question about them, please <Link to="/contact">contact us</Link>.
      </p>

      <section aria-labelledby="terms-beta">
        <h2 id="terms-beta">1. An early beta</h2>
        <p>
          Cardwise is an early beta. Features may change, move or be removed, and you should expect bugs. We work hard to keep your sets safe, but we cannot
          promise that nothing will ever be lost: export sets that matter to you from time to time.
        </p>
      </section>

      <section aria-labelledby="terms-eligibility">
        <h2 id="terms-eligibility">2. Who can use Cardwise</h2>
        <p>
          Cardwise is not intended for children under 13, and you may not create an account if you are under 13. If you are under the age of majority where you
          live, please use Cardwise with the permission of a parent, guardian or your school.
        </p>
      </section>

      <section aria-labelledby="terms-account">
        <h2 id="terms-account">3. Your account</h2>
        <ul>
          <li>Give a real email address that you can read, and verify it using the link we send you.</li>
          <li>
            <strong>Accounts whose email address has not been verified may be suspended</strong> or removed, so that unused and mistyped accounts do not pile
            up.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens in your account; if you think someone else has used it, change your password
            and let us know.
          </li>
          <li>One account per person, and do not pretend to be someone else.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-content">
        <h2 id="terms-content">4. Your study sets</h2>
        <p>
          You keep the rights to the sets and cards you create. You allow us to store them and to show them as the app needs to: to you, and to everyone when
          you make a set public. A public set can be found in Public Sets and opened by anyone with its link, until you make it private again or delete it.
        </p>
        <p>
          Only upload and share material you have the right to use. Do not put personal information about yourself or others in a public set. Cardwise masks
          offensive words in saved text and removes markup; we may also remove public sets that break these terms.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">5. Acceptable use</h2>
        <p>Please do not use Cardwise to:</p>
        <ul>
          <li>share content that is illegal, hateful, harassing, sexually explicit or meant to harm someone;</li>
          <li>send spam or advertising through sets or the contact form;</li>
          <li>try to get into accounts or data that are not yours, probe or break the app&apos;s security, or get around its limits;</li>
          <li>overload the service with automated requests or copy public sets in bulk.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-free">
        <h2 id="terms-free">6. Price</h2>
        <p>
          Cardwise is free to use. If we ever introduce paid features, we will announce them in advance and update these terms; nothing will be charged without
          your agreement.
        </p>
      </section>

      <section aria-labelledby="terms-hosting">
        <h2 id="terms-hosting">7. Self-hosted and desktop Cardwise</h2>
        <p>
          A school may run Cardwise on its own server. In that case your data stays on the school&apos;s server, the school operates that copy of Cardwise and
          may set its own rules alongside these terms. The desktop app keeps your data on your own computer: backing it up is up to you.
        </p>
      </section>

      <section aria-labelledby="terms-ending">
        <h2 id="terms-ending">8. Suspension and deletion</h2>
        <p>
          We may suspend or close accounts that break these terms, or whose email address was never verified. You may stop using Cardwise at any time and delete
          your account on your Profile page; deleting an account deletes its sets, cards, progress, statistics and Match results. Our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> explains what we store and for how long.
        </p>
      </section>

      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">9. No warranty</h2>
        <p>
          Cardwise is provided &quot;as is&quot;, without warranties of any kind. We do not guarantee that it will always be available or free of errors, or
          that studying with it will lead to particular results. As far as the law allows, we are not liable for lost data, lost study time or other indirect
          losses arising from your use of Cardwise.
        </p>
      </section>

      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">10. Changes to these terms</h2>
        <p>
          We may update these terms as Cardwise grows. We will change the date at the top of this page and announce important changes in the app. If you keep
          using Cardwise after a change, the new terms apply.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">11. Contact</h2>
        <p>
          Questions, reports of misuse or requests to delete an account are welcome on our <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </article>
  )
}
