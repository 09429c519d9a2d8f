// What other modules may use of the bookings' pages: the day's calendar of a shop (the till shows it).
export { type CalendarBlock, DayCalendar } from './CalendarPage';
