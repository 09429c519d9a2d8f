/**
 * A moment as the shop's clock showed it (the company's time zone, not this browser's): HH:mm, with the
 * date when it is another calendar day than the shop's day `day`.
 */
export function shopClock(iso: string | null, day: string, zone: string | undefined) {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return `${parts.year}-${parts.month}-${parts.day}` === day ? time : `${parts.month}-${parts.day} ${time}`;
}
