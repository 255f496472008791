export { positiveInteger, publicUrlOf } from './config.ts';
export { delayParam, MAX_DELAY_MS, registerBasics, registerEventControls } from './controls.ts';
export { acknowledgedBy2xx, Deliverer, deliveriesSummary, doubling, type Acknowledgement, type Attempt, type DeliverableEvent, type Delivery, type DelivererOptions, type Hold, type Transmission } from './deliveries.ts';
export { runSandbox } from './main.ts';
export { fill, isLocale, LOCALES, type Locale } from './messages.ts';
export { escapeHtml, pageDocument, pageHeaders } from './page.ts';
export { BoundedMap } from './store.ts';
