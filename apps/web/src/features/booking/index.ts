/** What the rest of the app may use from the booking feature. */
export { BookingForm } from './routes/booking-form';
