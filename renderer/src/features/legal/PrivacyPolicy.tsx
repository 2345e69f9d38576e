import { Link } from 'react-router-dom'
import styles from './Legal.module.css'

/** The privacy policy (docs/content-rules.md: static, last updated February 25, 2025, links to /contact). */
export function PrivacyPolicy() {
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <header className={styles.header}>
        <h1 id="privacy-title">Privacy Policy</h1>
        <p className={styles.updated}>
          Last updated: <time dateTime="2025-02-25">February 25, 2025</time>
        </p>
      </header>

      <p className={styles.summary}>
        In short: Cardwise keeps what it needs to run your account and your study sets, nothing more. We do not sell your data, show ads or track you across
        other sites, and deleting your account deletes what it holds.
      </p>

      <p>
        This policy explains what Cardwise stores when you use it, why, who can see it, and what you can do about it. Cardwise is a flashcard app for students
        and is currently an early beta. If anything here is unclear, please <Link to="/contact">contact us</Link>.
      </p>

      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">1. What we collect</h2>
        <h3>Your account</h3>
        <ul>
          <li>Your username and email address.</li>
          <li>Your password, stored only as a one-way hash: nobody at Cardwise can read it, and we will never ask you for it.</li>
          <li>Whether you have verified your email address, when the account was created, and its plan (Free).</li>
        </ul>
        <h3>Your study data</h3>
        <ul>
          <li>The study sets you create or import: title, description, tag, whether the set is public, and its cards.</li>
          <li>Your learning progress: how often you answered each card correctly or incorrectly and when you last reviewed it.</li>
          <li>
            Performance statistics from Learn and Write sessions (cards studied, right and wrong answers), and your Match results (time taken, correct matches
            and incorrect attempts).
          </li>
        </ul>
        <h3>Messages you send us</h3>
        <p>When you use the contact form we keep your name, email address, subject and message so that we can reply.</p>
        <h3>Technical information</h3>
        <ul>
          <li>Your IP address is held briefly in memory to limit repeated login, registration and email requests. It is not written to our logs.</li>
          <li>Our server logs record which page or API address was requested, when, and the result; they do not record who made the request.</li>
          <li>
            Your browser stores your sign-in token, your theme choice and whether you have dismissed the beta announcement. These stay on your device. Cardwise
            uses no advertising or tracking cookies.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">2. How we use it</h2>
        <ul>
          <li>To run your account: signing you in, keeping your sets and cards, and showing your progress.</li>
          <li>
            To send the emails the service needs: verifying your address, resetting your password and confirming an email change. We do not send marketing
            email.
          </li>
          <li>To answer messages you send us through the contact form.</li>
          <li>To keep Cardwise secure and working, for example by stopping repeated login attempts.</li>
        </ul>
        <p>
          We do not sell your data, rent it, or use it for advertising. We share it only with the service that delivers our emails, and only the email address
          and message it needs to deliver, or when the law requires us to.
        </p>
      </section>

      <section aria-labelledby="privacy-public">
        <h2 id="privacy-public">3. What other people can see</h2>
        <ul>
          <li>
            <strong>Public sets are visible to everyone</strong>, including visitors without an account: the title, description, tag, cards and your username as
            the author. Anyone with the link can open a public set. Do not put personal information in a set you make public.
          </li>
          <li>Private sets are for you: they are not listed in Public Sets.</li>
          <li>Your email address, progress, statistics and Match results are never shown to other users.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-hosting">
        <h2 id="privacy-hosting">4. Self-hosted and desktop Cardwise</h2>
        <p>
          Cardwise can also be run by a school on its own server, or installed as a desktop app. When your school runs Cardwise, your account and study data
          stay on the school&apos;s server and the school decides how they are handled: ask your school about its own rules. The desktop app keeps your data on
          your own computer, and nothing from it is sent to us.
        </p>
      </section>

      <section aria-labelledby="privacy-keep">
        <h2 id="privacy-keep">5. How long we keep it</h2>
        <p>
          We keep your account and study data for as long as your account exists.{' '}
          <strong>
            Deleting your account deletes its data: your sets and their cards (public ones included), your progress, statistics and Match results.
          </strong>{' '}
          You can delete your account at any time on your Profile page, or ask us to through the <Link to="/contact">contact page</Link>. Contact messages are
          kept only as long as we need them to answer you.
        </p>
      </section>

      <section aria-labelledby="privacy-children">
        <h2 id="privacy-children">6. Children</h2>
        <p>
          Cardwise is not intended for children under 13, and we do not knowingly collect information from them. If you believe a child under 13 has created an
          account, please <Link to="/contact">tell us</Link> and we will delete it.
        </p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">7. Security</h2>
        <p>
          Passwords are stored only as hashes, sign-ins expire, and changing your password or email address ends the sign-ins made before the change. No system
          is perfectly secure, though, and Cardwise is still in beta: keep an export of any set you could not bear to lose.
        </p>
      </section>

      <section aria-labelledby="privacy-choices">
        <h2 id="privacy-choices">8. Your choices</h2>
        <ul>
          <li>You can change your email address and password, or delete your account, on your Profile page at any time.</li>
          <li>You can make any of your sets private again, export them, or delete them.</li>
          <li>You can ask us what we hold about you, or to correct it, through the contact page.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">9. Changes to this policy</h2>
        <p>When this policy changes we will update the date at the top of this page, and announce important changes in the app.</p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">10. Contact</h2>
        <p>
          Questions about your privacy or this policy are welcome on our <Link to="/contact">contact page</Link>. See also our{' '}
          <Link to="/terms-of-service">Terms of Service</Link>.
        </p>
      </section>
    </article>
  )
}
