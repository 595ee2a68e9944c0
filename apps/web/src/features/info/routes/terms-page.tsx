import { PICKUP_CUTOFF_HOURS, PICKUP_WINDOW } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection } from '../components/info-page';

/** 8 → "8:00 AM", 18 → "6:00 PM". */
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

const linkClass = 'font-medium text-teal-700 underline-offset-4 hover:underline';

/** /terms-and-conditions: the agreement between Hatid and the people who ship with it. */
export function TermsPage() {
  return (
    <InfoPage
      titleId="terms-title"
      title="Terms and conditions"
      lead={
        <p>
          These terms apply whenever you use Hatid to book, send, receive or track a parcel. By creating an account or booking a shipment
          you agree to them. Please read them together with our{' '}
          <Link to="/rates" className={linkClass}>
            rates
          </Link>{' '}
          and the list of{' '}
          <Link to="/prohibited-items" className={linkClass}>
            prohibited items
          </Link>
          .
        </p>
      }
    >
      <InfoSection id="terms-account" title="1. Your account">
        <ul>
          <li>You sign up with a Philippine mobile number that we verify with a one-time code. Keep your phone and codes to yourself.</li>
          <li>Give your real name and keep your details up to date. You are responsible for bookings made from your account.</li>
          <li>A business account may be used by the people the business adds to it; the business answers for their bookings.</li>
          <li>
            If someone referred you, their agent code is linked to your account when you sign up. Referral rewards are paid to the
            referrer’s wallet and cannot be exchanged for cash.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-booking" title="2. Booking a shipment">
        <ul>
          <li>
            You give correct sender and recipient names, mobile numbers and addresses, choose the right box or declare your own box’s
            size and weight truthfully, and describe what is inside.
          </li>
          <li>
            You pack the parcel so that it survives normal handling. We may refuse a parcel that is badly packed, heavier than its box
            allows, or holds a prohibited item.
          </li>
          <li>Each booking gets a tracking number. Anyone with the number can follow the parcel’s progress on our tracking page.</li>
          <li>The contract is made when we confirm your booking and show its tracking number.</li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-pricing" title="3. Prices and payment">
        <ul>
          <li>
            All prices are in Philippine pesos (PHP, ₱) and follow our published{' '}
            <Link to="/rates" className={linkClass}>
              rates
            </Link>{' '}
            at the moment you book. The order summary shows the full price, including surcharges, insurance and any retrieval fee,
            before you confirm, and that is the price you agree to.
          </li>
          <li>
            If the parcel we pick up is bigger or heavier than booked, or needs special handling, we charge the difference according to
            the same rates and tell you before it ships.
          </li>
          <li>
            You may pay from your Hatid wallet, by GCash, in cash to the rider at pickup (sender pays), in cash on delivery (recipient
            pays), or by invoice for business accounts with invoicing. If the recipient refuses to pay a cash-on-delivery charge, the sender pays it.
          </li>
          <li>
            A promo code takes money off the box prices only, never more than they cost, and only within its dates and usage limits. It
            cannot be exchanged for cash.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-pickup" title="4. Pickup scheduling">
        <p>
          Pickups happen between {hourLabel(PICKUP_WINDOW.startHour)} and {hourLabel(PICKUP_WINDOW.endHour)}, Monday to Saturday,
          Philippine time; there are no pickups on Sundays.
        </p>
        <ul>
          <li>
            A Same Day booking made before {hourLabel(PICKUP_CUTOFF_HOURS.same_day)} is picked up that day; a Next Day or Intra-City
            booking made before {hourLabel(PICKUP_CUTOFF_HOURS.next_day)} likewise.
          </li>
          <li>
            After the cut-off, the pickup moves to the next business day. A booking made after the cut-off on Saturday, or at any time on
            Sunday, is picked up on Monday.
          </li>
          <li>The booking page shows your pickup date before you confirm. Please have the parcel packed and ready.</li>
          <li>
            Delivery times for Next Day, Same Day and Intra-City are targets we work hard to meet, not guarantees: weather, typhoons,
            flight and sailing schedules and other events outside our control can delay a parcel.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-cancellation" title="5. Cancellation">
        <ul>
          <li>
            You can cancel a shipment yourself until it has been picked up (while its status is Order placed or For pickup), choosing a
            reason.
          </li>
          <li>Once a parcel has been picked up it can no longer be cancelled from the app; contact us and we will help.</li>
          <li>
            If you paid from your wallet, the full amount goes back to your wallet when you cancel, and a promo code use is given back.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-delivery" title="6. Delivery and returns">
        <ul>
          <li>
            We deliver to the recipient’s address, or to someone of legal age at that address who accepts the parcel for them. We may
            take a photo as proof of delivery.
          </li>
          <li>
            If delivery fails (nobody home, address not found, refused), we try again. A parcel we still cannot deliver is returned to
            the sender, who pays the return trip.
          </li>
          <li>Check the parcel when it arrives and tell us right away if the packaging is damaged.</li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-claims" title="7. Loss, damage and claims">
        <ul>
          <li>
            Every shipment carries the insurance fee shown in our rates, worked out from the value you declare. For a lost or damaged
            parcel we pay up to its declared value or its actual value, whichever is lower, so declare what it is really worth.
          </li>
          <li>
            File a claim within 7 days of delivery for damage, or within 7 days of the expected delivery date for loss, with your tracking
            number, photos of the parcel and packaging, and proof of the item’s value (for example a receipt).
          </li>
          <li>
            We do not pay for loss caused by poor packing, for prohibited items, for perishable food that spoils, for indirect losses
            such as lost profit, or for events outside our control such as natural disasters.
          </li>
          <li>
            We answer claims within 15 business days. Approved claims are paid to your Hatid wallet or by bank transfer.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-privacy" title="8. Privacy and your personal data">
        <p>
          We process personal data in line with the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules and the
          issuances of the National Privacy Commission.
        </p>
        <ul>
          <li>
            <strong>What we collect</strong>: names, mobile numbers, email addresses and addresses of senders and recipients, parcel
            details, payment records, proof-of-pickup and proof-of-delivery photos, and messages you send us.
          </li>
          <li>
            <strong>Why</strong>: to pick up and deliver your parcels, keep you and the recipient informed, take payment, handle claims and
            support, prevent fraud, and meet our legal duties.
          </li>
          <li>
            <strong>Who sees it</strong>: our staff, the riders and delivery partners handling your parcel, and payment providers, only
            as far as each needs. We do not sell personal data.
          </li>
          <li>
            <strong>How long</strong>: for as long as your account is open and afterwards only as long as the law requires us to keep
            records (for example, tax records).
          </li>
          <li>
            <strong>Your rights</strong>: to be informed, to access, correct, object to, or have erased or blocked your personal data, to
            data portability, and to damages. You may file a complaint with the National Privacy Commission.
          </li>
          <li>
            When you enter a recipient’s details, you confirm that they agree to us using them to deliver the parcel.
          </li>
          <li>
            To reach our Data Protection Officer, open a ticket on{' '}
            <Link to={'/talk-to-us' as string} className={linkClass}>
              Talk to us
            </Link>
            .
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="terms-changes" title="9. Changes and governing law">
        <ul>
          <li>
            We may update these terms and our rates. Changes apply to bookings made after they are published; a booking keeps the terms
            and price it was made with.
          </li>
          <li>These terms are governed by the laws of the Republic of the Philippines.</li>
          <li>
            Questions or complaints? Open a ticket on{' '}
            <Link to={'/talk-to-us' as string} className={linkClass}>
              Talk to us
            </Link>
            .
          </li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
