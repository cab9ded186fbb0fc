/**
 * The orders module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { holdsStock, lockOrder, transitionOrder } from './admin-orders.js';
export type { StatusChange } from './admin-orders.js';
export type { AnonymousOrderLimits } from './anonymous-limits.js';
export { countsAsCustomerSpend, customerOrderFigures } from './customer-figures.js';
export type { CustomerOrderFigures } from './customer-figures.js';
export { PaymentChargeFailed, PaymentRefundFailed } from './online-payment.js';
export { newOrderNumber } from './order-keys.js';
export { itemName, presentOrder } from './present.js';
export { planRefund, recordRefund } from './refunds.js';
export type { RefundPlan } from './refunds.js';
export type { OrderRow, PaymentAttemptRow } from './present.js';
export { ordersRoutes } from './routes.js';
export { createOrdersService, isRecipientProven } from './service.js';
export { orderFigures, recentOrders, salesByDay } from './stats.js';
export { salesReportDays, salesReportLines } from './sales-report.js';
export type { ReportDay, ReportLineGroup } from './sales-report.js';
export type { DaySales } from './stats.js';
export { hasDeliveredOrderOf } from './delivered-products.js';
export { createNewOrderAlerts } from './new-order-alerts.js';
export type { NewOrderAlerts } from './new-order-alerts.js';
export { newOrderAlertsRoutes } from './new-order-alerts-routes.js';
export { subscribeNewOrderAlerts } from './new-order-alerts-subscribers.js';
export { subscribeOrderLists } from './subscribers.js';
