export const hour = 3_600_000;
/** A moment `offsetMs` from now, as the form sends it. */
export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let serial = 0;
/** A template with what the form requires: free, one stage of 100元, 30 days from issue, claims open now. */
export const couponForm = (fields: Record<string, unknown> = {}) => ({
  name: `测试券${++serial}`,
  kind: 1,
  stages: [{ monthOffset: 1, amount: 10_000 }],
  totalStock: 100,
  perDriverLimit: 1,
  claimStart: iso(-hour),
  claimEnd: iso(30 * 24 * hour),
  validityType: 2,
  validDays: 30,
  ...fields,
});
