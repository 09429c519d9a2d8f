import { bookingBill, bookingDetail } from '@headoffice/contract';
import { BillDetail } from '../../platform/bills/BillDetail';
import { BillList } from '../../platform/bills/BillList';

/** /admin/bookings/list — the bookings of the shops the user sees, from their definition. */
export const BookingsPage = () => <BillList def={bookingBill} />;
/** One booking: head, bill log (with who changed it) and the actions of 预约中 (到店, 取消). */
export const BookingPage = () => <BillDetail def={bookingBill} schema={bookingDetail} />;
