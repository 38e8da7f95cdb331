// How long is left until a date (docs/product.md): 'Expired' once the date has passed; otherwise
// days, or months of 30 days when more than 30 days are left. A part of a day counts as a day, as trial days do.

const DAY_MS = 86_400_000;
const DAYS_PER_MONTH = 30;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

export function formatTimeLeft(date: Date, now: Date): string {
  const ms = date.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return "Expired";
  const days = Math.ceil(ms / DAY_MS);
  if (days > DAYS_PER_MONTH) return `${plural(Math.floor(days / DAYS_PER_MONTH), "month")} left`;
  return `${plural(days, "day")} left`;
}
