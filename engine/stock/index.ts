export { postInbound, postOutbound, roundQty, splitAmount, toUnits, toYuan, type Balance, type Posting } from './moving-average';
export { openPeriodError, OPEN_PERIOD_MESSAGES } from './open-period';
export { lotExpired } from './expiry';
