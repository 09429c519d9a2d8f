import { bookingDetail, YY_PATHS } from '@headoffice/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { DayCalendar } from '../bookings/public';

/**
 * The till's bookings: the shop's day per stylist. A booked customer's block marks them arrived (到店),
 * which opens their bill with the booked services and stylist; an arrived customer's block opens that bill.
 */
export default function BookingsPanel({ shopId, onOpenBill }: { shopId: number; onOpenBill: (billId: number) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const arrive = useAction({
    run: async (id: number) => {
      const seen = await http.read(bookingDetail, YY_PATHS.detail(id));
      return http.send(bookingDetail, YY_PATHS.arrive, { id, revision: seen.revision });
    },
    success: 'till.bookings.arrived',
    invalidates: [['bookings-day'], ['till-today']],
    done: (booking) => {
      if (booking.tillBillId) onOpenBill(booking.tillBillId);
    },
  });
  return (
    <div style={{ padding: 12 }} data-testid="till-bookings">
      <DayCalendar
        shopId={shopId}
        onOpen={(b) => {
          if (b.tillBillId) onOpenBill(b.tillBillId);
          else if (b.state === '3')
            modal.confirm({
              title: t('till.bookings.arriveTitle', { name: b.custname, time: b.start }),
              content: t('till.bookings.arriveText'),
              okText: t('till.bookings.arrive'),
              onOk: () => arrive.run(b.id),
            });
        }}
      />
    </div>
  );
}
