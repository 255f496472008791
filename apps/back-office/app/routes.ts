import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.ts'),
  route('sign-in', 'routes/sign-in.tsx'),
  route('sign-in/code', 'routes/sign-in-code.tsx'),
  route('setup', 'routes/setup.tsx'),
  route('sign-out', 'routes/sign-out.ts'),
  layout('routes/staff-layout.tsx', [route('orders', 'routes/orders.tsx'), route('orders/:reference', 'routes/order.tsx'), route('returns', 'routes/returns.tsx'), route('audit', 'routes/audit.tsx'), route('exports', 'routes/exports.tsx'), route('exports/orders.csv', 'routes/exports-orders-csv.ts')]),
] satisfies RouteConfig;
