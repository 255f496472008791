import type { AdminArea, AdminCallName, StaffRole } from '@shop/contract/admin';

/** The areas beyond signing in and one's own session, which every staff member has. */
type RightArea = Exclude<AdminArea, 'sign_in' | 'own'>;

/**
 * Which role may use the calls of which area (docs/adr/0033-back-office.md). The catalogue role keeps the products
 * (issue 27): their texts, prices, variants, stock and photos, sales and codes, the content pages and size charts;
 * nothing of orders, customers or staff. What delivery costs (carriers, rates, thresholds, countries sold to) is the
 * owners' and managers' to set: it changes every order's total.
 */
const RIGHTS: Record<StaffRole, readonly RightArea[]> = {
  // Only owners invite staff, change their roles and disable them.
  owner: ['orders', 'shipping', 'refunds', 'returns', 'reports', 'dashboard', 'mails', 'customers', 'reviews', 'staff', 'catalogue', 'promotions', 'delivery', 'content'],
  manager: ['orders', 'shipping', 'refunds', 'returns', 'reports', 'dashboard', 'mails', 'customers', 'reviews', 'catalogue', 'promotions', 'delivery', 'content'],
  // Fulfilment ships and takes returns in: the dashboard's work, not customers' data nor reviews nor refunds.
  fulfilment: ['orders', 'shipping', 'returns', 'dashboard'],
  customer_service: ['orders', 'refunds', 'returns', 'dashboard', 'customers', 'reviews'],
  catalogue: ['catalogue', 'promotions', 'content'],
};

/** The scripts' key (ADMIN_TOKEN) is a role of its own, narrower than any staff member's: `npm run refund`'s call only. */
export const SCRIPT_CALLS: readonly AdminCallName[] = ['refundOrder'];

export function mayUse(role: StaffRole, area: AdminArea): boolean {
  return area === 'sign_in' || area === 'own' || RIGHTS[role].includes(area);
}

/** The areas a role reaches, for the back office to show only what it may use. */
export function areasOf(role: StaffRole): AdminArea[] {
  return ['own', ...RIGHTS[role]];
}
