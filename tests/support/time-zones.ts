// The zones the time-zone unit tests use: DST in both hemispheres, 30- and 45-minute offsets, a
// 30-minute DST (Lord Howe), west of the dateline (Apia), a skipped midnight (Havana). Their
// transition dates are checked in lib/digests/schedule.test.ts ("time-zone data these tests rely on").
export const NEW_YORK = "America/New_York";
export const BERLIN = "Europe/Berlin";
export const KOLKATA = "Asia/Kolkata";
export const KATHMANDU = "Asia/Kathmandu";
export const LORD_HOWE = "Australia/Lord_Howe";
export const APIA = "Pacific/Apia";
export const HAVANA = "America/Havana";
