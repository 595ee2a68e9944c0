import { PICKUP_CUTOFF_HOURS, PICKUP_WINDOW } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection } from '../components/info-page';

/** 8 → "8:00 AM", 18 → "6:00 PM". */
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

const linkClass = 'font-medium text-teal-700 underline-offset-4 hover:underline';

/** /terms-and-conditions: the agreement between Hatid and the people who ship with it. */
export function TermsPage() {
  const { t } = useLingui();
  const pickupStart = hourLabel(PICKUP_WINDOW.startHour);
  const pickupEnd = hourLabel(PICKUP_WINDOW.endHour);
  const sameDayCutoff = hourLabel(PICKUP_CUTOFF_HOURS.same_day);
  const nextDayCutoff = hourLabel(PICKUP_CUTOFF_HOURS.next_day);
  return (
    <InfoPage
      titleId="terms-title"
      title={t`Terms and conditions`}
      lead={
        <p>
          <Trans>
            These terms apply whenever you use Hatid to book, send, receive or track a parcel. By creating an account or booking a shipment you agree to them.
            Please read them together with our{' '}
            <Link to="/rates" className={linkClass}>
              rates
            </Link>{' '}
            and the list of{' '}
            <Link to="/prohibited-items" className={linkClass}>
              prohibited items
            </Link>
            .
          </Trans>
        </p>
      }
    >
      <InfoSection id="terms-account" title={t`1. Your account`}>
        <ul>
          <li>
            <Trans>You sign up with a Philippine mobile number that we verify with a one-time code. Keep your phone and codes to yourself.</Trans>
          </li>
          <li>
            <Trans>Give your real name and keep your details up to date. You are responsible for bookings made from your account.</Trans>
          </li>
          <li>
            <Trans>A business account may be used by the people the business adds to it; the business answers for their bookings.</Trans>
          </li>
          <li>
            <Trans>
              If someone referred you, their agent code is linked to your account when you sign up. Referral rewards are paid to the referrer’s wallet and
              cannot be exchanged for cash.
            </Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-booking" title={t`2. Booking a shipment`}>
        <ul>
          <li>
            <Trans>
              You give correct sender and recipient names, mobile numbers and addresses, choose the right box or declare your own box’s size and weight
              truthfully, and describe what is inside.
            </Trans>
          </li>
          <li>
            <Trans>
              You pack the parcel so that it survives normal handling. We may refuse a parcel that is badly packed, heavier than its box allows, or holds a
              prohibited item.
            </Trans>
          </li>
          <li>
            <Trans>Each booking gets a tracking number. Anyone with the number can follow the parcel’s progress on our tracking page.</Trans>
          </li>
          <li>
            <Trans>The contract is made when we confirm your booking and show its tracking number.</Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-pricing" title={t`3. Prices and payment`}>
        <ul>
          <li>
            <Trans>
              All prices are in Philippine pesos (PHP, ₱) and follow our published{' '}
              <Link to="/rates" className={linkClass}>
                rates
              </Link>{' '}
              at the moment you book. The order summary shows the full price, including surcharges, insurance and any retrieval fee, before you confirm, and
              that is the price you agree to.
            </Trans>
          </li>
          <li>
            <Trans>
              If the parcel we pick up is bigger or heavier than booked, or needs special handling, we charge the difference according to the same rates and
              tell you before it ships.
            </Trans>
          </li>
          <li>
            <Trans>
              You may pay from your Hatid wallet, by GCash, in cash to the rider at pickup (sender pays), in cash on delivery (recipient pays), or by invoice
              for business accounts with invoicing. If the recipient refuses to pay a cash-on-delivery charge, the sender pays it.
            </Trans>
          </li>
          <li>
            <Trans>
              A promo code takes money off the box prices only, never more than they cost, and only within its dates and usage limits. It cannot be exchanged
              for cash.
            </Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-pickup" title={t`4. Pickup scheduling`}>
        <p>
          <Trans>
            Pickups happen between {pickupStart} and {pickupEnd}, Monday to Saturday, Philippine time; there are no pickups on Sundays.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              A Same Day booking made before {sameDayCutoff} is picked up that day; a Next Day or Intra-City booking made before {nextDayCutoff} likewise.
            </Trans>
          </li>
          <li>
            <Trans>
              After the cut-off, the pickup moves to the next business day. A booking made after the cut-off on Saturday, or at any time on Sunday, is picked up
              on Monday.
            </Trans>
          </li>
          <li>
            <Trans>The booking page shows your pickup date before you confirm. Please have the parcel packed and ready.</Trans>
          </li>
          <li>
            <Trans>
              Delivery times for Next Day, Same Day and Intra-City are targets we work hard to meet, not guarantees: weather, typhoons, flight and sailing
              schedules and other events outside our control can delay a parcel.
            </Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-cancellation" title={t`5. Cancellation`}>
        <ul>
          <li>
            <Trans>You can cancel a shipment yourself until it has been picked up (while its status is Order placed or For pickup), choosing a reason.</Trans>
          </li>
          <li>
            <Trans>Once a parcel has been picked up it can no longer be cancelled from the app; contact us and we will help.</Trans>
          </li>
          <li>
            <Trans>If you paid from your wallet, the full amount goes back to your wallet when you cancel, and a promo code use is given back.</Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-delivery" title={t`6. Delivery and returns`}>
        <ul>
          <li>
            <Trans>
              We deliver to the recipient’s address, or to someone of legal age at that address who accepts the parcel for them. We may take a photo as proof of
              delivery.
            </Trans>
          </li>
          <li>
            <Trans>
              If delivery fails (nobody home, address not found, refused), we try again. A parcel we still cannot deliver is returned to the sender, who pays
              the return trip.
            </Trans>
          </li>
          <li>
            <Trans>Check the parcel when it arrives and tell us right away if the packaging is damaged.</Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-claims" title={t`7. Loss, damage and claims`}>
        <ul>
          <li>
            <Trans>
              Every shipment carries the insurance fee shown in our rates, worked out from the value you declare. For a lost or damaged parcel we pay up to its
              declared value or its actual value, whichever is lower, so declare what it is really worth.
            </Trans>
          </li>
          <li>
            <Trans>
              File a claim within 7 days of delivery for damage, or within 7 days of the expected delivery date for loss, with your tracking number, photos of
              the parcel and packaging, and proof of the item’s value (for example a receipt).
            </Trans>
          </li>
          <li>
            <Trans>
              We do not pay for loss caused by poor packing, for prohibited items, for perishable food that spoils, for indirect losses such as lost profit, or
              for events outside our control such as natural disasters.
            </Trans>
          </li>
          <li>
            <Trans>We answer claims within 15 business days. Approved claims are paid to your Hatid wallet or by bank transfer.</Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-privacy" title={t`8. Privacy and your personal data`}>
        <p>
          <Trans>
            We process personal data in line with the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules and the issuances of the
            National Privacy Commission.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <strong>What we collect</strong>: names, mobile numbers, email addresses and addresses of senders and recipients, parcel details, payment records,
              proof-of-pickup and proof-of-delivery photos, and messages you send us.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Why</strong>: to pick up and deliver your parcels, keep you and the recipient informed, take payment, handle claims and support, prevent
              fraud, and meet our legal duties.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Who sees it</strong>: our staff, the riders and delivery partners handling your parcel, and payment providers, only as far as each needs.
              We do not sell personal data.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>How long</strong>: for as long as your account is open and afterwards only as long as the law requires us to keep records (for example,
              tax records).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your rights</strong>: to be informed, to access, correct, object to, or have erased or blocked your personal data, to data portability,
              and to damages. You may file a complaint with the National Privacy Commission.
            </Trans>
          </li>
          <li>
            <Trans>When you enter a recipient’s details, you confirm that they agree to us using them to deliver the parcel.</Trans>
          </li>
          <li>
            <Trans>
              To reach our Data Protection Officer, open a ticket on{' '}
              <Link to={'/talk-to-us' as string} className={linkClass}>
                Talk to us
              </Link>
              .
            </Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-changes" title={t`9. Changes and governing law`}>
        <ul>
          <li>
            <Trans>
              We may update these terms and our rates. Changes apply to bookings made after they are published; a booking keeps the terms and price it was made
              with.
            </Trans>
          </li>
          <li>
            <Trans>These terms are governed by the laws of the Republic of the Philippines.</Trans>
          </li>
          <li>
            <Trans>
              Questions or complaints? Open a ticket on{' '}
              <Link to={'/talk-to-us' as string} className={linkClass}>
                Talk to us
              </Link>
              .
            </Trans>
          </li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
