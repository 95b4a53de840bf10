/**
 * A lot is expired once its expiry date lies before the tenant's today: goods may still be sold on the
 * expiry day itself. Lots without a date never expire. Dates are 'YYYY-MM-DD', so text order is day order.
 */
export function lotExpired(expirationDate: unknown, today: string): boolean {
  if (typeof expirationDate !== 'string' || expirationDate.length < 10) return false;
  return expirationDate.slice(0, 10) < today;
}
