// The RSS Syndication module's hint (sy:updatePeriod, sy:updateFrequency): the feed changes
// `frequency` times a `period`, so reading it more often than period/frequency finds nothing new.

const PERIOD_MINUTES: Record<string, number> = {
  hourly: 60,
  daily: 60 * 24,
  weekly: 60 * 24 * 7,
  monthly: 60 * 24 * 30,
  yearly: 60 * 24 * 365,
};

/** Minutes between updates; undefined when the period is missing or unknown. Frequency defaults to 1. */
export function syndicationMinutes(period: string | null, frequency: string | null): number | undefined {
  const minutes = PERIOD_MINUTES[period?.trim().toLowerCase() ?? ""];
  if (minutes === undefined) return undefined;
  const times = Number.parseInt(frequency?.trim() ?? "", 10);
  return Math.max(1, Math.round(minutes / (Number.isFinite(times) && times > 0 ? times : 1)));
}
