/**
 * localStorage key of the offline warm-up's once-a-day mark (a date, nothing of the member): set
 * by warm-cache.ts, removed by clearOfflineData (offline-data.ts), cleared by the e2e fixture that
 * warms again.
 */
export const OFFLINE_WARMED_FLAG = 'everyhealth:offline-warmed';
